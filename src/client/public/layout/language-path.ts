import { splitLanguagePath } from "../../../shared/languages";
import { useLocation } from "../router";
import { matchPublicRoute } from "../routes";
import type { MatchedRoute } from "../routing";
import { useStore, useStoreVersion, type ReadStore } from "../store";

/**
 * The path the language links (menu, footer) name in each language: this page's, or the home page's
 * when the page is one no language has. The server sends one 404 body for every unknown address, so
 * nothing in it may depend on the address.
 */
export function useLanguageLinksPath(): string {
  const [location] = useLocation();
  const store = useStore();
  useStoreVersion();
  return isNotFound(matchPublicRoute(location), store) ? "/" : splitLanguagePath(location).path;
}

/**
 * Whether the page is one no language has: an address outside the route table, or a service or article
 * whose read answered 404 (a built-in article's number, /news/2, has its page). Read from the store, not
 * from the page's metadata, whose words a page being navigated to may not have loaded yet.
 */
function isNotFound({ route, params }: MatchedRoute, store: ReadStore): boolean {
  if (route.path === "*") return true;
  if (typeof route.sitemap !== "object") return false;
  if (route.sitemap.each === "articles" && /^\d+$/.test(params.slug ?? "")) return false;
  const [record] = route.data(params);
  const view = record ? store.view(record) : undefined;
  return view?.status === "error" && view.error.data.httpStatus === 404;
}
