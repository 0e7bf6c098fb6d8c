import { and, desc, eq, max } from "drizzle-orm";
import {
  changedFields,
  versionedFieldLabel,
  versionedFieldNames,
  type VersionEvent,
  type VersionFields,
  type VersionKind,
  type VersionValue,
} from "../../shared/schemas/versions";
import type { Database } from "../db/client";
import { newsArticles, recordVersions, services, websiteContent } from "../db/schema";
import { errors } from "../errors";
import { recordWrite, type Actor, type RecordKind } from "./activity";
import { withStoredImage, type StoredImage } from "./uploads";

/**
 * Keeping versions: every create and update of a news article, a service or a content item goes
 * through saveWithVersion, which writes the record, the version it makes and the activity-log line in
 * one transaction. Reading and restoring versions is in versions.ts.
 */

/** A kind of record that keeps a history: how the log names it, and which history it is. */
export interface VersionedKind<Row> extends RecordKind<Row> {
  history: VersionKind;
}

/** A kind whose log lines name a record by its title (news articles, services). */
export function titledKind<Row extends { title: string }>(
  resourceType: string,
  notFound: string,
  history: VersionKind,
): VersionedKind<Row> {
  return { resourceType, notFound, label: (row) => row.title, history };
}

/** A save that restores an earlier version (a normal save has none). */
export interface Restoring {
  version: number;
}

const TABLES = { news: newsArticles, service: services, content: websiteContent } as const;

/**
 * The fields of a row as a version keeps them: the kind's editable fields, dates as ISO text, and a
 * structured value (a service's sections) as its JSON text, indented so the comparison reads line by
 * line; a restore gives that text back to the update schema, which parses it.
 */
export function snapshotOf(kind: VersionKind, row: Record<string, unknown>): VersionFields {
  return Object.fromEntries(
    versionedFieldNames(kind).map((field) => {
      const value = row[field];
      if (value instanceof Date) return [field, value.toISOString()];
      if (value !== null && typeof value === "object") return [field, JSON.stringify(value, null, 2)];
      return [field, (value ?? null) as VersionValue];
    }),
  );
}

/** The record as it is now (no lock), or undefined. */
export async function readRecord(db: Database, kind: VersionKind, id: number): Promise<Record<string, unknown> | undefined> {
  const table = TABLES[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row;
}

/**
 * Writes a record (`id` null: a creation) and keeps the version the write makes, with its activity-log
 * line, all in one transaction. Before an update the record's row is locked, so two saves of one
 * record number their versions one after the other; a record saved for the first time since the
 * history began first gets a version holding the state it had, so nothing anyone saved is lost. A
 * restore is logged as "restore" with the version it brought back and the one it made.
 */
export async function saveWithVersion<Row extends { id: number }>(
  db: Database,
  actor: Actor,
  kind: VersionedKind<Row>,
  id: number | null,
  write: (tx: Database) => Promise<Row | undefined>,
  restoring?: Restoring,
): Promise<Row> {
  const history = kind.history;
  return db.transaction(async (tx) => {
    let before: VersionFields | null = null;
    let latest = 0;
    if (id !== null) {
      const table = TABLES[history];
      const [current] = await tx.select().from(table).where(eq(table.id, id)).for("update");
      if (!current) throw errors.notFound(kind.notFound);
      before = snapshotOf(history, current);
      latest = await latestVersion(tx, history, id);
      if (latest === 0) {
        await tx.insert(recordVersions).values({
          kind: history,
          recordId: id,
          version: 1,
          event: "before_history",
          fields: before,
          changedFields: [],
          savedAt: current.updatedAt,
        });
        latest = 1;
      }
    }
    const row = await write(tx);
    if (!row) throw errors.notFound(kind.notFound);
    const fields = snapshotOf(history, row as unknown as Record<string, unknown>);
    const version = latest + 1;
    const event: VersionEvent = restoring ? "restored" : before ? "updated" : "created";
    await tx.insert(recordVersions).values({
      kind: history,
      recordId: row.id,
      version,
      event,
      restoredFrom: restoring?.version ?? null,
      fields,
      changedFields: before ? changedFields(history, before, fields) : [],
      savedById: actor.adminId,
      savedByName: actor.username.slice(0, 200),
    });
    const action = restoring ? "restore" : before ? "update" : "create";
    return recordWrite(tx, actor, action, kind, row, restoring ? { version: restoring.version, newVersion: version } : undefined);
  });
}

async function latestVersion(db: Database, kind: VersionKind, recordId: number): Promise<number> {
  const [row] = await db
    .select({ version: max(recordVersions.version) })
    .from(recordVersions)
    .where(and(eq(recordVersions.kind, kind), eq(recordVersions.recordId, recordId)));
  return row?.version ?? 0;
}

/** What the history shows of a version: who saved it, when, and what it did, without its fields. */
const entryColumns = {
  version: recordVersions.version,
  event: recordVersions.event,
  restoredFrom: recordVersions.restoredFrom,
  changedFields: recordVersions.changedFields,
  savedById: recordVersions.savedById,
  savedByName: recordVersions.savedByName,
  savedAt: recordVersions.savedAt,
};

export interface VersionEntry {
  version: number;
  event: VersionEvent;
  restoredFrom: number | null;
  changedFields: string[];
  savedById: number | null;
  /** Null for the state from before the history began. */
  savedByName: string | null;
  savedAt: Date;
  /** In words: "Created", "Changed: Title, Content", "Restored version 2", ... */
  summary: string;
}

function describe(kind: VersionKind, row: Omit<VersionEntry, "event" | "summary"> & { event: string }): VersionEntry {
  const event = row.event as VersionEvent;
  return { ...row, event, summary: summaryOf(kind, event, row.changedFields, row.restoredFrom) };
}

/** The short summary of a version, for the history list. */
function summaryOf(kind: VersionKind, event: VersionEvent, changed: string[], restoredFrom: number | null): string {
  switch (event) {
    case "before_history":
      return "As it was before version history began";
    case "created":
      return "Created";
    case "restored":
      return `Restored version ${restoredFrom}`;
    default:
      return changed.length > 0
        ? `Changed: ${changed.map((field) => versionedFieldLabel(kind, field)).join(", ")}`
        : "Saved without changes";
  }
}

/** A record's versions, newest first. */
export async function listVersions(db: Database, kind: VersionKind, recordId: number): Promise<VersionEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(recordVersions)
    .where(and(eq(recordVersions.kind, kind), eq(recordVersions.recordId, recordId)))
    .orderBy(desc(recordVersions.version));
  return rows.map((row) => describe(kind, row));
}

/** One version with its fields, or undefined. */
export async function findVersion(
  db: Database,
  kind: VersionKind,
  recordId: number,
  version: number,
): Promise<(VersionEntry & { fields: VersionFields }) | undefined> {
  const [row] = await db
    .select({ ...entryColumns, fields: recordVersions.fields })
    .from(recordVersions)
    .where(and(eq(recordVersions.kind, kind), eq(recordVersions.recordId, recordId), eq(recordVersions.version, version)));
  return row ? { ...describe(kind, row), fields: row.fields } : undefined;
}

/**
 * saveWithVersion for a record that carries a picture (a news thumbnail, a service's image): an uploaded
 * `file` is stored first, handed to `write`, and removed again when the save fails.
 */
export function saveWithPicture<Row extends { id: number }>(
  db: Database,
  actor: Actor,
  kind: VersionedKind<Row>,
  id: number | null,
  file: File | undefined,
  write: (tx: Database, stored: StoredImage | null) => Promise<Row | undefined>,
  restoring?: Restoring,
): Promise<Row> {
  return withStoredImage(db, file, (stored) => saveWithVersion(db, actor, kind, id, (tx) => write(tx, stored), restoring));
}
