import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ImagesScreen() {
  return <PageHeader title="ImagesScreen" />;
}
