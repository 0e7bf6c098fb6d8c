/**
 * The public news list is shown 12 at a time (the News page's Load More Articles). Its own module, so
 * the public pages read it without the zod schemas (src/shared/schemas/news.ts takes it from here).
 */
export const NEWS_PAGE_SIZE = 12;
