import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function SocialMediaScreen() {
  return <PageHeader title="SocialMediaScreen" />;
}
