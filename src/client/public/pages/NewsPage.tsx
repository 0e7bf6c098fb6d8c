import { Seo } from "../components/Seo";

export function NewsPage() {
  return (
    <div className="container section">
      <Seo title="NewsPage" description="NewsPage" path="/" />
      <h1>NewsPage</h1>
    </div>
  );
}
