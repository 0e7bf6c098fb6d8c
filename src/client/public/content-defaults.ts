import { BRAND } from "./text";

/**
 * Built-in default text, used field by field when an editable content item is missing or hidden
 * (public-site.md section 3: entries are flattened into named fields; defaults fill the gaps).
 */
export type ContentFields = Partial<Record<"title" | "subtitle" | "paragraph1" | "paragraph2" | "paragraph3" | "content" | "text", string>>;

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
} satisfies Record<string, ContentFields>;
