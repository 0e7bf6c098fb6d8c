import { z } from "zod";
import { contentItemInput, contentItemUpdateInput, contentQuery } from "../../shared/schemas/content";
import { idParam } from "../../shared/schemas/fields";
import {
  createContentItem,
  deleteContentItem,
  listAllContent,
  listVisibleContent,
  updateContentItem,
} from "../services/content";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const contentRouter = router({
  /** GET /api/content?page=&section=: visible items only. */
  get: publicProcedure.input(contentQuery).query(({ ctx, input }) => listVisibleContent(ctx.deps.db, input.page, input.section)),
  adminList: staffProcedure
    .input(z.object({ page: z.string().trim().max(100).optional() }).optional())
    .query(({ ctx, input }) => listAllContent(ctx.deps.db, input?.page || undefined)),
  create: staffProcedure
    .input(contentItemInput)
    .mutation(({ ctx, input }) => createContentItem(ctx.deps.db, actorOf(ctx), input)),
  update: staffProcedure
    .input(contentItemUpdateInput)
    .mutation(({ ctx, input }) => updateContentItem(ctx.deps.db, actorOf(ctx), input)),
  delete: staffProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteContentItem(ctx.deps.db, actorOf(ctx), input.id)),
});
