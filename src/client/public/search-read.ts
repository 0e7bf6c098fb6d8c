import type { LanguageCode } from "../../shared/languages";
import type { PublicQuery, RouterOutputs } from "./api";

/**
 * The search page's read (issue 39): a page of results for the words of its address, in the page's
 * language. Kept out of api.ts (which every page carries): only the search page and the server's
 * render of it (src/server/site/ssr/render.tsx) make it, with the same key.
 */
export function searchRead(q: string, page: number, lang: LanguageCode): PublicQuery<RouterOutputs["search"]["query"]> {
  return { queryKey: ["search.query", { q, page, lang }] };
}
