import { Seo } from "../components/Seo";

export function AboutPage() {
  return (
    <div className="container section">
      <Seo title="AboutPage" description="AboutPage" path="/" />
      <h1>AboutPage</h1>
    </div>
  );
}
