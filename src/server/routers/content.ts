import { contentItemInput, contentItemUpdateInput, contentQuery } from "../../shared/schemas/content";
import { contentItemAnswer } from "../../shared/schemas/content";
import * as content from "../services/content";
import { router } from "../trpc";
import { pageSlotLists, recordDoors, recordWrites } from "./record-writes";

const item = recordDoors("/content", "content.edit", "Website content", contentItemAnswer, "a content item");
const lists = pageSlotLists(item, "content", contentQuery, {
  visible: {
    summary: "Visible texts of a page",
    answer: "The page's visible content items, by section and order.",
    read: content.listVisibleContent,
  },
  all: { summary: "Content items", answer: "Every content item (of one page, when given), hidden ones too.", read: content.listAllContent },
});

export const contentRouter = router({
  /** GET /api/content?page=&section=: visible items only. */
  get: lists.visible,
  adminList: lists.adminList,
  ...recordWrites(item, {
    inputs: { create: contentItemInput, update: contentItemUpdateInput },
    writers: { create: content.createContentItem, update: content.updateContentItem, delete: content.deleteContentItem },
    create: { errors: [409] },
    update: { errors: [409] },
  }),
});
