import { idParam, slugParam } from "../../shared/schemas/fields";
import { newsArticleInput, newsArticleUpdateInput, newsPageQuery } from "../../shared/schemas/news";
import { newsArticleAnswer, newsArticlePageAnswer, staffNewsArticleAnswer } from "../../shared/schemas/outputs";
import * as news from "../services/news";
import { permitted, publicProcedure, router } from "../trpc";
import { listOf, recordWrites } from "./record-writes";

const tag = "News";

export const newsRouter = router({
  // GET /api/news: the documented whole array; with page or pageSize, one page (news.page below).
  list: publicProcedure
    .meta({
      rest: {
        method: "get",
        path: "/news",
        tag: "Public site",
        summary: "Published news articles",
        description: "Without `page` and `pageSize`: every published article, newest first. With either: that page, the total in `X-Total-Count` and the neighbours in `Link`.",
        cached: true,
        answer: { description: "Published articles, newest first.", headers: ["X-Total-Count", "Link"] },
      },
    })
    .output(listOf(newsArticleAnswer))
    .query(({ ctx }) => news.listPublishedArticles(ctx.deps.db)),
  /** One page of the published articles and the total (the News page's Load More Articles). */
  page: publicProcedure
    .meta({ rest: { method: "get", path: "/news", tag: "Public site", summary: "A page of published news articles", onlyWithQuery: true, reply: "page", cached: true, answer: { description: "One page." } } })
    .input(newsPageQuery)
    .output(newsArticlePageAnswer)
    .query(({ ctx, input }) => news.listPublishedArticlesPage(ctx.deps.db, input)),
  bySlug: publicProcedure
    .meta({ rest: { method: "get", path: "/news/:slug", tag: "Public site", summary: "One published article by its slug", cached: true, answer: { description: "The article." } } })
    .input(slugParam)
    .output(newsArticleAnswer)
    .query(({ ctx, input }) => news.getPublishedArticleBySlug(ctx.deps.db, input.slug)),
  /** Staff: a draft or scheduled article as its public page would show it (the page's preview). */
  preview: permitted("news.edit").input(slugParam).query(({ ctx, input }) => news.getArticleBySlugForPreview(ctx.deps.db, input.slug)),
  adminList: permitted("news.edit")
    .meta({ rest: { method: "get", path: "/admin/news", tag, summary: "News articles", answer: { description: "Every article, drafts included." } } })
    .output(listOf(staffNewsArticleAnswer))
    .query(({ ctx }) => news.listAllArticles(ctx.deps.db)),
  byId: permitted("news.edit")
    .meta({ rest: { method: "get", path: "/admin/news/:id", tag, summary: "One article", answer: { description: "The article." } } })
    .input(idParam)
    .output(staffNewsArticleAnswer)
    .query(({ ctx, input }) => news.getArticleById(ctx.deps.db, input.id)),
  ...recordWrites(permitted("news.edit"), {
    inputs: { create: newsArticleInput, update: newsArticleUpdateInput },
    writers: { create: news.createArticle, update: news.updateArticle, delete: news.deleteArticle },
    path: "/admin/news",
    tag,
    output: staffNewsArticleAnswer,
    record: "an article",
    publishField: "isPublished",
    create: { description: "An uploaded `thumbnail` file takes priority over `thumbnailUrl`.", multipart: "also", errors: [409] },
    update: { description: "Without a file, `thumbnailUrl` decides: absent keeps the current thumbnail, blank removes it.", multipart: "also", errors: [409] },
  }),
});
