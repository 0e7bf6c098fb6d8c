import type { Context as HonoContext } from "hono";
import type { AppDeps } from "../deps";
import type { CachedBody } from "../http/public-cache";
import { respondCached } from "../http/public-cache";
import { findRedirect, readRedirectTable, type RedirectTable } from "../services/redirects";

/**
 * Old addresses at the pages (issue 39, decision 0072): where the site has no page, a redirect's old
 * address answers 301 to its target (the visitor's query string kept when the target has none), or 410
 * Gone with the not-found page for a deleted record's; any other missing page address goes to the 404
 * log. The redirects are read once per cache lifetime (emptied with the page cache by every staff
 * change, on every instance), so an unknown address costs no query; hits and misses are counted in
 * memory and written a second later (deps.addressLog).
 */
export function createRedirectAnswers(deps: AppDeps) {
  const tables = new WeakMap<CachedBody, RedirectTable>();
  const table = async (): Promise<RedirectTable> => {
    const entry = await deps.publicCache.getOrCreate("redirects", async () => ({
      body: JSON.stringify(await readRedirectTable(deps.db)),
      contentType: "application/json",
    }));
    let found = tables.get(entry);
    if (!found) {
      found = new Map(JSON.parse(entry.body.toString("utf8")) as Array<[string, { id: number; to: string | null }]>);
      tables.set(entry, found);
    }
    return found;
  };

  return {
    /** The redirect of a path the site has no page at, if any (none when the redirects cannot be read: the 404 then). */
    async lookup(pathname: string): Promise<{ id: number; to: string | null } | undefined> {
      try {
        return findRedirect(await table(), pathname);
      } catch {
        return undefined;
      }
    },

    /** 301 to the redirect's target, counted. */
    moved(c: HonoContext, redirect: { id: number; to: string }, cacheControl: string): Response {
      deps.addressLog.redirected(redirect.id);
      const search = new URL(c.req.url).search;
      const target = /[?#]/.test(redirect.to) ? redirect.to : `${redirect.to}${search}`;
      const location = target.replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
      return new Response(null, { status: 301, headers: { Location: location, "Cache-Control": cacheControl } });
    },

    /** 410 Gone: the not-found page's body with its own status, never kept by a cache. */
    gone(c: HonoContext, notFound: CachedBody, headers: Record<string, string>): Response {
      // No revalidation: the not-found body's ETag is not this answer's.
      const request = new Request(c.req.url, { headers: { "Accept-Encoding": c.req.header("accept-encoding") ?? "" } });
      const response = respondCached(request, { ...notFound, status: 410 }, "no-store");
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    },

    /** A missing page address for the 404 log: the path only, and the referrer's domain (the log keeps no more). */
    missed(c: HonoContext, pathname: string): void {
      deps.addressLog.notFound(pathname, c.req.header("referer"));
    },
  };
}
