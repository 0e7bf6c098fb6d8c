import { createElement } from "react";
import { WEEKDAYS, type PublicClinic } from "../../shared/clinic";
import { DEFAULT_BRAND, type Brand } from "../../shared/brand";
import { staffHtmlText } from "../../shared/staff-html-rules";
import { publicQueries } from "./api";
import { usePublicQuery } from "./store";
import { servedImageUrl } from "./image-files";
import { foreignLang, T } from "./i18n";

/** A page section's texts as named fields (its content items by key; the page's defaults fill the gaps). */
export type ContentFields = Partial<Record<string, string>>;

/**
 * Data hooks of the public pages. They read the same procedures the server prefetched, so on the first
 * render the data is already in the cache and the page hydrates without a request.
 */

/** Page-content pairs the pages read (page, section). */
export const CONTENT_SECTIONS = {
  footer: { page: "footer", section: "description" },
  homeHero: { page: "home", section: "hero" },
  homeWelcome: { page: "home", section: "welcome" },
  aboutMission: { page: "about", section: "mission" },
  aboutApproach: { page: "about", section: "approach" },
  servicesHero: { page: "services", section: "hero" },
  homeCta: { page: "home", section: "cta" },
  homeServices: { page: "home", section: "services" },
  homeTestimonials: { page: "home", section: "testimonials" },
  aboutHead: { page: "about", section: "heading" },
  aboutInsights: { page: "about", section: "insights" },
  aboutTeam: { page: "about", section: "team" },
  newsHero: { page: "news", section: "hero" },
  newsArticleCta: { page: "news", section: "articleCta" },
  contactHero: { page: "contact", section: "hero" },
  contactForm: { page: "contact", section: "form" },
  contactDetails: { page: "contact", section: "details" },
  contactMap: { page: "contact", section: "map" },
  newsList: { page: "news", section: "list" },
  newsArticle: { page: "news", section: "article" },
  serviceDetail: { page: "services", section: "detail" },
  // Each page's share texts (its title and description; routes.ts reads them for the head).
  homeShare: { page: "home", section: "share" },
  aboutShare: { page: "about", section: "share" },
  servicesShare: { page: "services", section: "share" },
  newsShare: { page: "news", section: "share" },
  contactShare: { page: "contact", section: "share" },
} as const;

/** Website image slots the pages read (page, section). */
export const IMAGE_SLOTS = {
  homeHero: { page: "home", section: "hero" },
  aboutMission: { page: "about", section: "mission" },
  servicesHero: { page: "services", section: "hero" },
  contactMap: { page: "contact", section: "map" },
} as const;

/** The reads of a page section, for the route table's data lists. */
export const sectionContent = (key: keyof typeof CONTENT_SECTIONS) => publicQueries.content(CONTENT_SECTIONS[key]);
export const slotImages = (key: keyof typeof IMAGE_SLOTS) => publicQueries.images(IMAGE_SLOTS[key]);

type SectionKey = keyof typeof CONTENT_SECTIONS;

/** A list read's rows: none while it loads or after it failed. */
const rowsOf = <Row>(query: { data: Row[] | undefined }): Row[] => (Array.isArray(query.data) ? query.data : []);

/**
 * A page section's content flattened into named fields, with built-in defaults for what is missing
 * (the page passes its catalogue's defaults, in the page's language). `lang(key)` is the lang attribute a
 * field's element needs: a text staff have not translated into the page's language yet shows in English
 * (issue 27), marked so; undefined for everything in the page's language. `show` renders a field with it.
 */
export function usePageContent<D extends ContentFields>(key: Exclude<SectionKey, "footer">, defaults: D) {
  const query = usePublicQuery(sectionContent(key));
  const fields: ContentFields = { ...defaults };
  const foreign = new Map<string, string>();
  // Each place shows plain text: an html item reads as its words (its markup shows only in the footer's description).
  for (const item of rowsOf(query)) {
    if (!item.content.trim()) continue;
    fields[item.key] = item.contentType === "html" ? staffHtmlText(item.content) : item.content;
    const lang = foreignLang(item.language);
    if (lang) foreign.set(item.key, lang);
  }
  const lang = (field: keyof D & string): string | undefined => foreign.get(field);
  /** A field as an element of its own (`tag`, `props`), with the `lang` it needs: `show("h2", "title", { id })`. */
  const show = (tag: string, field: keyof D & string, props?: object) => createElement(tag, { ...props, lang: lang(field) }, fields[field]);
  return { fields: fields as ContentFields & D, lang, show, isLoading: query.isLoading };
}

/** The footer description: null while loading (a placeholder shows), then the item or the default text. */
export function useFooterDescription(): { html: string | null; isHtml: boolean; isLoading: boolean } {
  const query = usePublicQuery(sectionContent("footer"));
  if (query.isLoading) return { html: null, isHtml: false, isLoading: true };
  const item = rowsOf(query).find((entry) => entry.key === "text" && entry.content.trim());
  if (!item) return { html: T.footer.defaultDescription, isHtml: false, isLoading: false };
  return { html: item.content, isHtml: item.contentType === "html", isLoading: false };
}

/** The first visible image of a slot, if staff have one there, at the address its SEO filename names. */
export function useImageSlot(key: keyof typeof IMAGE_SLOTS) {
  const query = usePublicQuery(slotImages(key));
  const image = rowsOf(query)[0];
  return image ? { ...image, imageUrl: servedImageUrl(image) } : null;
}

/** Visible social links; an error gives an empty list (spec: silent). */
export function useSocialLinks() {
  const query = usePublicQuery(publicQueries.socialLinks());
  return rowsOf(query).filter((link) => link.isVisible);
}

/**
 * The services' titles and addresses in the site's order, and the inquiry form's choices (every page
 * prefetches them with the layout). A failed read leaves both empty.
 */
export function useServiceLinks() {
  return usePublicQuery(publicQueries.serviceLinks()).data ?? { services: [], contactChoices: [] };
}

/**
 * The address of the inquiry form with a service chosen ("Book This Service"): every service's, where
 * the form does not offer it too (the form then adds it as one extra choice for that visit, issue 36).
 */
export function bookServiceHref(slug: string): string {
  return `/contact?service=${encodeURIComponent(slug)}#contact-form`;
}

/**
 * The clinic's details (Settings, Clinic details): every page prefetches them with the layout, so they
 * are here from the first render. Only a failed read (the database down: the page is a 503) leaves them
 * blank; the stored details' defaults are the server's, and the pages do not carry them.
 */
/** The clinic's brand (Settings > Brand): its logo, favicon and accent colour, or the site's own (nulls). */
export function useBrand(): Brand {
  return usePublicQuery(publicQueries.brand()).data ?? DEFAULT_BRAND;
}

export function useClinic(): PublicClinic {
  return usePublicQuery(publicQueries.clinic()).data ?? BLANK_CLINIC;
}

const BLANK_CLINIC: PublicClinic = {
  ...Object.fromEntries(
    ["name", "shortName", "street", "city", "state", "zip", "phone", "email", "privacyOfficerPhone"].map((key) => [key, ""]),
  ),
  hours: Object.fromEntries(WEEKDAYS.map((day) => [day, { closed: true, opens: "", closes: "" }])),
  latitude: 0,
  longitude: 0,
  social: { facebook: "", instagram: "", youtube: "" },
  specialDays: [],
} as unknown as PublicClinic;
