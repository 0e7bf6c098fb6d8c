import { T } from "./text";

/**
 * Strings of the news pages and the not-found page that the spec does not give word for word (the
 * spec's own news strings are in text.ts, T.news and T.notFound). Kept here so every user-facing
 * word of these pages can be reviewed in one place.
 */
export const TN = {
  list: {
    eyebrow: "News & Research",
    loading: "Loading articles",
    articlesLabel: "Articles",
  },
  card: {
    /** Read after the link text by screen readers on links that open a new tab. */
    opensInNewTab: "(opens in a new tab)",
  },
  article: {
    loading: "Loading article",
    relatedLoading: "Loading related articles",
  },
  notFound: {
    suggestions: "You might be looking for one of these pages:",
    sections: [
      { href: "/services", label: T.nav.services, text: "Stem cell, ozone and regenerative treatments" },
      { href: "/news", label: T.nav.news, text: "Research, clinic news and patient guides" },
      { href: "/about", label: T.nav.about, text: "Our approach and our team" },
      { href: "/contact", label: T.nav.contact, text: "Book an appointment or ask a question" },
    ],
  },
} as const;
