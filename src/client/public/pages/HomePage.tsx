import { Seo } from "../components/Seo";

export function HomePage() {
  return (
    <div className="container section">
      <Seo title="HomePage" description="HomePage" path="/" />
      <h1>HomePage</h1>
    </div>
  );
}
