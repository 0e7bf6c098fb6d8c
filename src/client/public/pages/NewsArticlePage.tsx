import { usePageContent } from "../data";
import { withFallbackBody } from "../../../shared/fallback-news-content";
import { publicQueries } from "../api";
import { usePublicQuery } from "../store";
import { AppLink } from "../components/AppLink";
import { BookingButtons } from "../components/BookingButtons";
import { Icon } from "../components/Icon";
import { StatusCard } from "../components/StatusCard";
import { CardSkeletons, SkeletonLines } from "../components/Skeleton";
import { NewsBadge, NewsCard, NewsThumbnail } from "../components/news/NewsCard";
import {
  articleDate,
  articlesToShow,
  findBuiltInArticle,
  isExternal,
  relatedArticles,
  RELATED_COUNT,
  type NewsArticle,
} from "../components/news/news-utils";
import type { RouteParams } from "../routing";
import "../styles/pages-news.css";
import { isPublicNow } from "../../../shared/article-visibility";
import { ARTICLE_PICTURE_SIZES } from "../../../shared/article-pictures";
import { D, T, TN, foreignLang } from "../i18n";

/**
 * News article (/news/{slug}), public-site.md sections 2, 4 and 8: a skeleton while loading; the
 * article (self-published: its HTML body, else its summary; external: the summary, a note and the
 * original source); Article Not Found when the call fails, unless the slug is the number of a built-in
 * fallback article, which is then shown as a normal article. The server answers 404 in the same cases.
 */
export function NewsArticlePage({ slug = "" }: RouteParams) {
  const query = usePublicQuery(publicQueries.article(slug));
  if (query.isPending) return <ArticleSkeleton />;
  const fallback = query.data ? undefined : findBuiltInArticle(slug);
  const article: NewsArticle | undefined = query.data ?? (fallback && withFallbackBody(fallback));
  if (!article) return <ArticleNotFound />;
  return (
    <>
      {query.data && !isPublicNow(query.data) ? <PreviewBanner /> : null}
      <ArticleView article={article} />
    </>
  );
}

/** Above a draft or scheduled article that signed-in staff open at its public address (never cached). */
function PreviewBanner() {
  return (
    <div className="preview-banner" role="status" data-testid="preview-banner">
      <div className="container">
        <strong>{TN.preview.banner}</strong> <span>{TN.preview.explain}</span>
      </div>
    </div>
  );
}

function ArticleView({ article }: { article: NewsArticle }) {
  const cta = usePageContent("newsArticleCta", D.NEWS_ARTICLE_CTA);
  const { fields: text, lang: textLang } = usePageContent("newsArticle", D.NEWS_ARTICLE);
  const sourceButtonLang = textLang("sourceButton");
  const date = articleDate(article);
  const external = isExternal(article);

  // The article's own words are marked when they are not in the page's language (no translation yet).
  const lang = foreignLang(article.language);
  return (
    <>
      <article className="news-article" aria-labelledby="article-title">
        <div className="container">
          <div className="article-column">
            <AppLink href="/news" className="link-arrow article-back" lang={textLang("backLink")}>
              <Icon name="arrowLeft" className="news-link-icon" />
              {text.backLink}
            </AppLink>

            <header className="article-header">
              <NewsThumbnail article={article} className="article-media" eager sizes={ARTICLE_PICTURE_SIZES} />
              <div className="news-meta article-badges">
                <NewsBadge article={article} />
              </div>
              <h1 id="article-title" className="article-title" lang={lang}>
                {article.title}
              </h1>
              <p className="article-byline">
                <Icon name="leaf" className="article-byline-icon" />
                <span>{T.news.byline(date.label)}</span>
              </p>
            </header>

            {external ? (
              <div className="article-external">
                <p className="article-summary" lang={lang}>
                  {article.summary}
                </p>
                <aside className="external-note" aria-label={T.news.externalArticle}>
                  <p>{T.news.externalNote}</p>
                  <a className="btn btn-teal" href={article.externalUrl} target="_blank" rel="noopener noreferrer">
                    {/* Wrapped only when marked, so the page's markup is unchanged otherwise. */}
                    {sourceButtonLang ? <span lang={sourceButtonLang}>{text.sourceButton}</span> : text.sourceButton}
                    <span className="visually-hidden"> {TN.card.opensInNewTab}</span>
                    <Icon name="external" className="news-link-icon" />
                  </a>
                </aside>
              </div>
            ) : article.content ? (
              // The server sanitises article bodies with an allowlist on save and again on the way out, and
              // offers their uploaded pictures at their variants' widths (src/shared/article-pictures.ts).
              // the article body, cleaned by the server's allowlist (src/server/services/html.ts) on save and again on the way out
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see the lines above
              <div className="prose" data-testid="article-body" lang={lang} dangerouslySetInnerHTML={{ __html: article.content }} />
            ) : (
              <div className="prose" data-testid="article-body" lang={lang}>
                <p>{article.summary}</p>
              </div>
            )}
          </div>

          <aside className="article-cta" aria-labelledby="article-cta-title">
            {cta.show("h2", "title", { id: "article-cta-title" })}
            {cta.show("p", "text")}
            <BookingButtons texts={cta} buttons={{ contactButton: "btn-light", bookButton: "btn-primary" }} />
          </aside>
        </div>
      </article>

      <RelatedArticles slug={article.slug} />
    </>
  );
}

/**
 * Up to 2 other articles: the newest ones but this one (from the first RELATED_COUNT + 1 of the list),
 * or the fallback articles when the list failed or is empty.
 */
function RelatedArticles({ slug }: { slug: string }) {
  const query = usePublicQuery(publicQueries.newsPage(1, RELATED_COUNT + 1));
  const { show } = usePageContent("newsArticle", D.NEWS_ARTICLE);
  const related = query.isPending ? [] : relatedArticles(articlesToShow(query.data?.items, query.isError), slug);
  if (!query.isPending && related.length === 0) return null;
  return (
    <section className="section section--sand related-articles" aria-labelledby="related-title">
      <div className="container related-container">
        {show("h2", "relatedTitle", { id: "related-title", className: "related-title" })}
        {query.isPending ? (
          <CardSkeletons count={RELATED_COUNT} className="grid grid--2" label={TN.article.relatedLoading} />
        ) : (
          <ul className="grid grid--2 news-grid">
            {related.map((item) => (
              <li key={item.slug}>
                <NewsCard article={item} headingLevel="h3" compact />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ArticleSkeleton() {
  return (
    <div className="article-pad">
      <div className="container">
        <div className="article-column" role="status" aria-busy="true" aria-label={TN.article.loading} data-testid="article-skeleton">
          <div className="skeleton skeleton-line" style={{ width: "8rem" }} />
          <div className="skeleton skeleton-media article-skeleton-media" />
          <div className="skeleton skeleton-line" style={{ width: "9rem" }} />
          <div className="skeleton skeleton-title" style={{ height: 36, width: "85%" }} />
          <div className="skeleton skeleton-line" style={{ width: "45%" }} />
          <SkeletonLines count={3} />
        </div>
      </div>
    </div>
  );
}

/** The same for every unknown slug (the server renders it once for all of them): no path in it. */
function ArticleNotFound() {
  const { fields: text, lang } = usePageContent("newsArticle", D.NEWS_ARTICLE);
  return (
    <section className="section">
      <div className="container">
        <StatusCard
          title={T.news.notFoundTitle}
          text={T.news.notFoundText}
          href="/news"
          linkLang={lang("backLink")}
          link={
            <>
              <Icon name="arrowLeft" className="news-link-icon" />
              {text.backLink}
            </>
          }
        />
      </div>
    </section>
  );
}
