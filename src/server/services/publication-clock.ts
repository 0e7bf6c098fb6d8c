import { and, eq, gt, min } from "drizzle-orm";
import { newsArticles } from "../db/schema";
import type { AppDeps } from "../deps";
import { logTaskError } from "../log";

/** setTimeout's longest wait; a later article is looked at again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/** Fired this long after the moment, so the pages rendered then already count the article as published. */
const AFTER_MS = 5;

/**
 * Exact scheduled publishing: a published article whose publishedAt is still to come appears on the
 * list, its page, the sitemap and the JSON at that moment, not when the cache next expires. Each
 * instance keeps a timer for the next such moment and empties its own public cache when it comes
 * (every instance sees the moment for itself: no message needed); any change re-arms the timer.
 * Answers a function that stops it.
 */
export function startPublicationClock(deps: AppDeps): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = async () => {
    const [row] = await deps.db
      .select({ next: min(newsArticles.publishedAt) })
      .from(newsArticles)
      .where(and(eq(newsArticles.isPublished, true), gt(newsArticles.publishedAt, new Date())));
    clearTimeout(timer);
    if (stopped || !row?.next) return;
    const wait = Math.min(LONGEST_WAIT_MS, Math.max(0, row.next.getTime() - Date.now()) + AFTER_MS);
    timer = setTimeout(() => {
      // A scheduled article's moment: every instance sees it for itself, so this empties here only.
      deps.cacheBus.changedHere();
    }, wait);
    timer.unref();
  };
  const rearm = () => void arm().catch((error) => logTaskError("publication-clock", error));
  const unsubscribe = deps.cacheBus.onChange(rearm);
  rearm();
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
  };
}
