/**
 * The search page's address (issue 39): /search?q=<words>&page=<n>, in each language (/es/search,
 * /zh/search), as the header's form sends it without JavaScript. The server and the page read it the
 * same way, so the page hydrates with what the server rendered. The words are only ever in the
 * address: never kept (docs/decisions/0073-site-search.md).
 */
export const SEARCH_PATH = "/search";

export interface SearchAddress {
  q: string;
  page: number;
}

/** The words and the page an address asks for: the words trimmed (blank: none), the page a whole number from 1 (else 1). */
export function readSearchAddress(params: URLSearchParams): SearchAddress {
  const page = Number(params.get("page") ?? "1");
  return { q: (params.get("q") ?? "").trim(), page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1 };
}

/** The address of a page of results (the first page without `page`). */
export function searchHref(q: string, page: number): string {
  return `${SEARCH_PATH}?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ""}`;
}
