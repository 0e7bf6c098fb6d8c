import { createTRPCUntypedClient, unstable_localLink } from "@trpc/client";
import { renderToString } from "preact-render-to-string";
import { stringifyForHtml, transformer } from "../../../shared/transformer";
import type { ReadRunner } from "../../../client/public/api";
import { PublicRoot } from "../../../client/public/app";
import type { PostedBookingForm, PostedContactForm } from "../../../client/public/site-context";
import { LAYOUT_DATA, matchPublicRoute } from "../../../client/public/routes";
import { loadPage, readerOf } from "../../../client/public/routing";
import { ReadStore } from "../../../client/public/store";
import { createContextInner, type Context } from "../../context";
import type { AppDeps } from "../../deps";
import { appRouter, type AppRouter } from "../../routers";
import { wordModules, type PublicAssets } from "./assets";
import { brandHeadTags } from "./brand-head";
import { structuredDataTags } from "./structured-data";
import { headerSearchForm } from "./header-search";
import { searchRead } from "../../../client/public/search-read";
import { splitLanguagePath } from "../../../shared/languages";
import { applyCatalogue, pageLanguage } from "../../../client/public/i18n";
import { collectHead } from "../../../client/public/head";
import { CATALOGUES } from "../../../client/public/catalogue/all";

/** Where a rendered contact page takes the form token (filled per answer; the cache holds the slot). */
export const FORM_TOKEN_SLOT = "__FORM_TOKEN_SLOT__";

/**
 * Server rendering of a public page, from its entry in the route table: the route's reads (the same
 * descriptors the browser sends to /trpc) run in-process into a store, the page's body is rendered
 * with Preact (decisions/0070) into the document, with the <title>, <meta> and preloads the render asked
 * for in <head> (client/public/head.ts), and the data is embedded for hydration. The status follows the route's metadata: 404 for a page that is not
 * found, 503 when the database failed.
 */
export async function renderPublicPage(
  deps: AppDeps,
  pathname: string,
  assets: PublicAssets,
  options: {
    /** The inquiry form as a plain post left it (POST /contact without JavaScript): rendered into the form. */
    contactForm?: PostedContactForm;
    /** The contact page with a service chosen (/contact?service=<slug>: a known service's slug). */
    bookService?: string;
    /** The Book page's form as a plain post left it. */
    bookingForm?: PostedBookingForm;
    /**
     * A signed-in staff member's request context: the page is a preview, its article read as staff
     * (a draft or scheduled article shows, under a "Preview: not public" banner). Never cached.
     */
    preview?: Context;
    /** The search page's words and page (/search?q=&page=, issue 39): read for this answer only, never cached. */
    search?: { q: string; page: number };
  } = {},
): Promise<{ status: number; html: string }> {
  const { contactForm, bookService, bookingForm, preview } = options;
  const matched = matchPublicRoute(pathname);
  const { route, params } = matched;
  // The search page's reads take the words of its address as parameters (the path has none).
  const search = route.key === "search" ? (options.search ?? { q: "", page: 1 }) : undefined;
  // The page's language is its address's (issue 27). Its catalogue is applied while the page's reads
  // are built and again right before it renders: both run synchronously, so no other page's render
  // comes in between (i18n.ts).
  const { language } = splitLanguagePath(pathname);
  const searchReads = search?.q ? [searchRead(search.q, search.page, language)] : [];
  const inLanguage = () => applyCatalogue(language, CATALOGUES[language]);
  inLanguage();
  const store = new ReadStore(inProcessReads(deps, preview));
  await Promise.all([
    loadPage(route),
    ...[...LAYOUT_DATA(), ...route.data(params), ...searchReads].map((query) => store.fetch(query).catch(() => {})),
  ]);
  inLanguage();

  // A failed read reaches the page as its public message only (the error formatter's; never a stack,
  // never SQL); one that failed for the database (a 5xx) makes the page a 503.
  const reads = store.snapshot();
  const databaseFailed = reads.some(([, answer]) => "error" in answer && answer.error.httpStatus >= 500);
  const meta = route.meta(params, readerOf(store));
  const status = databaseFailed ? 503 : meta?.notFound ? 404 : 200;
  // The contact page carries the inquiry form's token: the cached page holds a slot that every answer
  // fills with a fresh token (src/server/site/web.ts), so the form's fill time counts from this visit.
  const site = {
    origin: deps.config.publicOrigin,
    year: new Date().getFullYear(),
    words: assets.wordFiles(language),
    ...(route.key === "contact"
      ? { formToken: FORM_TOKEN_SLOT, ...(contactForm ? { contactForm } : {}), ...(bookService ? { bookService } : {}) }
      : {}),
    ...(search ? { search } : {}),
    // The Book page's form carries the same token (never cached: its times change as they are booked).
    ...(route.key === "book" ? { formToken: FORM_TOKEN_SLOT, ...(bookingForm ? { bookingForm } : {}) } : {}),
  };

  let body: string;
  let pageHead: string;
  let lang: string;
  let structured: string;
  let brand: string;
  try {
    ({ result: body, head: pageHead } = collectHead(() => renderToString(<PublicRoot store={store} site={site} ssrPath={pathname} />)));
    lang = pageLanguage().tag;
    structured = structuredDataTags(matched, readerOf(store), deps.config.publicOrigin, language);
    brand = brandHeadTags(readerOf(store));
  } finally {
    // Between renders the server's words are English (what a read built outside a page names, a test's say).
    applyCatalogue("en", CATALOGUES.en);
  }
  const data = stringifyForHtml({ site, reads });
  // Replacers are functions: a string replacement reads "$&", "$`", "$'" in staff text as patterns (issue 34).
  const html =
    `<!DOCTYPE html>${documentStart(lang, pageHead)}${structured}${assets.head(route.page.module)}${brand}</head>` +
    `<body>${headerSearchForm(language)}<div id="app">${body}</div>` +
    `<script id="__APP_DATA__" type="application/json">${data}</script>${assets.bodyEnd(route.page.module, wordModules(language, route.words))}</body></html>`;
  return { status, html };
}

/**
 * The document's start, up to what the server adds to <head>: the page's language, the fixed tags, and
 * the page's own (its title, description, share tags and preloads). Tests that render a page as the
 * browser does compare its body (`<div id="app">`) and this.
 */
export function documentStart(lang: string, pageHead: string): string {
  return (
    `<html lang="${lang}"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    `<meta name="theme-color" content="#0a3f44"/>${pageHead}`
  );
}

/** The public reads a staff preview makes as staff instead. */
const PREVIEW_READS: Record<string, string> = { "news.bySlug": "news.preview", "services.bySlug": "services.preview" };

/**
 * The reads run in-process through tRPC's local link: the same procedures, middleware and error
 * formatter /trpc runs, so a failure carries the same public message and status as over HTTP.
 */
function inProcessReads(deps: AppDeps, preview?: Context): ReadRunner {
  const client = createTRPCUntypedClient<AppRouter>({
    links: [
      unstable_localLink({ router: appRouter, transformer, createContext: async () => preview ?? createContextInner({ deps, ip: "ssr" }) }),
    ],
  });
  // A preview reads the article or the service as staff (news.preview finds drafts and scheduled
  // articles, services.preview draft services), under the public read's key, so the page renders and
  // hydrates as it does for a published one.
  return (path, input) => client.query((preview && PREVIEW_READS[path]) || path, input ?? undefined);
}
