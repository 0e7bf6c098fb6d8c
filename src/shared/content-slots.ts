import { readable } from "./site-places";

/**
 * Every text of the public pages that staff edit in Website Content, in the order the pages show them
 * (pages in the site's menu order, the footer last; within a page, top to bottom), each with a plain
 * label in the clinic office's words ("Home: big title at the top"). The Website Content screen lists
 * the items in this order and previews them on `path`; an item that is not here (one staff added
 * themselves) comes after its page's known texts, by its sort order. The texts' words are the
 * pages' own defaults (the `D` words of src/client/public/catalogue/<language>/<part>.ts), seeded as content items.
 */
export interface ContentSlot {
  page: string;
  section: string;
  key: string;
  /** What the text is, on its page, in plain words ("big title at the top"). */
  label: string;
}

export interface ContentPage {
  page: string;
  /** The page's plain name ("Home", "Footer (every page)"). */
  name: string;
  /** A public address that shows the page's texts (for the live preview). */
  path: string;
}

/** The pages, in the site's menu order; the footer (on every page) last. */
export const CONTENT_PAGES: readonly ContentPage[] = [
  { page: "home", name: "Home", path: "/" },
  { page: "about", name: "About", path: "/about" },
  { page: "services", name: "Services", path: "/services" },
  { page: "news", name: "News", path: "/news" },
  { page: "contact", name: "Contact", path: "/contact" },
  { page: "footer", name: "Footer (every page)", path: "/" },
];

const slot = (page: string, section: string, key: string, label: string): ContentSlot => ({ page, section, key, label });

/** The section of a page's share texts (issue 27): its title and description in search results, browser tabs and shared links. */
export const SHARE_SECTION = "share";
const SHARE_TITLE = "page title in search results, the browser tab and shared links";
const SHARE_DESCRIPTION = "page description in search results and shared links";

export const CONTENT_SLOTS: readonly ContentSlot[] = [
  slot("home", "share", "title", SHARE_TITLE),
  slot("home", "share", "description", SHARE_DESCRIPTION),
  slot("home", "hero", "eyebrow", "small words above the big title"),
  slot("home", "hero", "title", "big title at the top"),
  slot("home", "hero", "subtitle", "line under the big title"),
  slot("home", "hero", "bookButton", "booking button at the top"),
  slot("home", "hero", "browseButton", "services button at the top"),
  slot("home", "welcome", "eyebrow", "small word above the welcome heading"),
  slot("home", "welcome", "title", "welcome heading"),
  slot("home", "welcome", "paragraph1", "welcome text, first paragraph"),
  slot("home", "welcome", "paragraph2", "welcome text, second paragraph"),
  slot("home", "welcome", "link", "link to the About page under the welcome text"),
  slot("home", "services", "eyebrow", "small word above the services heading"),
  slot("home", "services", "title", "services heading"),
  slot("home", "services", "intro", "line under the services heading"),
  slot("home", "services", "button", "booking button under the services"),
  slot("home", "testimonials", "eyebrow", "small word above the testimonials heading"),
  slot("home", "testimonials", "title", "testimonials heading"),
  slot("home", "testimonials", "intro", "line under the testimonials heading"),
  slot("home", "cta", "title", "invitation to book at the bottom, heading"),
  slot("home", "cta", "text", "invitation to book at the bottom, text"),
  slot("home", "cta", "bookButton", "invitation to book at the bottom, booking button"),
  slot("home", "cta", "contactButton", "invitation to book at the bottom, contact button"),
  slot("about", "share", "title", SHARE_TITLE),
  slot("about", "share", "description", SHARE_DESCRIPTION),
  slot("about", "heading", "title", "big title at the top"),
  slot("about", "heading", "intro", "line under the big title"),
  slot("about", "mission", "eyebrow", "small words above the mission heading"),
  slot("about", "mission", "title", "mission heading"),
  slot("about", "mission", "paragraph1", "mission text, first paragraph"),
  slot("about", "mission", "paragraph2", "mission text, second paragraph"),
  slot("about", "mission", "paragraph3", "mission text, third paragraph"),
  slot("about", "insights", "title", "cultural wellness insights heading"),
  slot("about", "insights", "intro", "line under the cultural wellness insights heading"),
  slot("about", "team", "eyebrow", "small words above the team heading"),
  slot("about", "team", "title", "team heading"),
  slot("about", "team", "intro", "line under the team heading"),
  slot("about", "approach", "eyebrow", "small words above the approach heading, near the bottom"),
  slot("about", "approach", "title", "approach heading, near the bottom"),
  slot("about", "approach", "content", "approach text, near the bottom"),
  slot("about", "approach", "button", "button under the approach text, near the bottom"),
  slot("services", "share", "title", SHARE_TITLE),
  slot("services", "share", "description", SHARE_DESCRIPTION),
  slot("services", "hero", "title", "big title at the top"),
  slot("services", "hero", "subtitle", "line under the big title"),
  slot("services", "detail", "bookButton", "each service's page, booking button"),
  slot("services", "detail", "allButton", "each service's page, button back to all services"),
  slot("news", "share", "title", SHARE_TITLE),
  slot("news", "share", "description", SHARE_DESCRIPTION),
  slot("news", "hero", "eyebrow", "small word above the big title"),
  slot("news", "hero", "title", "big title at the top"),
  slot("news", "hero", "intro", "line under the big title"),
  slot("news", "list", "loadMore", "button under the articles to show more"),
  slot("news", "article", "backLink", "each article, link back to the news at the top"),
  slot("news", "article", "sourceButton", "each article from elsewhere, button to its original source"),
  slot("news", "articleCta", "title", "invitation to get in touch under each article, heading"),
  slot("news", "articleCta", "text", "invitation to get in touch under each article, text"),
  slot("news", "articleCta", "contactButton", "invitation to get in touch under each article, contact button"),
  slot("news", "articleCta", "bookButton", "invitation to get in touch under each article, booking button"),
  slot("news", "article", "relatedTitle", "each article, heading of the related articles at the bottom"),
  slot("contact", "share", "title", SHARE_TITLE),
  slot("contact", "hero", "eyebrow", "small word above the big title"),
  slot("contact", "hero", "title", "big title at the top"),
  slot("contact", "hero", "intro", "line under the big title"),
  slot("contact", "hero", "responsePromise", "first point under the title (when we reply)"),
  slot("contact", "hero", "confidential", "second point under the title (confidentiality)"),
  slot("contact", "hero", "callPrompt", "third point under the title, before the phone number"),
  slot("contact", "form", "title", "heading above the form"),
  slot("contact", "details", "title", "heading of the contact details"),
  slot("contact", "details", "intro", "line under the contact details heading"),
  slot("contact", "details", "followTitle", "heading above the social media links"),
  slot("contact", "map", "title", "heading of the map"),
  slot("footer", "description", "text", "text about the clinic"),
];

type Placed = { page: string; section: string; key: string };

const slotId = (item: Placed) => `${item.page}/${item.section}/${item.key}`;
const SLOT_INDEX = new Map(CONTENT_SLOTS.map((entry, index) => [slotId(entry), index]));
const PAGE_INDEX = new Map(CONTENT_PAGES.map((entry, index) => [entry.page, index]));

export function contentSlot(item: Placed): ContentSlot | undefined {
  const index = SLOT_INDEX.get(slotId(item));
  return index === undefined ? undefined : CONTENT_SLOTS[index];
}

/** A page's plain name: "Home", or (a page staff added) the value as it is written. */
export function contentPageName(page: string): string {
  return CONTENT_PAGES.find((entry) => entry.page === page)?.name ?? page;
}

/** "Home: big title at the top"; an item staff added: "offers: Spring sale, headline" (its page as they wrote it). */
export function contentLabel(item: Placed): string {
  const known = contentSlot(item);
  if (known) return `${contentPageName(item.page)}: ${known.label}`;
  return `${contentPageName(item.page)}: ${readable(item.section)}, ${readable(item.key).toLowerCase()}`;
}

/** The public address the live preview shows for an item: its page's ("/" for the footer and unknown pages). */
export function contentPreviewPath(item: Placed): string {
  if (item.page === "news" && (item.section === "articleCta" || item.section === "article")) return "/news/1";
  return CONTENT_PAGES.find((entry) => entry.page === item.page)?.path ?? "/";
}

/**
 * Sorts items as the pages show them: known pages first in menu order (other pages after, by name);
 * within a page, the known texts top to bottom, then the others by sort order; the id breaks ties.
 */
export function inPageOrder<T extends Placed & { sortOrder: number; id: number }>(items: readonly T[]): T[] {
  const pageRank = (page: string) => PAGE_INDEX.get(page) ?? CONTENT_PAGES.length;
  const slotRank = (item: T) => SLOT_INDEX.get(slotId(item)) ?? CONTENT_SLOTS.length;
  return [...items].sort(
    (a, b) =>
      pageRank(a.page) - pageRank(b.page) ||
      (pageRank(a.page) === CONTENT_PAGES.length ? a.page.localeCompare(b.page) : 0) ||
      slotRank(a) - slotRank(b) ||
      a.sortOrder - b.sortOrder ||
      a.id - b.id,
  );
}
