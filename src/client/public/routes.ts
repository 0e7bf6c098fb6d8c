import { publicQueries, type PublicQuery } from "./api";

/**
 * The public route table (public-site.md section 2), shared by the browser router and the server:
 * the server matches a path here, prefetches the listed data through the same procedures, renders,
 * and decides the HTTP status (404 for unknown paths, services and articles).
 */
export type PublicRouteKey = "home" | "about" | "services" | "service" | "news" | "article" | "contact" | "notFound";

export interface MatchedRoute {
  key: PublicRouteKey;
  params: { slug?: string };
}

const STATIC: Record<string, PublicRouteKey> = {
  "/": "home",
  "/about": "about",
  "/services": "services",
  "/news": "news",
  "/contact": "contact",
};

export function matchPublicRoute(pathname: string): MatchedRoute {
  const fixed = STATIC[pathname];
  if (fixed) return { key: fixed, params: {} };
  const service = /^\/services\/([^/]+)$/.exec(pathname);
  if (service) return { key: "service", params: { slug: decodeSegment(service[1]!) } };
  const article = /^\/news\/([^/]+)$/.exec(pathname);
  if (article) return { key: "article", params: { slug: decodeSegment(article[1]!) } };
  return { key: "notFound", params: {} };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Page-content pairs each page reads (page, section). */
export const CONTENT_SECTIONS = {
  footer: { page: "footer", section: "description" },
  homeHero: { page: "home", section: "hero" },
  homeWelcome: { page: "home", section: "welcome" },
  aboutMission: { page: "about", section: "mission" },
  aboutApproach: { page: "about", section: "approach" },
  servicesHero: { page: "services", section: "hero" },
} as const;

/** Website image slots the pages read (page, section). */
export const IMAGE_SLOTS = {
  homeHero: { page: "home", section: "hero" },
  aboutMission: { page: "about", section: "mission" },
  servicesHero: { page: "services", section: "hero" },
  contactMap: { page: "contact", section: "map" },
} as const;

/** What the server loads before rendering each page; the browser finds it in its cache on hydration. */
export function queriesFor(route: MatchedRoute): PublicQuery<unknown>[] {
  const q = publicQueries;
  const common = [q.content(CONTENT_SECTIONS.footer), q.socialLinks()];
  switch (route.key) {
    case "home":
      return [...common, q.content(CONTENT_SECTIONS.homeHero), q.content(CONTENT_SECTIONS.homeWelcome), q.images(IMAGE_SLOTS.homeHero), q.services(), q.testimonials()];
    case "about":
      return [...common, q.content(CONTENT_SECTIONS.aboutMission), q.content(CONTENT_SECTIONS.aboutApproach), q.images(IMAGE_SLOTS.aboutMission), q.team()];
    case "services":
      return [...common, q.content(CONTENT_SECTIONS.servicesHero), q.images(IMAGE_SLOTS.servicesHero), q.services()];
    case "service":
      return [...common, q.service(route.params.slug ?? "")];
    case "news":
      return [...common, q.news()];
    case "article":
      return [...common, q.article(route.params.slug ?? ""), q.news()];
    case "contact":
      return [...common, q.images(IMAGE_SLOTS.contactMap)];
    default:
      return common;
  }
}
