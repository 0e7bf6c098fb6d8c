import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function TeamScreen() {
  return <PageHeader title="TeamScreen" />;
}
