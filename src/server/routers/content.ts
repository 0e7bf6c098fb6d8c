import { contentItemInput, contentItemUpdateInput, contentQuery, pageFilter } from "../../shared/schemas/content";
import { contentItemAnswer } from "../../shared/schemas/outputs";
import * as content from "../services/content";
import { inLanguage } from "../services/translated-reads";
import { permitted, publicProcedure, router } from "../trpc";
import { listOf, recordWrites } from "./record-writes";
import { publicRead, read } from "./doors";

const tag = "Website content";

export const contentRouter = router({
  /** GET /api/content?page=&section=: visible items only. */
  get: publicProcedure
    .meta(publicRead("/content", "Visible texts of a page", "The page's visible content items, by section and order."))
    .input(contentQuery)
    .output(listOf(contentItemAnswer))
    .query(async ({ ctx, input }) =>
      inLanguage(ctx.deps.db, "content", await content.listVisibleContent(ctx.deps.db, input.page, input.section), input.lang),
    ),
  adminList: permitted("content.edit")
    .meta(read(tag, "/admin/content", "Content items", "Every content item (of one page, when given), hidden ones too."))
    .input(pageFilter)
    .output(listOf(contentItemAnswer))
    .query(({ ctx, input }) => content.listAllContent(ctx.deps.db, input?.page || undefined)),
  ...recordWrites(
    permitted("content.edit"),
    { path: "/content", permission: "content.edit", tag, output: contentItemAnswer, record: "a content item" },
    {
      inputs: { create: contentItemInput, update: contentItemUpdateInput },
      writers: { create: content.createContentItem, update: content.updateContentItem, delete: content.deleteContentItem },
      create: { errors: [409] },
      update: { errors: [409] },
    },
  ),
});
