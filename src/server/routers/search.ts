import { DEFAULT_LANGUAGE } from "../../shared/languages";
import { searchAnswer, searchQuery } from "../../shared/schemas/search";
import { search } from "../services/search";
import { publicProcedure, router } from "../trpc";
import { read } from "./doors";

/**
 * Site search (issue 39): GET /api/search?q=&lang=&page=, and the results page's read. Never cached
 * and never kept by a browser: the words searched for stay in no cache, table or log.
 */
export const searchRouter = router({
  query: publicProcedure
    .meta(
      read("Public site", "/search", "Search the site", "One page of results, best first.", {
        description:
          "Services (with their sections), the questions of their FAQs, published news articles and the team, in `lang` " +
          "(default en): a record without a published translation in it is searched in English and answered with " +
          '`language: en`. Every word must be found; accents and case do not matter ("terapia" finds "Terapía"); ' +
          "Chinese is found by words and by characters. Ten results a page. The words are not stored or logged.",
        noStore: true,
      }),
    )
    .input(searchQuery)
    .output(searchAnswer)
    .query(({ ctx, input }) => search(ctx.deps.db, ctx.deps.cacheBus, input.q, input.lang ?? DEFAULT_LANGUAGE, input.page)),
});
