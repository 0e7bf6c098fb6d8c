import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ActivityScreen() {
  return <PageHeader title="ActivityScreen" />;
}
