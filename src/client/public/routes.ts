import { publicQueries as q } from "./api";
import { NEWS_PAGE_SIZE } from "../../shared/news-paging";
import { shareImagePath } from "../../shared/share-image";
import { articleDate, findBuiltInArticle, RELATED_COUNT, toIso } from "./components/news/news-utils";
import { sectionContent, slotImages } from "./data";
import { defineRoute, matchRoute, pageChunk, type AnyRoute, type MatchedRoute, type Reader } from "./routing";
import { LEGAL_KINDS, LEGAL_TEXTS } from "../../shared/legal";
import { B, L, pageLanguage, T, TS } from "./i18n";
import { bookWeek } from "./book-week";
import { splitLanguagePath } from "../../shared/languages";

/**
 * The public route table (public-site.md section 2). Each entry is a page: its path, its page
 * component (a chunk of its own), the data the server loads before rendering it, its title,
 * description and share tags, and its sitemap rule. The browser's router, the server's renderer
 * (data, metadata and HTTP status), /sitemap.xml and the bundle budget all read this one list.
 * The first entry whose path fits wins; the last one, "*", is the 404 page.
 */
type ShareSection = "homeShare" | "aboutShare" | "servicesShare" | "newsShare" | "contactShare";

/**
 * A page's title or description as staff wrote it (Website Content, the page's "share" texts; issue 27),
 * in the page's language where it is translated (else the English, as every untranslated staff text),
 * or the catalogue's words while the read has nothing (a failed read, an older database before its start).
 */
function shared(read: Reader, section: ShareSection, key: "title" | "description", fallback: string): string {
  const items = read(sectionContent(section)).data;
  const item = Array.isArray(items) ? items.find((entry) => entry.key === key && entry.content.trim()) : undefined;
  return item ? item.content.trim() : fallback;
}

export const PUBLIC_ROUTES: readonly AnyRoute[] = [
  defineRoute({
    key: "home",
    words: ["home", "services"],
    path: "/",
    page: pageChunk("HomePage", () => import("./pages/HomePage")),
    data: () => [
      sectionContent("homeHero"),
      sectionContent("homeWelcome"),
      sectionContent("homeServices"),
      sectionContent("homeTestimonials"),
      sectionContent("homeCta"),
      slotImages("homeHero"),
      q.services(),
      q.testimonials(),
      sectionContent("homeShare"),
    ],
    meta: (_params, read) => ({
      title: shared(read, "homeShare", "title", TS.homeTitle),
      description: shared(read, "homeShare", "description", TS.homeDescription),
    }),
    sitemap: "page",
  }),
  defineRoute({
    key: "about",
    words: ["about"],
    path: "/about",
    page: pageChunk("AboutPage", () => import("./pages/AboutPage")),
    data: () => [
      sectionContent("aboutHead"),
      sectionContent("aboutMission"),
      sectionContent("aboutInsights"),
      sectionContent("aboutTeam"),
      sectionContent("aboutApproach"),
      slotImages("aboutMission"),
      q.team(),
      sectionContent("aboutShare"),
    ],
    // The About page's locale follows the language choice (public-site.md section 2): the page's language.
    meta: (_params, read) => ({
      title: shared(read, "aboutShare", "title", TS.aboutTitle),
      description: shared(read, "aboutShare", "description", TS.aboutDescription),
    }),
    sitemap: "page",
  }),
  defineRoute({
    key: "services",
    words: ["services"],
    path: "/services",
    page: pageChunk("ServicesPage", () => import("./pages/ServicesPage")),
    data: () => [sectionContent("servicesHero"), slotImages("servicesHero"), q.services(), sectionContent("servicesShare")],
    meta: (_params, read) => ({
      title: shared(read, "servicesShare", "title", TS.servicesTitle),
      description: shared(read, "servicesShare", "description", TS.servicesDescription),
    }),
    sitemap: "page",
  }),
  defineRoute({
    key: "service",
    words: ["services", "booking"],
    path: "/services/:slug",
    page: pageChunk("ServiceDetailPage", () => import("./pages/ServiceDetailPage")),
    // Its free times' read says whether it offers "Book a time" (the same read as its Book page's first week).
    data: ({ slug }) => [
      q.service(slug),
      sectionContent("serviceDetail"),
      q.freeTimes(slug, bookWeek(undefined).from, bookWeek(undefined).to),
    ],
    meta: ({ slug }, read) => {
      const { status, data: service } = read(q.service(slug));
      if (status === "pending") return null;
      if (!service) return { title: T.services.notFoundTitle, description: TS.serviceNotFoundDescription, notFound: true };
      // The stem cell service has a title and description of its own (public-site.md section 2).
      // Its own words' title wins where staff translated it; the stem cell page's English title is the spec's.
      const stemCell = service.slug === "stem-cell-therapy" && service.language !== "es" && service.language !== "zh";
      return {
        title: stemCell ? TS.stemCellTitle : service.title,
        description: stemCell ? TS.stemCellDescription : service.shortDescription,
        image: shareImagePath("services", service.slug),
        imageAlt: service.imageAlt || service.title,
        languages: service.languages,
      };
    },
    sitemap: { each: "services" },
  }),
  // The Book page of a bookable service (issue 38): its week of free times, a week from a day, a chosen time's form.
  ...(["/services/:slug/book", "/services/:slug/book/:day", "/services/:slug/book/:day/:time"] as const).map((path) =>
    defineRoute({
      key: "book",
      words: ["contact", "booking"],
      path,
      page: pageChunk("BookPage", () => import("./pages/BookPage")),
      data: (params: { slug: string; day?: string }) => {
        const week = bookWeek(params.day);
        return [q.service(params.slug), q.freeTimes(params.slug, week.from, week.to)];
      },
      meta: (params: { slug: string; day?: string }, read) => {
        const week = bookWeek(params.day);
        const { status, data: service } = read(q.service(params.slug));
        const times = read(q.freeTimes(params.slug, week.from, week.to));
        if (status === "pending" || times.status === "pending") return null;
        // A service that is not (or no longer) bookable has no Book page.
        if (!service || times.status === "error")
          return { title: T.services.notFoundTitle, description: TS.serviceNotFoundDescription, notFound: true };
        return { title: `${B.title}: ${service.title}`, description: service.shortDescription, languages: service.languages };
      },
      sitemap: "none",
    }),
  ),
  defineRoute({
    key: "news",
    words: ["news"],
    path: "/news",
    page: pageChunk("NewsPage", () => import("./pages/NewsPage")),
    // The first page of articles; Load More Articles reads the next ones (the page weighs the same with 10 or 5,000).
    data: () => [sectionContent("newsHero"), sectionContent("newsList"), q.newsPage(1, NEWS_PAGE_SIZE), sectionContent("newsShare")],
    meta: (_params, read) => ({
      title: shared(read, "newsShare", "title", TS.newsTitle),
      description: shared(read, "newsShare", "description", TS.newsDescription),
    }),
    sitemap: "page",
  }),
  defineRoute({
    key: "article",
    words: ["news"],
    path: "/news/:slug",
    page: pageChunk("NewsArticlePage", () => import("./pages/NewsArticlePage")),
    // The article and the newest few, for its 2 related articles: not the whole list.
    data: ({ slug }) => [
      q.article(slug),
      q.newsPage(1, RELATED_COUNT + 1),
      sectionContent("newsArticleCta"),
      sectionContent("newsArticle"),
    ],
    meta: ({ slug }, read) => {
      const { status, data } = read(q.article(slug));
      if (status === "pending") return null;
      // A failed read of a number shows the built-in article of that number (public-site.md section 8).
      const article = data ?? findBuiltInArticle(slug);
      if (!article) return { title: T.news.notFoundTitle, description: TS.articleNotFoundDescription, notFound: true };
      const published = articleDate(article).iso;
      return {
        title: article.metaTitle || article.title,
        description: article.metaDescription || article.summary,
        path: `/news/${encodeURIComponent(article.slug)}`,
        // A published article has a share preview made from its thumbnail; a built-in one the site's.
        image: data ? shareImagePath("news", article.slug) : null,
        imageAlt: data ? article.thumbnailAlt || article.title : null,
        type: "article",
        publishedTime: published,
        modifiedTime: toIso(article.updatedAt) ?? published,
        // A built-in article (a failed read) is English only.
        languages: data ? data.languages : ["en"],
      };
    },
    sitemap: { each: "articles" },
  }),
  defineRoute({
    key: "contact",
    words: ["contact"],
    path: "/contact",
    page: pageChunk("ContactPage", () => import("./pages/ContactPage")),
    data: () => [
      sectionContent("contactHero"),
      sectionContent("contactForm"),
      sectionContent("contactDetails"),
      sectionContent("contactMap"),
      slotImages("contactMap"),
      sectionContent("contactShare"),
    ],
    // Its description names the clinic and its town from Clinic details, so it follows them (not a text of its own).
    meta: (_params, read) => ({
      title: shared(read, "contactShare", "title", TS.contactTitle),
      description: TS.contactDescription(read(q.clinic()).data),
    }),
    sitemap: "page",
  }),
  // The legal texts' pages (/privacy, /terms, /hipaa-authorization): one page component, its text by its path.
  ...LEGAL_KINDS.map((kind) =>
    defineRoute({
      key: `legal-${kind}`,
      words: ["legal"],
      path: LEGAL_TEXTS[kind].path,
      page: pageChunk("LegalPage", () => import("./pages/LegalPage")),
      data: () => [q.legal(kind)],
      meta: (_params, read) => {
        const text = read(q.legal(kind)).data;
        // A text not yet translated into the page's language is the English page's.
        return {
          title: L.legalTitles[kind],
          description: TS.legalDescription[kind],
          ...(text && text.language !== pageLanguage().code ? { languages: ["en" as const] } : {}),
        };
      },
      sitemap: "page",
    }),
  ),
  // Site search's results (issue 39): /search?q=&page= in each language. The words are in the address, not
  // the path: the server loads the page's read itself (search-read.ts); never cached nor indexed (site/web.ts).
  defineRoute({
    key: "search",
    words: ["search"],
    path: "/search",
    page: pageChunk("SearchPage", () => import("./pages/SearchPage")),
    data: () => [],
    meta: () => ({ title: TS.searchTitle, description: TS.searchDescription }),
    sitemap: "none",
  }),
  defineRoute({
    key: "notFound",
    words: ["news"],
    path: "*",
    page: pageChunk("NotFoundPage", () => import("./pages/NotFoundPage")),
    data: () => [],
    meta: () => ({ title: T.notFound.title, description: TS.pageNotFoundDescription, notFound: true }),
    sitemap: "none",
  }),
];

/**
 * What every page reads: the footer's text, the social links, the clinic's details, the services'
 * links (the footer's Services column; the inquiry form's choices) and the brand (the header's logo,
 * the favicon, the accent colour), in the layout.
 */
export const LAYOUT_DATA = () => [sectionContent("footer"), q.socialLinks(), q.clinic(), q.serviceLinks(), q.brand()];

/** The route of a public address, in any language ("/es/services/x" is the service page). */
export function matchPublicRoute(pathname: string): MatchedRoute {
  return matchRoute(PUBLIC_ROUTES, splitLanguagePath(pathname).path);
}
