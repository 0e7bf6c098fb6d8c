import { Seo } from "../components/Seo";

export function NotFoundPage() {
  return (
    <div className="container section">
      <Seo title="NotFoundPage" description="NotFoundPage" path="/" />
      <h1>NotFoundPage</h1>
    </div>
  );
}
