import { z } from "zod";
import { INT4_MAX, recordId, wholeNumber } from "./fields";
import { id, nullableText, timestamp } from "./answers";

/**
 * Version history of the records whose text staff write: news articles, services and website content
 * items. Shared by the server (what a version keeps, its summary) and the portal (the comparison), so
 * a field's name is written once.
 */
export const VERSION_KINDS = ["news", "service", "content"] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/**
 * The fields a version keeps, per kind: those staff edit, in the editor's order, with the names the
 * comparison and the summaries show. Ids, timestamps and the author are the record's, not a version's.
 */
export const VERSIONED_FIELDS = {
  news: {
    title: "Title",
    slug: "Slug",
    summary: "Summary",
    content: "Content",
    externalUrl: "External URL",
    thumbnailUrl: "Thumbnail URL",
    thumbnailAlt: "Thumbnail alt text",
    metaTitle: "Meta title",
    metaDescription: "Meta description",
    tags: "Tags",
    isPublished: "Published",
    publishedAt: "Publication date",
  },
  service: {
    title: "Title",
    slug: "URL slug",
    shortDescription: "Short description",
    description: "Full description",
    imageUrl: "Image",
    imageAlt: "Image alt text",
    offeredOnContactForm: "Offered on the contact form",
    sections: "Page sections",
    isPublished: "Published",
  },
  content: {
    page: "Page",
    section: "Section",
    key: "Key",
    content: "Content",
    contentType: "Content type",
    isVisible: "Visible",
    sortOrder: "Sort order",
  },
} as const satisfies Record<VersionKind, Record<string, string>>;

/** A field as a version stores it: text (dates as ISO 8601), a number, yes or no, or nothing. */
export type VersionValue = string | number | boolean | null;
export type VersionFields = Record<string, VersionValue>;

/** The field names of a kind, in order. */
export function versionedFieldNames(kind: VersionKind): string[] {
  return Object.keys(VERSIONED_FIELDS[kind]);
}

/** The readable name of a field ("Meta title"). */
export function versionedFieldLabel(kind: VersionKind, field: string): string {
  return (VERSIONED_FIELDS[kind] as Record<string, string>)[field] ?? field;
}

/** The fields whose values differ between two versions of a record, in the kind's order. */
export function changedFields(kind: VersionKind, before: VersionFields, after: VersionFields): string[] {
  return versionedFieldNames(kind).filter((field) => (before[field] ?? null) !== (after[field] ?? null));
}

/** How a version came to be: the record's creation, a save, a restore, or the state it had when history began. */
export type VersionEvent = "created" | "updated" | "restored" | "before_history";

/** One record's history: which kind, which record. */
export const versionsOfRecord = z.object({
  kind: z.enum(VERSION_KINDS, { error: "Kind must be news, service or content" }),
  recordId,
});

/** One version of one record. */
export const versionOfRecord = versionsOfRecord.extend({
  version: wholeNumber(1, INT4_MAX, "Must be a version number"),
});

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

const versionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const versionAnswer = z
  .object({
    version: id,
    event: z.enum(["created", "updated", "restored", "before_history"]),
    restoredFrom: id.nullable(),
    changedFields: z.array(z.string()),
    savedById: id.nullable(),
    savedByName: nullableText.describe("Null for the state from before the history began"),
    savedAt: timestamp,
    summary: z.string().describe('In words: "Created", "Changed: Title, Content", "Restored version 2"'),
  })
  .meta({ id: "Version", description: "One saved state of a record." });

export const versionWithFieldsAnswer = versionAnswer
  .extend({ fields: z.record(z.string(), versionValue), current: z.record(z.string(), versionValue) })
  .meta({ id: "VersionWithFields", description: "A version's fields, and the record's current fields to compare them with." });
