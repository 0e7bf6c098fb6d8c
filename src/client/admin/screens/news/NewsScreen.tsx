import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function NewsScreen() {
  return <PageHeader title="NewsScreen" />;
}
