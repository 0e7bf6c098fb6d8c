import { PageHeader } from "../../components/PageHeader";

/** Placeholder until this screen is built. */
export default function ArticleEditorScreen() {
  return <PageHeader title="ArticleEditorScreen" />;
}
