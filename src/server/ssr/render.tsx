import { dehydrate, type DehydratedState, type QueryClient } from "@tanstack/react-query";
import { createTRPCClient, unstable_localLink } from "@trpc/client";
import { renderToString } from "react-dom/server";
import { stringifyForHtml, transformer } from "../../shared/transformer";
import { createQueryClient } from "../../client/lib/query-client";
import { errorStatus, type PublicClient } from "../../client/public/api";
import { PublicRoot } from "../../client/public/app";
import type { PostedContactForm } from "../../client/public/site-context";
import { LAYOUT_DATA, matchPublicRoute } from "../../client/public/routes";
import { loadPage, readerOf } from "../../client/public/routing";
import { createContextInner } from "../context";
import type { AppDeps } from "../deps";
import { appRouter, type AppRouter } from "../routers";
import type { PublicAssets } from "./assets";

/** Where a rendered contact page takes the form token (filled per answer; the cache holds the slot). */
export const FORM_TOKEN_SLOT = "__FORM_TOKEN_SLOT__";

/** The server renders in English; the browser applies a saved language choice after hydration. */
const SERVER_LOCALE = "en_US";

/**
 * Server rendering of a public page, from its entry in the route table: the route's data is loaded
 * through the same typed client the browser uses (here linked to the procedures in-process), the whole
 * <html> document is rendered (React hoists the route's <title> and <meta> into <head>), and the data
 * is embedded for hydration. The status follows the route's metadata: 404 for a page that is not
 * found, 503 when the database failed.
 */
export async function renderPublicPage(
  deps: AppDeps,
  pathname: string,
  assets: PublicAssets,
  /** The inquiry form as a plain post left it (POST /contact without JavaScript): rendered into the form. */
  contactForm?: PostedContactForm,
): Promise<{ status: number; html: string }> {
  const matched = matchPublicRoute(pathname);
  const { route, params } = matched;
  const queryClient = createQueryClient();
  const api = inProcessClient(deps);
  await Promise.all([
    loadPage(route),
    ...[...LAYOUT_DATA(), ...route.data(params)].map((query) => queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: () => query.run(api) })),
  ]);

  const databaseFailed = publicErrorsOnly(queryClient);
  const meta = route.meta(params, readerOf(queryClient), { locale: SERVER_LOCALE });
  const status = databaseFailed ? 503 : meta?.notFound ? 404 : 200;
  const state = withoutClockTimes(dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== "pending" }));
  // The contact page carries the inquiry form's token: the cached page holds a slot that every answer
  // fills with a fresh token (src/server/web.ts), so the form's fill time counts from this visit.
  const site = { origin: deps.config.publicOrigin, year: new Date().getFullYear(), ...(route.key === "contact" ? { formToken: FORM_TOKEN_SLOT, ...(contactForm ? { contactForm } : {}) } : {}) };

  const body = renderToString(<PublicRoot queryClient={queryClient} site={site} ssrPath={pathname} />);
  const data = stringifyForHtml({ site, state });
  const html = `<!DOCTYPE html>${body}`
    .replace("</head>", `${assets.entry.head}${assets.pageHead(route.page.module)}</head>`)
    .replace("</body>", `<script id="__APP_DATA__" type="application/json">${data}</script>${assets.entry.bodyEnd}</body>`);
  return { status, html };
}

/** The browser's typed client, linked to the procedures in-process (the same procedures /trpc runs). */
function inProcessClient(deps: AppDeps): PublicClient {
  return createTRPCClient<AppRouter>({
    links: [unstable_localLink({ router: appRouter, transformer, createContext: async () => createContextInner({ deps, ip: "ssr" }) })],
  });
}

/**
 * Failed reads go to the page as their public message only (the error formatter's; never a stack,
 * never SQL). Returns whether one failed for the database (a 5xx).
 */
function publicErrorsOnly(queryClient: QueryClient): boolean {
  let databaseFailed = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== "error") continue;
    if (errorStatus(query.state.error) >= 500) databaseFailed = true;
    query.setState({ error: new Error(query.state.error?.message) });
  }
  return databaseFailed;
}

/**
 * The page's data without the moments it was read (dataUpdatedAt, errorUpdatedAt, dehydratedAt): a page
 * rendered again from the same data is then the same bytes, so its ETag holds and a browser's
 * revalidation after the cache's expiry still answers 304. The browser never refetches on these times
 * (staleTime is Infinity; a fresh client has nothing newer to compare them with).
 */
function withoutClockTimes(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}
