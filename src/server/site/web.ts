import { findFallbackArticle } from "../../shared/fallback-news";
import { DEFAULT_CLINIC } from "../../shared/clinic";
import { getClinic } from "../services/settings";
import { matchPublicRoute, PUBLIC_ROUTES } from "../../client/public/routes";
import { storedImageName } from "../../shared/image-variants";
import { CONTENT_PREVIEW_PARAM, CONTENT_PREVIEW_VALUE } from "../../shared/content-preview";
import { fillPath } from "../../client/public/routing";
import { LANGUAGE_CODES, LANGUAGES, localizedPath, splitLanguagePath, type LanguageCode } from "../../shared/languages";
import { languagesOfEach } from "../services/translated-reads";
import { currentLegalText } from "../services/legal-texts";
import type { LegalKind } from "../../shared/legal";
import { SHARED_NOT_FOUND } from "../../client/public/shared-not-found";
import { gzipSync } from "node:zlib";
import type { Context as HonoContext, Hono } from "hono";
import type { WebHandlers } from "../http/app";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { errors, HTTP_MESSAGES } from "../errors";
import { CLIENT_DIST_DIR, CLIENT_PUBLIC_DIR } from "../paths";
import { respondCached, type CachedBody } from "../http/public-cache";
import {
  ADMIN_ENTRY,
  bareAssets,
  devEntryAssets,
  devWordFiles,
  entryAssets,
  PUBLIC_ENTRY,
  PUBLIC_LOADER_CSP_SOURCE,
  publicAssets as publicAssetsFrom,
  readManifest,
  type EntryAssets,
  type PublicAssets,
} from "./ssr/assets";
import { FORM_TOKEN_SLOT, renderPublicPage } from "./ssr/render";
import { issueFormToken } from "../services/form-token";
import { currentLegalDocuments } from "../services/legal-texts";
import { submitPostedContactForm } from "./contact-form-post";
import { readSearchAddress } from "../../shared/search-address";
import { registerBookingCancelPage } from "./booking-cancel-page";
import { registerBookingReschedulePage } from "./booking-reschedule-page";
import { submitPostedBooking } from "./booking-post";
import type { PostedBookingForm } from "../../client/public/site-context";
import { answerCached } from "../http/fast-lane";
import { respondImage, serveUpload } from "../http/image-answers";
import { findBrandFile } from "../services/brand";
import { readSourcePicture, serveShareImage } from "./share-images";
import { loadStaticFiles, type StaticFile } from "../http/static-files";
import { listPublishedArticles, listPublishedArticleSlugs } from "../services/news";
import { listServices, listServiceSlugs } from "../services/services";
import { createRedirectAnswers } from "./redirect-answers";

/**
 * The two front ends on the one server: static files of the client build, server-rendered public pages
 * (cached per path for anonymous visitors, emptied when staff change something; one 404 body for all
 * unknown paths, one for unknown services and one for unknown articles), the admin portal's
 * client-rendered shell under /admin, and /sitemap.xml and /robots.txt. Where the site has no page, an
 * old address redirects (301) or answers 410 Gone, and any other missing page address goes to the 404 log
 * (./redirect-answers.ts).
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, must-revalidate";

export interface WebOptions {
  /** "build": dist/client (production); "dev": Vite serves the sources; "none": pages without scripts (tests). */
  mode: "build" | "dev" | "none";
}

/**
 * The Content-Security-Policy of pages: our own scripts only (files, and the public pages' one inline
 * loader by its hash); pictures only from this site (no third-party tracking pixel can load on a page
 * a patient reads); the map frame only from OpenStreetMap.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  `script-src 'self' ${PUBLIC_LOADER_CSP_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src https://www.openstreetmap.org",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

/**
 * The Website Content screen's live preview (src/shared/content-preview.ts): the admin portal frames
 * a public page of this site, and that one page answer (to signed-in staff only) may be framed by
 * this site. Every other answer stays unframeable.
 */
export const ADMIN_CSP = PAGE_CSP.replace("frame-src ", "frame-src 'self' ");
export const PREVIEW_PAGE_CSP = PAGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

export async function createWebHandlers(deps: AppDeps, options: WebOptions = { mode: "build" }): Promise<WebHandlers> {
  let publicAssets: PublicAssets;
  let adminAssets: EntryAssets | null;
  let statics = new Map<string, StaticFile>();
  if (options.mode === "build") {
    const manifest = readManifest();
    if (!manifest) throw new Error("The client build is missing (dist/client): run `npm run build` first.");
    publicAssets = publicAssetsFrom(manifest);
    adminAssets = manifest[ADMIN_ENTRY] ? entryAssets(manifest, ADMIN_ENTRY) : null;
    statics = loadStaticFiles(CLIENT_DIST_DIR);
  } else if (options.mode === "dev") {
    publicAssets = { ...bareAssets(devEntryAssets(PUBLIC_ENTRY)), wordFiles: devWordFiles };
    adminAssets = devEntryAssets(ADMIN_ENTRY);
  } else {
    publicAssets = bareAssets({ head: "", bodyEnd: "", files: [] });
    adminAssets = { head: "", bodyEnd: "", files: [] };
  }
  const csp = options.mode === "dev" ? null : PAGE_CSP;

  /** A form token for a contact page in a language: the legal texts it shows are that language's (issue 27). */
  const formTokenFor = async (language: LanguageCode) =>
    issueFormToken(deps.secrets, new Date(), await currentLegalDocuments(deps.db, language), language);

  const redirects = createRedirectAnswers(deps);

  const render = async (pathname: string, bookService?: string) => {
    const { status, html } = await renderPublicPage(deps, pathname, publicAssets, bookService ? { bookService } : {});
    return { body: html, contentType: "text/html; charset=UTF-8", status };
  };

  // The slugs that have a page, read once per cache lifetime (cleared with the cache when staff change
  // something), so an unknown slug is answered without a render or a query of its own.
  const slugSets = new WeakMap<CachedBody, Set<string>>();
  const knownSlugs = async (list: SlugList): Promise<Set<string>> => {
    const entry = await deps.publicCache.getOrCreate(`slugs:${list}`, async () => ({
      body: JSON.stringify(await SLUG_LISTS[list].slugs(deps.db)),
      contentType: "application/json",
    }));
    let slugs = slugSets.get(entry);
    if (!slugs) {
      slugs = new Set(JSON.parse(entry.body.toString("utf8")) as string[]);
      slugSets.set(entry, slugs);
    }
    return slugs;
  };

  /**
   * The shared 404 a path gets, if it is one: a path outside the route table, or a service or article
   * slug that has no page. (The procedures trim the slug; /news/1 to /news/3 show a built-in article
   * when no published one has that slug.) Null for a page to render per path, and when the slugs cannot
   * be read: the render then answers the failure (503), which is not cached.
   */
  const sharedNotFound = async (pathname: string) => {
    const { route, params } = matchPublicRoute(pathname);
    if (route.path === "*") return SHARED_NOT_FOUND.page;
    if (typeof route.sitemap !== "object") return null;
    const list = route.sitemap.each;
    const slug = params.slug ?? "";
    if (list === "articles" && findFallbackArticle(slug)) return null;
    try {
      const slugs = await knownSlugs(list);
      if (slugs.has(slug.trim())) return null;
    } catch {
      return null;
    }
    return SLUG_LISTS[list].notFound;
  };

  /** A service's slug as /contact?service= names it, when it is a service's (else undefined). */
  const bookableSlug = async (slug: string | undefined): Promise<string | undefined> => {
    if (!slug) return undefined;
    try {
      return (await knownSlugs("services")).has(slug) ? slug : undefined;
    } catch {
      return undefined;
    }
  };

  /**
   * The page of an article visitors cannot see yet (a draft or a scheduled one) or of a draft service,
   * for a signed-in staff member: rendered with their session (news.preview, services.preview), under a "Preview: not public" banner, never
   * cached (no page cache, no fast lane, `private, no-store`) and not indexed. Null when the request
   * has no staff session or the slug is no article at all: the visitor's 404 then.
   */
  const staffPreview = async (c: HonoContext, pathname: string): Promise<Response | null> => {
    const context = await createRequestContext(deps, c);
    if (!context.auth) return null;
    const { status, html } = await renderPublicPage(deps, pathname, publicAssets, { preview: context });
    if (status !== 200) return null;
    return new Response(html, {
      status: 200,
      headers: {
        "Content-Type": "text/html; charset=UTF-8",
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
        ...(csp ? { "Content-Security-Policy": csp } : {}),
      },
    });
  };

  /**
   * A public page for the Website Content screen's live preview frame (`?preview=content`), for a
   * signed-in staff member: rendered fresh (as staffPreview), framed by this site only, never cached
   * or indexed. Null without a staff session: the visitor's page then (which no site may frame).
   */
  const contentPreview = async (c: HonoContext, pathname: string): Promise<Response | null> => {
    const context = await createRequestContext(deps, c);
    if (!context.auth) return null;
    const { status, html } = await renderPublicPage(deps, pathname, publicAssets, { preview: context });
    const response = withFormToken(
      c.req.raw,
      html,
      issueFormToken(deps.secrets, new Date(), undefined, splitLanguagePath(pathname).language),
      { status, cacheControl: "private, no-store" },
    );
    response.headers.set("X-Robots-Tag", "noindex");
    response.headers.set("X-Frame-Options", "SAMEORIGIN");
    if (csp) response.headers.set("Content-Security-Policy", PREVIEW_PAGE_CSP);
    return response;
  };

  return {
    register(app: Hono) {
      app.get("/robots.txt", (c) =>
        c.text(
          `User-agent: *\nDisallow: /admin\nDisallow: /api/admin\nDisallow: /trpc\n\nSitemap: ${deps.config.publicOrigin}/sitemap.xml\n`,
          200,
          {
            "Cache-Control": "public, max-age=3600",
          },
        ),
      );

      // Share previews of service and article pages (PNG, 1200 x 630), from the built pictures or, without a build, their sources.
      const readPicture = (urlPath: string) =>
        options.mode === "build" ? statics.get(urlPath)?.body : readSourcePicture(CLIENT_PUBLIC_DIR, urlPath);
      app.get("/share/:kind/:file", (c) => serveShareImage(c, deps, readPicture));

      // A website image at the address its SEO filename names (and its variants): the stored upload, as /uploads/<name> serves it.
      app.get("/uploads/:hash/:file", (c) => {
        const name = storedImageName(c.req.param("hash"), c.req.param("file"));
        if (!name) throw errors.notFound(HTTP_MESSAGES.notFound);
        return serveUpload(c, deps, name);
      });

      // The clinic's logo and favicon sizes (Settings > Brand): named by their bytes' hash, so cached for a year by
      // browsers, never a script; kept in the page cache, which staff changes empty, so a removed file is gone at once.
      app.get("/brand/:file", async (c) => {
        const key = `brand:${c.req.param("file")}`;
        let entry = deps.publicCache.get(key);
        if (!entry) {
          const file = await findBrandFile(deps.db, c.req.param("file"));
          if (!file) throw errors.notFound(HTTP_MESSAGES.notFound);
          entry = await deps.publicCache.getOrCreate(key, async () => ({ body: file.data, contentType: file.contentType }));
        }
        return respondImage(c, entry, "public, max-age=31536000, immutable");
      });

      // The inquiry form without JavaScript: a plain post (from our own origin, at most 64 KB: checked
      // by the app's middleware like every post), answered with the contact page as the form left it.
      // It holds what the visitor typed: never stored by any cache; a fresh form token, as every contact page has.
      // The same in each language (/es/contact, /zh/contact): the answer in the form's language.
      for (const language of LANGUAGE_CODES) {
        const path = localizedPath("/contact", language);
        app.post(path, async (c) => {
          const form = await submitPostedContactForm(c, deps, language);
          const { html } = await renderPublicPage(deps, path, publicAssets, { contactForm: form });
          const status = { sent: 200, invalid: 400, throttled: 429, failed: 500 }[form.outcome];
          const response = withFormToken(c.req.raw, html, await formTokenFor(language), { status, cacheControl: "no-store" });
          if (csp) response.headers.set("Content-Security-Policy", csp);
          return response;
        });
      }

      // The Book page (issue 38): rendered for each answer, never cached (its times go as they are booked),
      // with a fresh form token; its chosen time's form posts to its own address, without JavaScript too.
      for (const language of LANGUAGE_CODES) {
        const answerBook = async (c: HonoContext, bookingForm?: PostedBookingForm) => {
          const { html, status } = await renderPublicPage(deps, c.req.path, publicAssets, bookingForm ? { bookingForm } : {});
          const response = withFormToken(c.req.raw, html, await formTokenFor(language), {
            status: bookingForm?.outcome === "invalid" ? 400 : bookingForm?.outcome === "taken" ? 409 : status,
            cacheControl: "no-store",
          });
          response.headers.set("X-Robots-Tag", "noindex");
          if (csp) response.headers.set("Content-Security-Policy", csp);
          return response;
        };
        for (const path of ["/services/:slug/book", "/services/:slug/book/:day", "/services/:slug/book/:day/:time"])
          app.get(localizedPath(path, language), (c) => answerBook(c));
        app.post(localizedPath("/services/:slug/book/:day/:time", language), async (c) =>
          answerBook(c, await submitPostedBooking(c, deps, language)),
        );
      }

      // The visitor's cancel page, from the link in a booking's mails (a plain page: works without JavaScript).
      registerBookingCancelPage(app, deps);
      registerBookingReschedulePage(app, deps);

      app.get("/sitemap.xml", async (c) => {
        const entry = await deps.publicCache.getOrCreate("sitemap", async () => ({
          body: await sitemapXml(deps),
          contentType: "application/xml; charset=UTF-8",
        }));
        return respondCached(c.req.raw, entry, "public, max-age=3600");
      });

      // The admin portal renders in the browser only; its shell is never cached and never indexed.
      const adminShell = async () => {
        // The clinic's name (Settings), escaped for the title.
        const clinicName = (await getClinic(deps.db).catch(() => DEFAULT_CLINIC)).name.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
        const html =
          `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ` +
          `initial-scale=1">` +
          `<meta name="robots" content="noindex, nofollow"><title>Admin Portal | ${clinicName}</title>` +
          `<link rel="icon" href="/favicon.svg" type="image/svg+xml">${adminAssets?.head ?? ""}</head>` +
          `<body><div id="admin-root"></div>${adminAssets?.bodyEnd ?? ""}</body></html>`;
        return new Response(html, {
          status: 200,
          headers: {
            "Content-Type": "text/html; charset=UTF-8",
            "Cache-Control": "no-store",
            "X-Robots-Tag": "noindex, nofollow",
            ...(csp ? { "Content-Security-Policy": ADMIN_CSP } : {}),
          },
        });
      };
      app.get("/admin", (c) => c.redirect("/admin/login", 302));
      app.get("/admin/*", () => adminShell());

      app.get("*", async (c, next) => {
        const file = statics.get(c.req.path);
        if (file) return answerCached(c, deps, file, file.cacheControl, null);
        return next();
      });

      app.get("*", async (c) => {
        const pathname = c.req.path;
        // One address per page: no trailing slash, but a language's home page is /es/ and /zh/ (issue 27).
        const canonical = canonicalPath(pathname);
        if (canonical !== pathname) return c.redirect(`${canonical}${new URL(c.req.url).search}`, 301);
        const { language } = splitLanguagePath(pathname);
        if (pathname.startsWith("/api/") || pathname.startsWith("/uploads/")) throw errors.notFound(HTTP_MESSAGES.notFound);
        if (c.req.query(CONTENT_PREVIEW_PARAM) === CONTENT_PREVIEW_VALUE && c.req.header("cookie")) {
          const preview = await contentPreview(c, pathname);
          if (preview) return preview;
        }
        // Site search's results (issue 39): rendered for this answer alone, never cached (no page cache, no fast
        // lane, no shared cache), never indexed, and no referrer leaves with its address (which holds the words).
        if (isSearchPage(pathname)) {
          const search = readSearchAddress(new URL(c.req.url).searchParams);
          const { status, html } = await renderPublicPage(deps, pathname, publicAssets, { search });
          return withSearchHeaders(new Response(html, { status, headers: { "Content-Type": "text/html; charset=UTF-8" } }), csp);
        }
        const shared = await sharedNotFound(pathname);
        // Signed-in staff open a draft or scheduled article, or a draft service, at its public address: a preview.
        if ((shared === SHARED_NOT_FOUND.article || shared === SHARED_NOT_FOUND.service) && c.req.header("cookie")) {
          const preview = await staffPreview(c, pathname);
          if (preview) return preview;
        }
        // An old address (a renamed or deleted service or article, or one staff redirect): 301, or 410 below.
        const moved = shared ? await redirects.lookup(pathname) : undefined;
        if (moved?.to) return redirects.moved(c, { id: moved.id, to: moved.to }, PAGE_CACHE_CONTROL);
        // Book This Service: the contact page with a service chosen, one cached page per known service
        // (any other ?service= gets the plain contact page; the form offers what the clinic offers).
        const isContact = !shared && matchPublicRoute(pathname).route.key === "contact";
        const booked = isContact ? await bookableSlug(c.req.query("service")) : undefined;
        // The shared 404 bodies are one per language (its words, its <html lang>).
        const key = shared ? `${shared.cacheKey}:${language}` : booked ? `html:${pathname}?service=${booked}` : `html:${pathname}`;
        const entry = await deps.publicCache.getOrCreate(key, () =>
          render(shared ? localizedPath(shared.path, language) : pathname, booked),
        );
        const pageHeaders: Record<string, string> = csp ? { "Content-Security-Policy": csp } : {};
        // The contact page carries a fresh form token in every answer: never the same bytes twice.
        if (isContact && entry.status === 200) {
          const response = withFormToken(c.req.raw, entry.body.toString("utf8"), await formTokenFor(language), {
            status: 200,
            cacheControl: "private, no-cache",
          });
          for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value);
          return response;
        }
        if (moved) return redirects.gone(c, entry, pageHeaders);
        if (shared && entry.status === 404) redirects.missed(c, pathname);
        const cacheControl = entry.status === 200 ? PAGE_CACHE_CONTROL : "no-store";
        return answerCached(c, deps, entry, cacheControl, { cache: deps.publicCache, key }, pageHeaders);
      });
    },
  };
}

/** Whether a path is the search page's, in any language. */
const isSearchPage = (pathname: string) => matchPublicRoute(pathname).route.key === "search";

/** The search page's headers: never stored, never indexed, no referrer (its address holds the words searched for). */
function withSearchHeaders(response: Response, csp: string | null): Response {
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  response.headers.set("Referrer-Policy", "no-referrer");
  if (csp) response.headers.set("Content-Security-Policy", csp);
  return response;
}

/**
 * The contact page with a fresh form token in its slot (a cached body keeps the slot): the form's fill
 * time counts from this answer. So the body differs on every answer: no ETag, never stored by a shared
 * cache, and gzipped per answer (about a millisecond for this one page).
 */
function withFormToken(request: Request, html: string, token: string, init: { status: number; cacheControl: string }): Response {
  const body = Buffer.from(
    html.replaceAll(FORM_TOKEN_SLOT, () => token),
    "utf8",
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=UTF-8", "Cache-Control": init.cacheControl, Vary: "Accept-Encoding" });
  if (/\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    return new Response(new Uint8Array(gzipSync(body, { level: 6 })), { status: init.status, headers });
  }
  return new Response(new Uint8Array(body), { status: init.status, headers });
}

/**
 * The record lists a route's sitemap rule may name: every record in the sitemap, the slugs that have
 * a page, and the shared 404 body for a slug that has none.
 */
type SlugList = "services" | "articles";
interface SlugListSource {
  records: (db: AppDeps["db"]) => Promise<Array<{ id: number; slug: string; updatedAt: Date }>>;
  slugs: (db: AppDeps["db"]) => Promise<string[]>;
  notFound: { cacheKey: string; path: string };
}
const SLUG_LISTS: Record<SlugList, SlugListSource> = {
  services: { records: listServices, slugs: listServiceSlugs, notFound: SHARED_NOT_FOUND.service },
  articles: { records: listPublishedArticles, slugs: listPublishedArticleSlugs, notFound: SHARED_NOT_FOUND.article },
};

/**
 * One address per page: no trailing slash ("/about/" is "/about"), but a language's home page is "/es/" and "/zh/" ("/es" is "/es/").
 * A run of leading slashes or backslashes, typed or percent-encoded ("//x", "/\\x", "/%2F%2Fx", "/%5Cx"), is one slash: a browser
 * reads a Location of "//x" or "/\\x" as another host, so the redirect would leave the site (issue 34).
 */
export function canonicalPath(pathname: string): string {
  const collapsed = pathname.replace(/^(?:[/\\]|%2f|%5c)+/i, "/");
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, "") || "/" : collapsed;
  return /^\/(es|zh)$/.test(trimmed) ? `${trimmed}/` : trimmed;
}

/**
 * Every address the route table's sitemap rules name, in each language the page really has (issue 27):
 * the pages of the site's own words in all three; a service or an article in English and each language
 * it has a published translation in; a legal text in each language it has a version in. Each address
 * lists its alternates (hreflang, with x-default the English one), the same set on each of them.
 */
async function sitemapXml(deps: AppDeps): Promise<string> {
  const origin = deps.config.publicOrigin;
  const kindOf = { services: "service", articles: "news" } as const;
  const legalLanguages = async (kind: LegalKind) => {
    const has = await Promise.all(
      LANGUAGE_CODES.map(async (language) => (await currentLegalText(deps.db, kind, language)).language === language),
    );
    return LANGUAGE_CODES.filter((_, index) => has[index]);
  };
  const perRoute = await Promise.all(
    PUBLIC_ROUTES.map(async (route): Promise<Array<{ path: string; languages: readonly LanguageCode[]; lastmod?: Date }>> => {
      if (route.sitemap === "none") return [];
      if (route.sitemap === "page") {
        const legal = route.key.startsWith("legal-") ? (route.key.slice("legal-".length) as LegalKind) : null;
        return [{ path: route.path, languages: legal ? await legalLanguages(legal) : LANGUAGE_CODES }];
      }
      const list = route.sitemap.each;
      const [records, languages] = await Promise.all([SLUG_LISTS[list].records(deps.db), languagesOfEach(deps.db, kindOf[list])]);
      return records.map((record) => ({
        path: fillPath(route.path, { slug: record.slug }),
        languages: languages.get(record.id) ?? ["en"],
        lastmod: record.updatedAt,
      }));
    }),
  );
  const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const url = (path: string, language: LanguageCode) => escapeXml(origin + localizedPath(path, language));
  const entries = perRoute.flat().flatMap(({ path, languages, lastmod }) => {
    const alternates =
      languages.length > 1
        ? [
            ...LANGUAGES.filter((l) => languages.includes(l.code)).map(
              (l) => `<xhtml:link rel="alternate" hreflang="${l.tag}" href="${url(path, l.code)}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, "en")}"/>`,
          ].join("")
        : "";
    return languages.map(
      (language) =>
        `  <url><loc>${url(path, language)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}${alternates}</url>`,
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ` +
    `xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    entries.join("\n") +
    `\n</urlset>\n`
  );
}
