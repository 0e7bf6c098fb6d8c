import { z } from "zod";
import { idParam } from "../../shared/schemas/fields";
import { newsArticleInput, newsArticleUpdateInput } from "../../shared/schemas/news";
import {
  createArticle,
  deleteArticle,
  getArticleById,
  getPublishedArticleBySlug,
  listAllArticles,
  listPublishedArticles,
  updateArticle,
} from "../services/news";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const newsRouter = router({
  list: publicProcedure.query(({ ctx }) => listPublishedArticles(ctx.deps.db)),
  bySlug: publicProcedure
    .input(z.object({ slug: z.string().trim().min(1).max(255) }))
    .query(({ ctx, input }) => getPublishedArticleBySlug(ctx.deps.db, input.slug)),
  adminList: staffProcedure.query(({ ctx }) => listAllArticles(ctx.deps.db)),
  byId: staffProcedure.input(idParam).query(({ ctx, input }) => getArticleById(ctx.deps.db, input.id)),
  create: staffProcedure
    .meta({ activity: { action: "create", resource: "news_article" } })
    .input(newsArticleInput)
    .mutation(({ ctx, input }) => createArticle(ctx.deps.db, ctx.auth.user.id, input)),
  update: staffProcedure
    .meta({ activity: { action: "update", resource: "news_article" } })
    .input(newsArticleUpdateInput)
    .mutation(({ ctx, input }) => updateArticle(ctx.deps.db, input)),
  delete: staffProcedure
    .meta({ activity: { action: "delete", resource: "news_article" } })
    .input(idParam)
    .mutation(({ ctx, input }) => deleteArticle(ctx.deps.db, input.id)),
});
