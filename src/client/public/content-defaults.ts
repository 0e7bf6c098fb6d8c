import { BRAND, T } from "./text";
import { TC } from "./text-contact";
import { TN } from "./text-news";

/**
 * Built-in default text, used field by field when an editable content item is missing or hidden
 * (public-site.md section 3: entries are flattened into named fields; defaults fill the gaps).
 */
export type ContentFields = Partial<Record<string, string>>;

export const CONTENT_DEFAULTS = {
  homeHero: {
    title: "Regenerative Wellness in Millcreek, Utah",
    subtitle: "Stem cell and ozone therapies guided by experienced clinicians, to help your body heal itself.",
  },
  homeWelcome: {
    title: `Welcome to ${BRAND}`,
    paragraph1: "We are a regenerative wellness clinic in Millcreek, Utah, helping people move, recover and feel better with treatments that work with the body's own healing processes.",
    paragraph2: "Every plan starts with listening: we take time to understand your history and goals, and explain your options plainly.",
  },
  aboutMission: {
    title: "Our Mission",
    paragraph1: "Our mission is to offer thoughtful, evidence-informed regenerative care in a setting where patients feel heard, informed and respected.",
    paragraph2: "We believe good care is personal: time for real conversations, clear explanations, and honest expectations.",
    paragraph3: "Rooted in Millcreek, we are proud to serve neighbours from across the Salt Lake Valley.",
  },
  aboutApproach: {
    title: "Our Approach",
    content: "We look at the whole person: body, mind and daily life. A consultation comes first, then a plan we adjust together as you heal.",
  },
  servicesHero: {
    title: "Our Services",
    subtitle: "Regenerative treatments tailored to you, delivered with care in our Millcreek clinic.",
  },
  // The texts below were constants of the pages until staff could edit them (issue 22): their words
  // stay the spec's (text.ts) and are seeded as they are (seed-data.ts, drizzle/0010_page_texts.sql).
  homeCta: { title: T.home.ctaTitle, text: T.home.ctaText },
  newsHero: { eyebrow: TN.list.eyebrow, title: T.news.heading, intro: T.news.intro },
  newsArticleCta: { title: T.news.ctaTitle, text: T.news.ctaText },
  contactHero: {
    eyebrow: TC.hero.eyebrow,
    title: T.contact.heading,
    intro: T.contact.intro,
    responsePromise: TC.hero.responsePromise,
    confidential: TC.hero.confidential,
    callPrompt: TC.hero.callPrompt,
  },
  contactForm: { title: T.contact.subheading },
  contactDetails: { title: T.contact.getInTouch, intro: TC.details.intro },
} satisfies Record<string, ContentFields>;
