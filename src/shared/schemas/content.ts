import { z } from "zod";
import { formBoolean, formInteger, langField, recordId, requiredText } from "./fields";
import { inLanguage, recordAnswer, recordTimes } from "./answers";

/** Website content items (admin-portal.md: content form; public-site.md section 3). */
export const CONTENT_TYPES = ["text", "html", "markdown", "url"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_MESSAGES = {
  page: "Page is required",
  section: "Section is required",
  key: "Key is required",
  content: "Content is required",
  contentType: "Content type must be text, html, markdown or url",
} as const;

export const contentItemFields = z.object({
  page: requiredText(CONTENT_MESSAGES.page, 100, "Page must be 100 characters or less"),
  section: requiredText(CONTENT_MESSAGES.section, 100, "Section must be 100 characters or less"),
  key: requiredText(CONTENT_MESSAGES.key, 100, "Key must be 100 characters or less"),
  content: requiredText(CONTENT_MESSAGES.content, 20000, "Content must be 20000 characters or less"),
  contentType: z.enum(CONTENT_TYPES, { error: CONTENT_MESSAGES.contentType }).default("text"),
  isVisible: formBoolean(true),
  sortOrder: formInteger(0, "Sort order must be a whole number"),
});

export const contentItemInput = contentItemFields;
export const contentItemUpdateInput = contentItemFields.extend({ id: recordId });

export const contentQuery = z.object({
  page: z.string({ error: CONTENT_MESSAGES.page }).trim().min(1, CONTENT_MESSAGES.page).max(100),
  section: z.string().trim().max(100).optional(),
  ...langField,
});

/** The admin lists of content items and website images: optionally one page's. */
export const pageFilter = z.object({ page: z.string().trim().max(100).optional() }).optional();

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const contentItemAnswer = recordAnswer({
  page: z.string(),
  section: z.string(),
  key: z.string(),
  content: z.string().describe("Text; sanitised HTML when contentType is html"),
  contentType: z.enum(CONTENT_TYPES),
  isVisible: z.boolean(),
  sortOrder: z.int(),
  ...recordTimes,
  ...inLanguage,
}).meta({ id: "ContentItem", description: "A text of a page's section." });
