import { langQuery, slugParam } from "../../shared/schemas/fields";
import { inLanguage, oneInLanguage } from "../services/translated-reads";
import { newsArticleInput, newsArticleUpdateInput, newsPageQuery } from "../../shared/schemas/news";
import { newsArticleAnswer, newsArticlePageAnswer, staffNewsArticleAnswer } from "../../shared/schemas/news";
import * as news from "../services/news";
import { permitted, publicProcedure, router } from "../trpc";
import { listOf, recordDoors, recordReads, recordWrites } from "./record-writes";
import { publicRead, read } from "./doors";

const tag = "News";
const article = recordDoors("/news", "news.edit", tag, staffNewsArticleAnswer, "an article");

export const newsRouter = router({
  // GET /api/news: the documented whole array; with page or pageSize, one page (news.page below).
  list: publicProcedure
    .meta(
      publicRead(article.path, "Published news articles", "Published articles, newest first.", {
        description:
          "Without `page` and `pageSize`: every published article, newest first. With either: that page, the total " +
          "in `X-Total-Count` and the neighbours in `Link`.",
        answer: { headers: ["X-Total-Count", "Link"] },
      }),
    )
    .input(langQuery)
    .output(listOf(newsArticleAnswer))
    .query(async ({ ctx, input }) => inLanguage(ctx.deps.db, "news", await news.listPublishedArticles(ctx.deps.db), input?.lang)),
  /** One page of the published articles and the total (the News page's Load More Articles). */
  page: publicProcedure
    .meta(publicRead(article.path, "A page of published news articles", "One page.", { onlyWithQuery: true, reply: "page" }))
    .input(newsPageQuery)
    .output(newsArticlePageAnswer)
    .query(async ({ ctx, input }) => {
      const page = await news.listPublishedArticlesPage(ctx.deps.db, input);
      return { ...page, items: await inLanguage(ctx.deps.db, "news", page.items, input.lang) };
    }),
  ...recordReads(article, {
    bySlug: {
      summary: "One published article by its slug",
      answer: "The article.",
      read: news.getPublishedArticleBySlug,
      kind: "news",
      output: newsArticleAnswer,
    },
    byId: { summary: "One article", answer: "The article.", read: news.getArticleById, output: staffNewsArticleAnswer },
  }),
  /** Staff: a draft or scheduled article as its public page would show it (the page's preview). */
  preview: permitted(article.permission)
    .input(slugParam)
    .query(async ({ ctx, input }) =>
      oneInLanguage(ctx.deps.db, "news", await news.getArticleBySlugForPreview(ctx.deps.db, input.slug), input.lang),
    ),
  adminList: permitted(article.permission)
    .meta(read(tag, "/admin/news", "News articles", "Every article, drafts included."))
    .output(listOf(staffNewsArticleAnswer))
    .query(({ ctx }) => news.listAllArticles(ctx.deps.db)),
  ...recordWrites(article, {
    inputs: { create: newsArticleInput, update: newsArticleUpdateInput },
    writers: { create: news.createArticle, update: news.updateArticle, delete: news.deleteArticle },
    publishField: "isPublished",
    create: { description: "An uploaded `thumbnail` file takes priority over `thumbnailUrl`.", multipart: "also", errors: [409] },
    update: {
      description: "Without a file, `thumbnailUrl` decides: absent keeps the current thumbnail, blank removes it.",
      multipart: "also",
      errors: [409],
    },
  }),
});
