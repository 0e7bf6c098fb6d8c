import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function AccountScreen() {
  return <PageHeader title="AccountScreen" />;
}
