import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The about words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    // The home and About pages' headings, intros and buttons are content items staff edit (issue 22):
    // their defaults are with their pages' other words (the `D` group of each part here).
    about: {
      chooseLanguage: "Language",
    },
    team: {
      loadError: "Failed to load team data. Please try again later.",
    },
  },
  TH: {
    about: {
      teamLoading: "Loading team",
      teamEmpty: "Our team will be introduced here soon.",
    },
  },
  TS: {
    aboutTitle: "About Us",
    aboutDescription:
      "Meet the clinicians of our Millcreek, Utah regenerative wellness clinic: our mission, our whole-person " +
      "approach to stem cell and ozone therapy, and the team who will care for you.",
  },
  D: {
    ABOUT_MISSION: {
      eyebrow: "Who we are",
      title: "Our Mission",
      paragraph1:
        "Our mission is to offer thoughtful, evidence-informed regenerative care in a setting where patients " +
        "feel heard, informed and respected.",
      paragraph2: "We believe good care is personal: time for real conversations, clear explanations, and honest expectations.",
      paragraph3: "Rooted in Millcreek, we are proud to serve neighbours from across the Salt Lake Valley.",
    },
    ABOUT_APPROACH: {
      eyebrow: "How we work",
      title: "Our Approach",
      content:
        "We look at the whole person: body, mind and daily life. A consultation comes first, then a plan we adjust together as you heal.",
      button: "Explore Our Approach",
    },
    ABOUT_HEAD: {
      title: `About ${BRAND}`,
      intro:
        "A regenerative wellness clinic in Millcreek, Utah, built on listening, clear explanations and care that treats the whole person.",
    },
    ABOUT_INSIGHTS: {
      title: "Cultural Wellness Insights",
      intro: "Wellness traditions shape how each of us heals. Choose a language to read a few reflections from our care team.",
    },
    ABOUT_TEAM: {
      eyebrow: "Our people",
      title: "Our Team",
      intro: "Experienced clinicians and a friendly care team who take time to get to know you.",
    },
  },
} satisfies Words;
