import { contentItemInput, contentItemUpdateInput, contentQuery, pageFilter } from "../../shared/schemas/content";
import * as content from "../services/content";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { recordWrites } from "./record-writes";

export const contentRouter = router({
  /** GET /api/content?page=&section=: visible items only. */
  get: publicProcedure.input(contentQuery).query(({ ctx, input }) => content.listVisibleContent(ctx.deps.db, input.page, input.section)),
  adminList: staffProcedure.input(pageFilter).query(({ ctx, input }) => content.listAllContent(ctx.deps.db, input?.page || undefined)),
  ...recordWrites(
    staffProcedure,
    { create: contentItemInput, update: contentItemUpdateInput },
    { create: content.createContentItem, update: content.updateContentItem, delete: content.deleteContentItem },
  ),
});
