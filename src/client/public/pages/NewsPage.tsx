import { useState } from "react";
import { NEWS_PAGE_SIZE } from "../../../shared/news-paging";
import { publicQueries } from "../api";
import { usePublicQuery, useStore } from "../store";
import { CardSkeletons } from "../components/Skeleton";
import { useToast } from "../components/Toast";
import { NewsCard } from "../components/news/NewsCard";
import { articlesToShow, type NewsArticle } from "../components/news/news-utils";
import { usePageContent } from "../data";
import "../styles/pages-news.css";
import { D, T, TN } from "../i18n";

/** Number of placeholder cards while the list loads (public-site.md section 9). */
const SKELETON_COUNT = 6;

/**
 * News list (/news), public-site.md sections 2, 4 and 8: loading (6 skeletons), loaded, empty (the
 * built-in fallback articles) and failed (the fallback articles under an error message with a Refresh
 * Page button). The server renders the first 12; Load More Articles reads the next 12 and adds them,
 * and says "All articles have been loaded." once nothing is left (at once when everything fits on the
 * first page).
 */
export function NewsPage() {
  const query = usePublicQuery(publicQueries.newsPage(1, NEWS_PAGE_SIZE));
  const store = useStore();
  const { toast } = useToast();
  const [more, setMore] = useState<NewsArticle[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const failed = query.isError;
  const articles = query.isPending ? [] : [...articlesToShow(query.data?.items, failed), ...more];
  const total = query.data?.total ?? 0;
  const { show: showHero } = usePageContent("newsHero", D.NEWS_HERO);
  const { fields: list, lang: listLang } = usePageContent("newsList", D.NEWS_LIST);

  const loadMore = async () => {
    const shown = (query.data?.items.length ?? 0) + more.length;
    if (failed || shown >= total) {
      toast({ title: T.news.allLoaded });
      return;
    }
    setLoadingMore(true);
    try {
      const next = await store.fetch(publicQueries.newsPage(Math.floor(shown / NEWS_PAGE_SIZE) + 1, NEWS_PAGE_SIZE));
      // An article published meanwhile shifts the pages: keep each article once.
      const known = new Set(articles.map((article) => article.slug));
      setMore((current) => [...current, ...next.items.filter((article) => !known.has(article.slug))]);
    } catch {
      toast({ title: T.news.loadError, variant: "error" });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section className="section news-list-page" aria-labelledby="news-heading">
      <div className="container">
        <header className="section-head news-head">
          {showHero("span", "eyebrow", { className: "eyebrow" })}
          {showHero("h1", "title", { id: "news-heading" })}
          {showHero("p", "intro", { className: "lead" })}
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
              {articles.map((article, index) => (
                <li key={article.slug}>
                  <NewsCard article={article} eager={index < 3} />
                </li>
              ))}
            </ul>
            <div className="news-more">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void loadMore()}
                aria-busy={loadingMore || undefined}
                disabled={loadingMore}
                lang={listLang("loadMore")}
              >
                {list.loadMore}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
