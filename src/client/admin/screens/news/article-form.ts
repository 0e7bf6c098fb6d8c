import type { Dayjs } from "dayjs";
import { fromPicker, toPicker } from "../../dates";
import type { Outputs } from "../../outputs";

/**
 * The article editor's fields, written once: each text field and the tab it sits on. The form's
 * values, its initial values, the tab of a field with an error and the multipart payload all derive
 * from this table.
 */
export type Article = Outputs["news"]["byId"];
export type TabKey = "content" | "thumbnail" | "seo" | "publishing";

const TEXT_FIELDS = {
  title: "content",
  slug: "content",
  summary: "content",
  content: "content",
  externalUrl: "content",
  thumbnailUrl: "thumbnail",
  thumbnailAlt: "thumbnail",
  metaTitle: "seo",
  metaDescription: "seo",
  tags: "seo",
} as const satisfies Record<string, TabKey>;

type TextField = keyof typeof TEXT_FIELDS;
const TEXT_FIELD_NAMES = Object.keys(TEXT_FIELDS) as TextField[];

export type ArticleValues = Record<TextField, string> & { isPublished: boolean; publishedAt: Dayjs | null };

/** The tab of every field the server may name (the uploaded file's too). */
export const TAB_OF_FIELD: Record<string, TabKey> = {
  ...TEXT_FIELDS,
  thumbnail: "thumbnail",
  isPublished: "publishing",
  publishedAt: "publishing",
};

export function initialValuesOf(article?: Article): ArticleValues {
  const text = Object.fromEntries(TEXT_FIELD_NAMES.map((name) => [name, article?.[name] ?? ""])) as Record<TextField, string>;
  return {
    ...text,
    isPublished: article?.isPublished ?? false,
    // A new article is dated now; an existing one keeps its date (or none).
    // The picker holds the clinic's wall clock (../../dates.ts), whatever the browser's time zone.
    publishedAt: article ? (article.publishedAt ? toPicker(article.publishedAt) : null) : toPicker(),
  };
}

/** The multipart fields of a save: the non-empty texts, isPublished, publishedAt as a date. */
export function payloadOf(values: ArticleValues, article: Article | undefined, file: File | null): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of TEXT_FIELD_NAMES) {
    const value = (values[key] ?? "").trim();
    if (value) fields[key] = value;
  }
  fields.isPublished = values.isPublished ? "true" : "false";
  if (values.publishedAt) fields.publishedAt = fromPicker(values.publishedAt);
  if (article) {
    fields.id = article.id;
    // A cleared thumbnail URL (and no new file) removes the current thumbnail; absent would keep it.
    if (!file && !fields.thumbnailUrl && article.thumbnailUrl) fields.thumbnailUrl = "";
  }
  return fields;
}
