import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ServicesScreen() {
  return <PageHeader title="ServicesScreen" />;
}
