import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function UsersScreen() {
  return <PageHeader title="UsersScreen" />;
}
