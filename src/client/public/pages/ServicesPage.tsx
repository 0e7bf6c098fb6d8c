import { Seo } from "../components/Seo";

export function ServicesPage() {
  return (
    <div className="container section">
      <Seo title="ServicesPage" description="ServicesPage" path="/" />
      <h1>ServicesPage</h1>
    </div>
  );
}
