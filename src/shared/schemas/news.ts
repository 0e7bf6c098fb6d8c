import { z } from "zod";
import { NEWS_PAGE_SIZE } from "../news-paging";
import {
  langField,
  formBoolean,
  formDate,
  jsonOrForm,
  wholeNumber,
  optionalFile,
  optionalHttpUrl,
  optionalImageUrl,
  optionalText,
  recordId,
  SLUG_PATTERN,
} from "./fields";
import { hasLanguages, id, inLanguage, nullableText, pageOf, timestamp, uploadSize } from "./answers";

/** Article form (admin-portal.md section 5) and the field limits of section 3. */
export const NEWS_MESSAGES = {
  title: "Title must be at least 3 characters long",
  slug: "Slug must be at least 3 characters long",
  slugPattern: "Slug can only contain lowercase letters, numbers, and hyphens",
  summary: "Summary must be at least 10 characters long",
  url: "Must be a valid URL",
} as const;

export const newsArticleFields = z.object({
  title: z.string({ error: NEWS_MESSAGES.title }).trim().min(3, NEWS_MESSAGES.title).max(255, "Title must be 255 characters or less"),
  slug: z
    .string({ error: NEWS_MESSAGES.slug })
    .trim()
    .min(3, NEWS_MESSAGES.slug)
    .max(255, "Slug must be 255 characters or less")
    .regex(SLUG_PATTERN, NEWS_MESSAGES.slugPattern),
  summary: z.string({ error: NEWS_MESSAGES.summary }).trim().min(10, NEWS_MESSAGES.summary),
  content: optionalText(),
  externalUrl: optionalHttpUrl(1024, NEWS_MESSAGES.url),
  thumbnailUrl: optionalImageUrl(1024, NEWS_MESSAGES.url),
  thumbnailAlt: optionalText(255, "Thumbnail alt text must be 255 characters or less"),
  metaTitle: optionalText(255, "Meta title must be 255 characters or less"),
  metaDescription: optionalText(),
  tags: optionalText(),
  isPublished: formBoolean(false),
  publishedAt: formDate("Must be a valid date and time", "Publication date must be between 1970 and 9999"),
});

export const newsArticleInput = jsonOrForm(newsArticleFields.extend({ thumbnail: optionalFile }));
export const newsArticleUpdateInput = jsonOrForm(newsArticleFields.extend({ id: recordId, thumbnail: optionalFile }));

/** GET /api/news?page=&pageSize=: one page of the published articles, newest first. */
export const newsPageQuery = z.object({
  page: wholeNumber(1, 1_000_000, "Page must be a whole number from 1").default(1),
  pageSize: wholeNumber(1, 100, "Page size must be a whole number from 1 to 100").default(NEWS_PAGE_SIZE),
  ...langField,
});

/** "Generate slug from title": lowercase, punctuation stripped, spaces become hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
}

/** "Use Summary": a summary over 160 characters is cut to 157 plus an ellipsis. */
export function metaDescriptionFromSummary(summary: string): string {
  return summary.length > 160 ? `${summary.slice(0, 157)}...` : summary;
}

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

const newsArticleAnswerFields = {
  id,
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: nullableText.describe("Sanitised HTML"),
  externalUrl: nullableText,
  thumbnailUrl: nullableText,
  thumbnailAlt: nullableText,
  metaTitle: nullableText,
  metaDescription: nullableText,
  tags: nullableText,
  isPublished: z.boolean(),
  publishedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const newsArticleAnswer = z
  .object({ ...newsArticleAnswerFields, thumbnailSize: uploadSize, ...inLanguage, ...hasLanguages })
  .meta({ id: "NewsArticle", description: "A published news article (as visitors see it: no author)." });

export const newsArticlePageAnswer = pageOf(newsArticleAnswer);

export const staffNewsArticleAnswer = z
  .object({ ...newsArticleAnswerFields, authorId: id.nullable() })
  .meta({ id: "StaffNewsArticle", description: "A news article as staff see it: drafts too, with its author's id." });
