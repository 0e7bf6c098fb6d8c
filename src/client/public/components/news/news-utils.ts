import type { RouterOutputs } from "../../api";
import { formatClinicShortDate } from "../../../../shared/clinic-date";
import { L, T, TN } from "../../i18n";
import type { FallbackArticle } from "../../../../shared/fallback-news";

/** A public article as news.list and news.bySlug answer it (the built-in fallback articles share the shape). */
export type NewsArticle = RouterOutputs["news"]["bySlug"];

/** The built-in fallback articles, typed as public articles (the news pages' words carry them: catalogue/<language>/news.ts). */
export const fallbackList = (): NewsArticle[] => [...(TN.fallbackArticles as unknown as NewsArticle[])];

/**
 * The built-in article of a number ("/news/2"), when the article cannot be read (as the server's
 * findFallbackArticle finds it; the page reads them from its words, so no other page carries them).
 */
export const findBuiltInArticle = (slug: string): FallbackArticle | undefined =>
  /^\d+$/.test(slug)
    ? (TN.fallbackArticles as unknown as FallbackArticle[]).find((article) => article.slug === String(Number(slug)))
    : undefined;

/** An article is external when it has an externalUrl (public-site.md section 3). */
export function isExternal(article: NewsArticle): article is NewsArticle & { externalUrl: string } {
  return Boolean(article.externalUrl);
}

/** The short US date of publication in the clinic's time zone ("Jan 5, 2026"), or "Date unavailable". */
export function articleDate(article: NewsArticle): { label: string; iso: string | null } {
  const iso = toIso(article.publishedAt);
  return iso ? { label: formatClinicShortDate(new Date(iso), L.shortDate), iso } : { label: T.news.dateUnavailable, iso: null };
}

export function toIso(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * What the list shows: the public articles, or the built-in fallback articles when the list failed
 * or is empty (public-site.md sections 2, 7 and 8).
 */
export function articlesToShow(data: NewsArticle[] | undefined, failed: boolean): NewsArticle[] {
  if (failed || !Array.isArray(data) || data.length === 0) return fallbackList();
  return data;
}

/** Related articles: the list without the current article (by slug), first two kept (section 9: 2). */
export const RELATED_COUNT = 2;
export function relatedArticles(list: NewsArticle[], currentSlug: string): NewsArticle[] {
  return list.filter((article) => article.slug !== currentSlug).slice(0, RELATED_COUNT);
}
