import { dehydrate } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { stringifyForHtml } from "../../shared/transformer";
import { findFallbackArticle } from "../../shared/fallback-news";
import { createQueryClient } from "../../client/lib/query-client";
import type { PublicQuery } from "../../client/public/api";
import { PublicRoot } from "../../client/public/app";
import { matchPublicRoute, queriesFor, type MatchedRoute } from "../../client/public/routes";
import { createContextInner } from "../context";
import type { AppDeps } from "../deps";
import { describeError } from "../errors";
import { createCaller } from "../routers";
import { PAGE_MODULES } from "../../client/public/pages/registry";
import type { PublicAssets } from "./assets";
import { serverPageSource } from "./pages";

/** Where a rendered contact page takes the form token (filled per answer; the cache holds the slot). */
export const FORM_TOKEN_SLOT = "__FORM_TOKEN_SLOT__";

/**
 * Server rendering of a public page: the route's data is loaded through the same procedures the
 * browser calls, the whole <html> document is rendered (React hoists each page's <title> and <meta>
 * into <head>), and the data is embedded for hydration. Unknown paths, services and articles answer 404.
 */
export async function renderPublicPage(deps: AppDeps, pathname: string, assets: PublicAssets): Promise<{ status: number; html: string }> {
  const route = matchPublicRoute(pathname);
  const queryClient = createQueryClient();
  const caller = createCaller(createContextInner({ deps, ip: "ssr" }));
  await Promise.all(
    queriesFor(route).map((query) =>
      queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: () => callByPath(caller, query) }),
    ),
  );

  let databaseFailed = false;
  // Errors go to the page as their public message only: never a stack, never SQL.
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== "error") continue;
    const described = describeError(query.state.error);
    if (described.status >= 500) databaseFailed = true;
    query.setState({ error: new Error(described.body.message) });
  }

  const status = databaseFailed ? 503 : statusFor(route, queryClient);
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== "pending" });
  // The contact page carries the inquiry form's token: the cached page holds a slot that every answer
  // fills with a fresh token (src/server/web.ts), so the form's fill time counts from this visit.
  const site = { origin: deps.config.publicOrigin, year: new Date().getFullYear(), ...(route.key === "contact" ? { formToken: FORM_TOKEN_SLOT } : {}) };

  const body = renderToString(
    <PublicRoot queryClient={queryClient} site={site} pages={serverPageSource} ssrPath={pathname} />,
  );
  const data = stringifyForHtml({ site, state });
  const html = `<!DOCTYPE html>${body}`
    .replace("</head>", `${assets.entry.head}${assets.pageHead(PAGE_MODULES[route.key])}</head>`)
    .replace("</body>", `<script id="__APP_DATA__" type="application/json">${data}</script>${assets.entry.bodyEnd}</body>`);
  return { status, html };
}

/** The procedure a descriptor names, called in-process (the same procedure /trpc would run). */
function callByPath(caller: ReturnType<typeof createCaller>, query: PublicQuery<unknown>): Promise<unknown> {
  const [namespace, name] = query.path.split(".") as [string, string];
  const procedures = caller as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
  return procedures[namespace]![name]!(query.input);
}

function statusFor(route: MatchedRoute, queryClient: ReturnType<typeof createQueryClient>): number {
  const failed = (path: string[]) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: [path.join(".")] })
      .some((query) => query.state.status === "error");
  if (route.key === "notFound") return 404;
  if (route.key === "service" && failed(["services", "bySlug"])) return 404;
  if (route.key === "article" && failed(["news", "bySlug"]) && !findFallbackArticle(route.params.slug ?? "")) return 404;
  return 200;
}
