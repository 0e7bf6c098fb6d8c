import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ServiceEditorScreen() {
  return <PageHeader title="ServiceEditorScreen" />;
}
