import { BRAND } from "./text";

export { BRAND };

/**
 * Built-in default text, used field by field when an editable content item is missing or hidden
 * (public-site.md section 3: entries are flattened into named fields; defaults fill the gaps).
 */
export type ContentFields = Partial<Record<string, string>>;

export const HOME_HERO = {
  eyebrow: "Millcreek, Utah",
  title: "Regenerative Wellness in Millcreek, Utah",
  subtitle: "Stem cell and ozone therapies guided by experienced clinicians, to help your body heal itself.",
  bookButton: "Book Appointment",
  browseButton: "Explore Services",
} satisfies ContentFields;
export const HOME_WELCOME = {
  eyebrow: "Welcome",
  title: `Welcome to ${BRAND}`,
  paragraph1: "We are a regenerative wellness clinic in Millcreek, Utah, helping people move, recover and feel better with treatments that work with the body's own healing processes.",
  paragraph2: "Every plan starts with listening: we take time to understand your history and goals, and explain your options plainly.",
  link: "Learn more about our approach",
} satisfies ContentFields;
export const ABOUT_MISSION = {
  eyebrow: "Who we are",
  title: "Our Mission",
  paragraph1: "Our mission is to offer thoughtful, evidence-informed regenerative care in a setting where patients feel heard, informed and respected.",
  paragraph2: "We believe good care is personal: time for real conversations, clear explanations, and honest expectations.",
  paragraph3: "Rooted in Millcreek, we are proud to serve neighbours from across the Salt Lake Valley.",
} satisfies ContentFields;
export const ABOUT_APPROACH = {
  eyebrow: "How we work",
  title: "Our Approach",
  content: "We look at the whole person: body, mind and daily life. A consultation comes first, then a plan we adjust together as you heal.",
  button: "Explore Our Approach",
} satisfies ContentFields;
export const SERVICES_HERO = {
  title: "Our Services",
  subtitle: "Regenerative treatments tailored to you, delivered with care in our Millcreek clinic.",
} satisfies ContentFields;

// The calls to action and the news and contact pages' texts have their defaults with their pages' other
// words: text-home.ts (HOME_CTA), text-news.ts (NEWS_HERO, NEWS_ARTICLE_CTA), text-contact.ts (CONTACT_*),
// so that each page carries only its own.
