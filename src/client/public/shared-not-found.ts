import type { MatchedRoute } from "./routing";
import type { StoreSnapshot } from "./store";

/**
 * The server answers every unknown path with one rendered 404 body, every unknown service with one,
 * and every unknown article with one (so made-up paths neither fill its page cache nor cost a render
 * each). Those bodies are rendered for the paths below and must not depend on the path asked for.
 *
 * The service and article bodies embed their failed read under NOT_FOUND_SLUG, which no service or
 * article can have (slugs are lowercase letters, digits and hyphens). In the browser that read is the
 * one of the slug in the address bar: `adoptSharedNotFound` re-keys it before hydration, so the page
 * finds its failed read and renders the same Not Found card the server sent.
 */
export const NOT_FOUND_SLUG = "not_found";

export const SHARED_NOT_FOUND = {
  page: { cacheKey: "html:404", path: "/404" },
  service: { cacheKey: "html:404:service", path: `/services/${NOT_FOUND_SLUG}` },
  article: { cacheKey: "html:404:article", path: `/news/${NOT_FOUND_SLUG}` },
} as const;

export function adoptSharedNotFound(snapshot: StoreSnapshot, route: MatchedRoute): StoreSnapshot {
  const slug = route.params.slug;
  if (slug === undefined || slug === NOT_FOUND_SLUG) return snapshot;
  return snapshot.map(([queryKey, answer]) => {
    const [path, input] = queryKey;
    if (!input || typeof input !== "object" || (input as { slug?: unknown }).slug !== NOT_FOUND_SLUG) return [queryKey, answer];
    return [[path, { ...input, slug }], answer];
  });
}
