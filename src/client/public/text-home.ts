import { BRAND, type ContentFields } from "./content-defaults";

/**
 * Strings of the Home, About, Services and Service detail pages that text.ts does not hold (share
 * metadata, loading labels, small connective copy). The spec's own wording stays in text.ts (`T`).
 */
export const TH = {
  services: {
    cardLink: "Learn more",
    /** Read after "Learn more" by screen readers and search engines: " about {title}". */
    cardLinkAbout: (title: string) => ` about ${title}`,
    loading: "Loading services",
    empty: "Our treatments will be listed here soon. Please contact us to ask about a service.",
    detailLoading: "Loading service",
    stepLabel: (n: number) => `Step ${n}`,
  },
  testimonials: {
    region: "Client testimonials",
    loading: "Loading testimonials",
    pageIndicator: (page: number, total: number) => `${page} / ${total}`,
    readMoreLabel: (name: string) => `Read more from ${name}`,
    /** Shown on the card and in the full text when something was given for the testimonial (the FTC's 2024 rule on reviews). */
    incentive: (what: string) => `Received in return for this testimonial: ${what}`,
  },
  about: {
    teamLoading: "Loading team",
    teamEmpty: "Our team will be introduced here soon.",
  },
} as const;

/**
 * A testimonial's visible text: when longer than 100 characters, cut to at most 100 plus "..."
 * (public-site.md section 9), after the last whole word that fits and without the spaces or
 * punctuation before it ("...with my grandkids..." rather than "...with my gran..." or "...kids,...").
 * A first word longer than 100 characters is cut where the 100 end.
 */
export const TESTIMONIAL_EXCERPT_LENGTH = 100;
/** Letters, digits, combining marks and apostrophes ("didn't"): what a word is made of. */
const WORD_CHAR = /[\p{L}\p{N}\p{M}'\u2019]/u;
export function testimonialExcerpt(content: string): { text: string; truncated: boolean } {
  if (content.length <= TESTIMONIAL_EXCERPT_LENGTH) return { text: content, truncated: false };
  const first = content.slice(0, TESTIMONIAL_EXCERPT_LENGTH);
  // A word that goes on past the 100 is dropped whole; then what is not a word before the cut.
  const words = (WORD_CHAR.test(content.charAt(TESTIMONIAL_EXCERPT_LENGTH)) ? first.replace(/[\p{L}\p{N}\p{M}'\u2019]+$/u, "") : first).replace(
    /[^\p{L}\p{N}\p{M}]+$/u,
    "",
  );
  return { text: `${words || first}...`, truncated: true };
}

/** Initials for the avatar shown when a testimonial has no photo ("Karen M." -> "KM"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((part) => part.charAt(0).toUpperCase()).join("");
}

/**
 * Defaults of the page's texts staff edit in Website Content (content items; issue 22): until then
 * constants of the page. The words stay the spec's and are seeded as they are (seed-data.ts, PAGE_TEXTS).
 */
/** The closing call to action (public-site.md section 2). */
export const HOME_CTA = {
  title: "Ready to Start Your Wellness Journey?",
  text: "Tell us a little about your goals and we'll get back to you within 24 hours to plan your consultation.",
  bookButton: "Book Your Appointment",
  contactButton: "Contact Us",
} satisfies ContentFields;
/** The home page's Our Services section (public-site.md section 2). */
export const HOME_SERVICES = {
  eyebrow: "Treatments",
  title: "Our Services",
  intro: "Regenerative treatments designed around you and delivered with care.",
  button: "Book Your Service",
} satisfies ContentFields;
/** The home page's testimonials section. */
export const HOME_TESTIMONIALS = {
  eyebrow: "Testimonials",
  title: "What Our Clients Say",
  intro: "Experiences shared by patients from across the Salt Lake Valley.",
} satisfies ContentFields;
/** A service page's buttons (View All Services also on its not-found state). */
export const SERVICE_DETAIL = { bookButton: "Book This Service", allButton: "View All Services" } satisfies ContentFields;
/** The About page's heading and the line under it. */
export const ABOUT_HEAD = {
  title: `About ${BRAND}`,
  intro: "A regenerative wellness clinic in Millcreek, Utah, built on listening, clear explanations and care that treats the whole person.",
} satisfies ContentFields;
/** The About page's Cultural Wellness Insights card: its heading and the line under it. */
export const ABOUT_INSIGHTS = {
  title: "Cultural Wellness Insights",
  intro: "Wellness traditions shape how each of us heals. Choose a language to read a few reflections from our care team.",
} satisfies ContentFields;
/** The About page's team section. */
export const ABOUT_TEAM = {
  eyebrow: "Our people",
  title: "Our Team",
  intro: "Experienced clinicians and a friendly care team who take time to get to know you.",
} satisfies ContentFields;
