import { publicQueries, usePublicQuery } from "../api";
import { Seo } from "../components/Seo";

export function NewsArticlePage({ slug = "" }: { slug?: string }) {
  const query = usePublicQuery(publicQueries.article(slug));
  return (
    <div className="container section">
      <Seo title={query.data?.title ?? "Article"} description="x" path={`/news/${slug}`} />
      <h1>{query.data?.title ?? "Article Not Found"}</h1>
    </div>
  );
}
