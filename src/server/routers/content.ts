import { contentItemInput, contentItemUpdateInput, contentQuery, pageFilter } from "../../shared/schemas/content";
import { contentItemAnswer } from "../../shared/schemas/outputs";
import * as content from "../services/content";
import { permitted, publicProcedure, router } from "../trpc";
import { listOf, recordWrites } from "./record-writes";

const tag = "Website content";

export const contentRouter = router({
  /** GET /api/content?page=&section=: visible items only. */
  get: publicProcedure
    .meta({ rest: { method: "get", path: "/content", tag: "Public site", summary: "Visible texts of a page", cached: true, answer: { description: "The page's visible content items, by section and order." } } })
    .input(contentQuery)
    .output(listOf(contentItemAnswer))
    .query(({ ctx, input }) => content.listVisibleContent(ctx.deps.db, input.page, input.section)),
  adminList: permitted("content.edit")
    .meta({ rest: { method: "get", path: "/admin/content", tag, summary: "Content items", answer: { description: "Every content item (of one page, when given), hidden ones too." } } })
    .input(pageFilter)
    .output(listOf(contentItemAnswer))
    .query(({ ctx, input }) => content.listAllContent(ctx.deps.db, input?.page || undefined)),
  ...recordWrites(permitted("content.edit"), {
    inputs: { create: contentItemInput, update: contentItemUpdateInput },
    writers: { create: content.createContentItem, update: content.updateContentItem, delete: content.deleteContentItem },
    ...{ path: "/admin/content", tag, output: contentItemAnswer, record: "a content item", create: { errors: [409] }, update: { errors: [409] } },
  }),
});
