import { Seo } from "../components/Seo";

export function ContactPage() {
  return (
    <div className="container section">
      <Seo title="ContactPage" description="ContactPage" path="/" />
      <h1>ContactPage</h1>
    </div>
  );
}
