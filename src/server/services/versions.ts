import { z } from "zod";
import { optionalImageUrl } from "../../shared/schemas/fields";
import { newsArticleUpdateInput } from "../../shared/schemas/news";
import { serviceUpdateInput } from "../../shared/schemas/services";
import { contentItemUpdateInput } from "../../shared/schemas/content";
import type { VersionFields, VersionKind } from "../../shared/schemas/versions";
import type { Database } from "../db/client";
import { errors } from "../errors";
import type { Actor } from "./activity";
import { cleanContentForOutput, CONTENT_NOT_FOUND, updateContentItem } from "./content";
import { ARTICLE_NOT_FOUND, cleanArticleForOutput, updateArticle } from "./news";
import { findVersion, listVersions, readRecord, snapshotOf, type Restoring, type VersionEntry } from "./record-versions";
import { SERVICE_NOT_FOUND, updateService } from "./services";

/**
 * The version history staff read and restore (the versions router; keeping versions on save is
 * record-versions.ts). A restore is a save: the version's fields go through the record's own update
 * schema and service function, so the same validation, HTML sanitiser and unique-slug answer (409
 * naming the field) apply as to a save from the editor, and it makes a version of its own.
 */

export const VERSION_NOT_FOUND = "Version not found";

/** A stored image address, checked like the article's thumbnail URL (a service's image arrives as a file otherwise). */
const restoredImage = z.object({ imageUrl: optionalImageUrl(1024, "Must be a valid URL") });

/**
 * Per kind: the answer for an unknown record, how fields are shown (staff HTML sanitised again on the
 * way out, as the record's own reads do), and how a version's fields are saved again.
 */
const RECORDS = {
  news: {
    notFound: ARTICLE_NOT_FOUND,
    shown: (fields: VersionFields) => cleanArticleForOutput(fields as VersionFields & { content: string | null }),
    restore: (db, actor, id, fields, restoring) => updateArticle(db, actor, asInput(newsArticleUpdateInput, { ...fields, id }), restoring),
  },
  service: {
    notFound: SERVICE_NOT_FOUND,
    shown: (fields: VersionFields) => fields,
    restore: (db, actor, id, { imageUrl, ...fields }, restoring) =>
      updateService(db, actor, { ...asInput(serviceUpdateInput, { ...fields, id }), ...asInput(restoredImage, { imageUrl }) }, restoring),
  },
  content: {
    notFound: CONTENT_NOT_FOUND,
    shown: (fields: VersionFields) => cleanContentForOutput(fields as VersionFields & { contentType: string; content: string }),
    restore: (db, actor, id, fields, restoring) =>
      updateContentItem(db, actor, asInput(contentItemUpdateInput, { ...fields, id }), restoring),
  },
} satisfies Record<
  VersionKind,
  {
    notFound: string;
    shown: (fields: VersionFields) => VersionFields;
    restore: (db: Database, actor: Actor, id: number, fields: VersionFields, restoring: Restoring) => Promise<{ id: number }>;
  }
>;

/**
 * A version's fields as the update procedure's input would be, or a 400 naming the first field that
 * no longer passes (a rule may have changed since the version was saved).
 */
function asInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw errors.invalidField(issue.path, issue.message);
}

async function assertRecord(db: Database, kind: VersionKind, recordId: number): Promise<Record<string, unknown>> {
  const current = await readRecord(db, kind, recordId);
  if (!current) throw errors.notFound(RECORDS[kind].notFound);
  return current;
}

/** A record's versions, newest first (404 for an unknown record). */
export async function listRecordVersions(db: Database, ref: { kind: VersionKind; recordId: number }): Promise<VersionEntry[]> {
  await assertRecord(db, ref.kind, ref.recordId);
  return listVersions(db, ref.kind, ref.recordId);
}

/**
 * One version with its fields, and the record's current fields to compare them with; HTML as a restore
 * would save it (sanitised), so the comparison shows what restoring would bring back.
 */
export async function getRecordVersion(db: Database, ref: { kind: VersionKind; recordId: number; version: number }) {
  const current = await assertRecord(db, ref.kind, ref.recordId);
  const version = await findVersion(db, ref.kind, ref.recordId, ref.version);
  if (!version) throw errors.notFound(VERSION_NOT_FOUND);
  const { shown } = RECORDS[ref.kind];
  return { ...version, fields: shown(version.fields), current: shown(snapshotOf(ref.kind, current)) };
}

/**
 * The field of a kind's versions that puts the record live (as the kind's update door has it): restoring a
 * version with it true is publishing, and needs the "publish" permission as such a save does (issue 34).
 */
const PUBLISH_FIELDS: Partial<Record<VersionKind, string>> = { news: "isPublished", service: "isPublished" };

/** Whether restoring the version would put the record live (404s as the restore itself would). */
export async function restoreWouldPublish(db: Database, ref: { kind: VersionKind; recordId: number; version: number }): Promise<boolean> {
  const field = PUBLISH_FIELDS[ref.kind];
  if (!field) return false;
  await assertRecord(db, ref.kind, ref.recordId);
  const version = await findVersion(db, ref.kind, ref.recordId, ref.version);
  return version?.fields[field] === true;
}

/** Brings a version's fields back as a new save (and so a new version); answers the saved record. */
export async function restoreRecordVersion(db: Database, actor: Actor, ref: { kind: VersionKind; recordId: number; version: number }) {
  await assertRecord(db, ref.kind, ref.recordId);
  const version = await findVersion(db, ref.kind, ref.recordId, ref.version);
  if (!version) throw errors.notFound(VERSION_NOT_FOUND);
  return RECORDS[ref.kind].restore(db, actor, ref.recordId, version.fields, { version: version.version });
}
