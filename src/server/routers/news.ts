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
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const newsRouter = router({
  list: publicProcedure.query(({ ctx }) => listPublishedArticles(ctx.deps.db)),
  bySlug: publicProcedure
    .input(z.object({ slug: z.string().trim().min(1).max(255) }))
    .query(({ ctx, input }) => getPublishedArticleBySlug(ctx.deps.db, input.slug)),
  adminList: staffProcedure.query(({ ctx }) => listAllArticles(ctx.deps.db)),
  byId: staffProcedure.input(idParam).query(({ ctx, input }) => getArticleById(ctx.deps.db, input.id)),
  create: staffProcedure
    .input(newsArticleInput)
    .mutation(({ ctx, input }) => createArticle(ctx.deps.db, actorOf(ctx), input)),
  update: staffProcedure
    .input(newsArticleUpdateInput)
    .mutation(({ ctx, input }) => updateArticle(ctx.deps.db, actorOf(ctx), input)),
  delete: staffProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteArticle(ctx.deps.db, actorOf(ctx), input.id)),
});
