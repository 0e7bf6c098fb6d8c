import { publicQueries, usePublicQuery } from "../api";
import { Seo } from "../components/Seo";

export function ServiceDetailPage({ slug = "" }: { slug?: string }) {
  const query = usePublicQuery(publicQueries.service(slug));
  return (
    <div className="container section">
      <Seo title={query.data?.title ?? "Service"} description="x" path={`/services/${slug}`} />
      <h1>{query.data?.title ?? "Service Not Found"}</h1>
    </div>
  );
}
