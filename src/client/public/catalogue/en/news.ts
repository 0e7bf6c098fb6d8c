import { FALLBACK_ARTICLES } from "../../../../shared/fallback-news";
import type { Words } from "../parts";

/**
 * The spec's name of the clinic (SPEC_CLINIC_NAME; tests/catalogues.test.ts checks they agree), written here so a page's words load alone.
 */
const BRAND = "Millcreek Regenerative Wellness";

/** The news words of the en catalogue (catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    news: {
      heading: "Latest News & Updates",
      noImage: "No image available",
      externalArticle: "External Article",
      brandNews: `${BRAND} News`,
      dateUnavailable: "Date unavailable",
      viewExternalSource: "View External Source",
      readFullArticle: "Read Full Article",
      allLoaded: "All articles have been loaded.",
      loadError: "We couldn't load the latest articles. Please try again later.",
      refreshPage: "Refresh Page",
      empty: "No news articles available at this time.",
      byline: (date: string) => `By the ${BRAND} Team · ${date}`,
      externalNote: "This article references external research. Read the full study at its original source.",
      notFoundTitle: "Article Not Found",
      notFoundText: "The article you're looking for does not exist or has been removed.",
      articleNotFoundError: "Article not found",
    },
  },
  TN: {
    /** The built-in articles the news pages show when the articles cannot be read (public-site.md section 8): English. */
    fallbackArticles: FALLBACK_ARTICLES,
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
        { href: "/services", label: "Services", text: "Stem cell, ozone and regenerative treatments" },
        { href: "/news", label: "News", text: "Research, clinic news and patient guides" },
        { href: "/about", label: "About", text: "Our approach and our team" },
        { href: "/contact", label: "Contact", text: "Book an appointment or ask a question" },
      ],
    },
  },
  TS: {
    newsTitle: "Latest News & Updates",
    newsDescription:
      `Research summaries, clinic news and practical guides on stem cell and ozone therapy from the team at ` +
      `${BRAND} in Millcreek, Utah.`,
    articleNotFoundDescription: "The article you're looking for does not exist or has been removed.",
  },
  D: {
    NEWS_HERO: {
      eyebrow: "News & Research",
      title: "Latest News & Updates",
      intro: "Research, clinic news and practical guides from our team.",
    },
    NEWS_ARTICLE_CTA: {
      title: "Have Questions About Regenerative Care?",
      text: "Our team is happy to talk through your options.",
      contactButton: "Contact Us",
      bookButton: "Book Consultation",
    },
    NEWS_ARTICLE: { backLink: "Back to News", sourceButton: "Visit Original Source", relatedTitle: "Related Articles" },
    NEWS_LIST: { loadMore: "Load More Articles" },
  },
} satisfies Words;
