import { useId } from "react";
import { AppLink } from "../AppLink";
import { Icon } from "../Icon";
import { SmartImage } from "../SmartImage";
import { articleDate, isExternal, type NewsArticle } from "./news-utils";
import { T, TN, foreignLang } from "../../i18n";

/** News page cards: .grid--3 (one column, two from 640px, three from 1024px; see SmartImage's `sizes`). */
const NEWS_CARD_SIZES =
  "(min-width: 1200px) 363px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 768px) calc((100vw " +
  "- 88px) / 2), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 40px)";
/** Related articles: .grid--2 in .related-container (at most 980px of content: pages-news.css). */
const RELATED_CARD_SIZES =
  "(min-width: 1044px) 478px, (min-width: 768px) calc((100vw - 88px) / 2), (min-width: 640px) calc((100vw - 64px) / 2), calc(100vw - 40px)";

/**
 * One article card (news list and Related Articles): thumbnail or "No image available", the External
 * Article or brand News badge, the date, title, summary and one link. The link stretches over the whole
 * card, so the card is one large tap target and one stop in the tab order.
 */
export function NewsCard({
  article,
  headingLevel = "h2",
  compact = false,
  eager = false,
}: {
  article: NewsArticle;
  headingLevel?: "h2" | "h3";
  /** Related Articles: the summary is cut to two lines. */
  compact?: boolean;
  /** The first row of the news list: its picture is the page's largest paint, so it is not lazy. */
  eager?: boolean;
}) {
  const titleId = useId();
  const Heading = headingLevel;
  const date = articleDate(article);
  return (
    <article className={`card news-card${compact ? " news-card--compact" : ""}`} data-testid="news-card">
      <NewsThumbnail article={article} className="news-card-media" eager={eager} sizes={compact ? RELATED_CARD_SIZES : NEWS_CARD_SIZES} />
      <div className="card-body news-card-body">
        <div className="news-meta">
          <NewsBadge article={article} />
          {date.iso ? (
            <time className="news-date" dateTime={date.iso}>
              {date.label}
            </time>
          ) : (
            <span className="news-date">{date.label}</span>
          )}
        </div>
        <Heading className="news-card-title" id={titleId} lang={foreignLang(article.language)}>
          {article.title}
        </Heading>
        <p className="news-card-summary" lang={foreignLang(article.language)}>
          {article.summary}
        </p>
        <div className="news-card-action">
          {isExternal(article) ? (
            <a
              className="link-arrow news-card-link"
              href={article.externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={titleId}
            >
              {T.news.viewExternalSource}
              <span className="visually-hidden"> {TN.card.opensInNewTab}</span>
              <Icon name="external" className="news-link-icon" />
            </a>
          ) : (
            <AppLink className="link-arrow news-card-link" href={`/news/${encodeURIComponent(article.slug)}`} aria-describedby={titleId}>
              {T.news.readFullArticle}
              <Icon name="arrowRight" className="news-link-icon" />
            </AppLink>
          )}
        </div>
      </div>
    </article>
  );
}

/** "External Article" or the brand plus " News". */
export function NewsBadge({ article }: { article: NewsArticle }) {
  return isExternal(article) ? (
    <span className="badge badge--external">{T.news.externalArticle}</span>
  ) : (
    <span className="badge">{T.news.brandNews}</span>
  );
}

/** The article's image (the placeholder if it fails to load), or the "No image available" box. */
export function NewsThumbnail({
  article,
  className = "",
  eager = false,
  sizes,
}: {
  article: NewsArticle;
  className?: string;
  eager?: boolean;
  /** How wide the card or page draws it (see SmartImage's `sizes`). */
  sizes: string;
}) {
  return (
    <div className={`media ${className}`}>
      {article.thumbnailUrl ? (
        <SmartImage
          src={article.thumbnailUrl}
          upload={article.thumbnailSize}
          sizes={sizes}
          alt={article.thumbnailAlt || article.title}
          width={1200}
          height={800}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      ) : (
        <div className="no-image news-no-image">
          <Icon name="sparkle" className="news-no-image-icon" />
          <span>{T.news.noImage}</span>
        </div>
      )}
    </div>
  );
}
