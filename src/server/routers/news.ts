import { idParam, slugParam } from "../../shared/schemas/fields";
import { newsArticleInput, newsArticleUpdateInput, newsPageQuery } from "../../shared/schemas/news";
import * as news from "../services/news";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { recordWrites } from "./record-writes";

export const newsRouter = router({
  list: publicProcedure.query(({ ctx }) => news.listPublishedArticles(ctx.deps.db)),
  /** One page of the published articles and the total (the News page's Load More Articles). */
  page: publicProcedure.input(newsPageQuery).query(({ ctx, input }) => news.listPublishedArticlesPage(ctx.deps.db, input)),
  bySlug: publicProcedure.input(slugParam).query(({ ctx, input }) => news.getPublishedArticleBySlug(ctx.deps.db, input.slug)),
  /** Staff: a draft or scheduled article as its public page would show it (the page's preview). */
  preview: staffProcedure.input(slugParam).query(({ ctx, input }) => news.getArticleBySlugForPreview(ctx.deps.db, input.slug)),
  adminList: staffProcedure.query(({ ctx }) => news.listAllArticles(ctx.deps.db)),
  byId: staffProcedure.input(idParam).query(({ ctx, input }) => news.getArticleById(ctx.deps.db, input.id)),
  ...recordWrites(
    staffProcedure,
    { create: newsArticleInput, update: newsArticleUpdateInput },
    { create: news.createArticle, update: news.updateArticle, delete: news.deleteArticle },
  ),
});
