import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ContactScreen() {
  return <PageHeader title="ContactScreen" />;
}
