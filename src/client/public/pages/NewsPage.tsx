import { publicQueries, usePublicQuery } from "../api";
import { CardSkeletons } from "../components/Skeleton";
import { useToast } from "../components/Toast";
import { NewsCard } from "../components/news/NewsCard";
import { articlesToShow } from "../components/news/news-utils";
import { T } from "../text";
import { TN } from "../text-news";
import "../styles/pages-news.css";

/** Number of placeholder cards while the list loads (public-site.md section 9). */
const SKELETON_COUNT = 6;

/**
 * News list (/news), public-site.md sections 2, 4 and 8: loading (6 skeletons), loaded, empty (the
 * built-in fallback articles) and failed (the fallback articles under an error message with a Refresh
 * Page button). Load More Articles fetches nothing: every published article is already on the page.
 */
export function NewsPage() {
  const query = usePublicQuery(publicQueries.news());
  const { toast } = useToast();
  const failed = query.isError;
  const articles = query.isPending ? [] : articlesToShow(query.data, failed);

  return (
    <>
      <section className="section news-list-page" aria-labelledby="news-heading">
        <div className="container">
          <header className="section-head news-head">
            <span className="eyebrow">{TN.list.eyebrow}</span>
            <h1 id="news-heading">{T.news.heading}</h1>
            <p className="lead">{T.news.intro}</p>
          </header>

          {failed ? (
            <div className="notice notice--error news-error" role="alert">
              <p>{T.news.loadError}</p>
              <button type="button" className="btn btn-outline btn-sm news-refresh" onClick={() => window.location.reload()}>
                {T.news.refreshPage}
              </button>
            </div>
          ) : null}

          {query.isPending ? (
            <CardSkeletons count={SKELETON_COUNT} label={TN.list.loading} />
          ) : articles.length === 0 ? (
            <p className="notice news-empty">{T.news.empty}</p>
          ) : (
            <>
              <ul className="grid grid--3 news-grid" aria-label={TN.list.articlesLabel}>
                {articles.map((article) => (
                  <li key={article.slug}>
                    <NewsCard article={article} />
                  </li>
                ))}
              </ul>
              <div className="news-more">
                <button type="button" className="btn btn-outline" onClick={() => toast({ title: T.news.allLoaded })}>
                  {T.news.loadMore}
                </button>
              </div>
            </>
          )}
        </div>
      </section>
    </>
  );
}
