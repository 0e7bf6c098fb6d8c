import type { ContentFields } from "./content-defaults";
import { T } from "./text";

/**
 * Strings of the news pages and the not-found page that the spec does not give word for word (the
 * spec's own news strings are in text.ts, T.news and T.notFound). Kept here so every user-facing
 * word of these pages can be reviewed in one place.
 */
export const TN = {
  /** What signed-in staff see above a draft or scheduled article they open at its public address. */
  preview: {
    banner: "Preview: not public",
    explain: "Only signed-in staff see this page. Visitors get Page Not Found here until the article is published.",
  },
  list: {
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

/**
 * Defaults of the page's texts staff edit in Website Content (content items; issue 22): until then
 * constants of the page. The words stay the spec's and are seeded as they are (seed-data.ts, PAGE_TEXTS).
 */
export const NEWS_HERO = { eyebrow: "News & Research", title: T.news.heading, intro: "Research, clinic news and practical guides from our team." } satisfies ContentFields;
/** The call to action under each article (public-site.md section 2). */
export const NEWS_ARTICLE_CTA = {
  title: "Have Questions About Regenerative Care?",
  text: "Our team is happy to talk through your options.",
  contactButton: "Contact Us",
  bookButton: "Book Consultation",
} satisfies ContentFields;
/** The article page's other links and headings (also on its not-found state). */
export const NEWS_ARTICLE = { backLink: "Back to News", sourceButton: "Visit Original Source", relatedTitle: "Related Articles" } satisfies ContentFields;
/** The news list's button under the articles. */
export const NEWS_LIST = { loadMore: "Load More Articles" } satisfies ContentFields;
