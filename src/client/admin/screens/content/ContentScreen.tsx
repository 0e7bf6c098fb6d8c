import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ContentScreen() {
  return <PageHeader title="ContentScreen" />;
}
