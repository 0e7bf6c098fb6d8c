import type { Words } from "../parts";

/** The search page's words of the en catalogue (issue 39; catalogue/parts.ts says which page loads them). */
export const WORDS = {
  T: {
    search: {
      title: "Search",
      site: "Search the site",
      lead: "Our services and their questions, our news and our team.",
      label: "Words to search for",
      button: "Search",
      count: (count: number, query: string) => (count === 1 ? `1 result for “${query}”` : `${count} results for “${query}”`),
      none: (query: string) => `Nothing was found for “${query}”.`,
      noneHint: "Try other words, or fewer of them.",
      tooLong: "Search words must be 200 characters or less.",
      failed: "Search is not available right now. Please try again in a moment.",
      writtenInEnglish: "Written in English",
      kinds: { service: "Service", faq: "Question", news: "News", team: "Our team" },
      pages: "Pages of results",
      previous: "Previous page",
      next: "Next page",
      pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    },
  },
  TS: {
    searchTitle: "Search",
    searchDescription: "Search the clinic's services, questions, news and team.",
  },
} satisfies Words;
