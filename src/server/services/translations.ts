import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { LEGAL_KINDS, LEGAL_TEXTS, type LegalKind } from "../../shared/legal";
import type { TranslationLanguage } from "../../shared/languages";
import type { TranslatedFields, TranslationAnswer, TranslationsListAnswer } from "../../shared/schemas/translations";
import { contentPlace, imagePlace } from "../../shared/site-places";
import { TRANSLATABLE_KINDS, type TranslatableKind } from "../../shared/translatable";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import {
  legalTextVersions,
  newsArticles,
  services,
  teamMembers,
  testimonials,
  translations,
  websiteContent,
  websiteImages,
} from "../db/schema";
import { errors } from "../errors";
import {
  changedSourceFields,
  completeFields,
  emptyOf,
  englishFieldsOf,
  needsUpdate,
  requiredToPublish,
  storedValue,
} from "./translation-fields";

/**
 * Staff's translations of the site's records into Spanish and Chinese (issue 27): one row per record
 * and language in `translations`, with its own status and the English fields it was made from
 * (`source`). A translation "needs update" when the English translatable fields differ from its
 * source (./translation-fields.ts); the portal then shows each changed field's English then and now.
 * This module reads them: each record's English, the list of what there is to translate with each
 * language's state, and one translation beside its English now. Saving and deleting one is
 * ./translation-saves.ts. Legal texts are translated as versions of their own (legal-texts.ts); the
 * list reports them too.
 */

// ---------------------------------------------------------------- the English side

/** One record as a translation sees it: how staff name it, its English fields, and which of them hold HTML. */
interface EnglishRecord {
  id: number;
  label: string;
  english: TranslatedFields;
  htmlFields: string[];
}

const NOT_FOUND: Record<TranslatableKind, string> = {
  service: "Service not found",
  news: "Article not found",
  team: "Team member not found",
  content: "Content item not found",
  image: "Image not found",
  // Only a testimonial written in English is translated (a Spanish one shows as the patient wrote it).
  testimonial: "Testimonial not found",
};

type Reader = Database;

/** The ids of `kind` that have a translation (a subquery: no list of parameters, however many). */
const translatedIds = (db: Reader, kind: TranslatableKind) =>
  db.select({ id: translations.recordId }).from(translations).where(eq(translations.kind, kind));

/** The records `which` asks for by the kind's id column: one, or those with a translation. */
function matching(db: Reader, kind: TranslatableKind, id: PgColumn, which: Which) {
  return which === "translated" ? inArray(id, translatedIds(db, kind)) : eq(id, which.id);
}

type Which = { id: number; lock?: boolean } | "translated";
type EnglishRow = { id: number } & Record<string, unknown>;
type Place = { page: string; section: string; key: string };

/**
 * How a kind's English is read: its table, the columns a translation needs, how staff name a record (and
 * in which order they list them), which fields hold HTML.
 */
interface EnglishSource {
  table: PgTable & { id: PgColumn };
  columns: Record<string, PgColumn>;
  /** The columns `label` reads, and the order of the kind's own screen (the list's). */
  named: Record<string, PgColumn>;
  order: SQL[];
  label: (row: EnglishRow) => string;
  html?: (row: EnglishRow) => string[];
  /** Only these records are translated. */
  only?: SQL;
}

/** The `id` and the named columns of `table`, as a select list. */
function columnsOf<Table extends PgTable & { id: PgColumn }>(table: Table, ...names: Array<keyof Table["_"]["columns"] & string>) {
  return Object.fromEntries(["id", ...names].map((name) => [name, (table as unknown as Record<string, PgColumn>)[name]!]));
}

const byTitle = { label: (row: EnglishRow) => String(row.title) };
const byName = { label: (row: EnglishRow) => String(row.name) };

const ENGLISH: Record<TranslatableKind, EnglishSource> = {
  service: {
    table: services,
    columns: columnsOf(services, "title", "shortDescription", "description", "imageAlt", "sections"),
    named: columnsOf(services, "title"),
    order: [asc(services.id)],
    ...byTitle,
  },
  news: {
    table: newsArticles,
    columns: columnsOf(newsArticles, "title", "summary", "content", "thumbnailAlt", "metaTitle", "metaDescription"),
    named: columnsOf(newsArticles, "title"),
    order: [desc(sql`coalesce(${newsArticles.publishedAt}, ${newsArticles.createdAt})`), desc(newsArticles.id)],
    ...byTitle,
    html: () => ["content"],
  },
  team: {
    table: teamMembers,
    columns: columnsOf(teamMembers, "name", "role", "bio"),
    named: columnsOf(teamMembers, "name"),
    order: [asc(teamMembers.id)],
    ...byName,
  },
  content: {
    table: websiteContent,
    columns: columnsOf(websiteContent, "page", "section", "key", "content", "contentType"),
    named: columnsOf(websiteContent, "page", "section", "key"),
    order: [asc(websiteContent.page), asc(websiteContent.section), asc(websiteContent.sortOrder), asc(websiteContent.id)],
    label: (row) => contentPlace(row as EnglishRow & Place),
    html: (row) => (row.contentType === "html" ? ["content"] : []),
  },
  image: {
    table: websiteImages,
    columns: columnsOf(websiteImages, "page", "section", "key", "altText"),
    named: columnsOf(websiteImages, "page", "section", "key"),
    order: [asc(websiteImages.page), asc(websiteImages.section), asc(websiteImages.sortOrder), asc(websiteImages.id)],
    label: (row) => imagePlace(row as EnglishRow & Place),
  },
  // Only a testimonial written in English is translated (a Spanish one shows as the patient wrote it).
  testimonial: {
    table: testimonials,
    columns: columnsOf(testimonials, "name", "content", "service", "incentive"),
    named: columnsOf(testimonials, "name"),
    order: [asc(testimonials.id)],
    ...byName,
    only: eq(testimonials.language, "en"),
  },
};

/**
 * Records of a kind with their English fields: one (`id`), the translated ones (`"translated"`), all
 * (nothing). `lock` holds the row until the transaction ends (a save: a delete of the record waits, so
 * its trigger removes the new translation too).
 */
async function readEnglish(db: Reader, kind: TranslatableKind, which: Which): Promise<EnglishRecord[]> {
  const { table, columns, label, html, only } = ENGLISH[kind];
  const query = db
    .select(columns)
    .from(table)
    .where(and(only, matching(db, kind, table.id, which)));
  const rows = (which !== "translated" && which.lock ? await query.for("share") : await query) as EnglishRow[];
  return rows.map((row) => ({ id: row.id, label: label(row), english: englishFieldsOf(kind, row), htmlFields: html?.(row) ?? [] }));
}

/** One record's English, or 404 with the kind's own message. */
export async function englishRecord(db: Reader, kind: TranslatableKind, id: number, lock = false): Promise<EnglishRecord> {
  const [record] = await readEnglish(db, kind, { id, lock });
  if (!record) throw errors.notFound(NOT_FOUND[kind]);
  return record;
}

/** Every record of a kind as the list names it, in the order its own screen shows them (no long texts read). */
async function labelsOf(db: Database, kind: TranslatableKind): Promise<Array<{ id: number; label: string }>> {
  const { table, named, order, label, only } = ENGLISH[kind];
  const rows = (await db
    .select(named)
    .from(table)
    .where(only)
    .orderBy(...order)) as EnglishRow[];
  return rows.map((row) => ({ id: row.id, label: label(row) }));
}

// ---------------------------------------------------------------- the list

type ListedState = TranslationsListAnswer["records"][number]["languages"]["es"];
const MISSING: ListedState = { state: "missing", needsUpdate: false, updatedAt: null };

/**
 * Every translatable record of the kinds given (all by default) with, per language, whether it has a
 * translation, its status and whether it needs update; and, with `legal`, the three legal texts: per
 * language, whether a version exists and whether the English has a newer version than the one it
 * translates.
 */
export async function listTranslatables(
  db: Database,
  options: { kinds?: readonly TranslatableKind[]; legal?: boolean } = {},
): Promise<TranslationsListAnswer> {
  const kinds = options.kinds ?? TRANSLATABLE_KINDS;
  const records: TranslationsListAnswer["records"] = [];
  if (kinds.length > 0) {
    const rows = await db
      .select({
        kind: translations.kind,
        recordId: translations.recordId,
        language: translations.language,
        status: translations.status,
        source: translations.source,
        updatedAt: translations.updatedAt,
      })
      .from(translations)
      .where(inArray(translations.kind, [...kinds]));
    for (const kind of kinds) {
      const english = new Map((await readEnglish(db, kind, "translated")).map((record) => [record.id, record.english]));
      const states = new Map<string, ListedState>();
      for (const row of rows) {
        if (row.kind !== kind) continue;
        const now = english.get(row.recordId);
        states.set(`${row.recordId}:${row.language}`, {
          state: row.status,
          needsUpdate: now ? needsUpdate(kind, row.source, now) : false,
          updatedAt: row.updatedAt,
        });
      }
      for (const { id, label } of await labelsOf(db, kind)) {
        records.push({
          kind,
          recordId: id,
          label,
          languages: { es: states.get(`${id}:es`) ?? MISSING, zh: states.get(`${id}:zh`) ?? MISSING },
        });
      }
    }
  }
  return { records, legal: options.legal === false ? [] : await legalTranslationStates(db) };
}

/** Each legal text's newest version per language, and whether its translations translate the newest English one. */
async function legalTranslationStates(db: Database): Promise<TranslationsListAnswer["legal"]> {
  const rows = await db
    .select({
      kind: legalTextVersions.kind,
      language: legalTextVersions.language,
      version: legalTextVersions.version,
      sourceVersion: legalTextVersions.sourceVersion,
    })
    .from(legalTextVersions)
    .orderBy(desc(legalTextVersions.version));
  const newest = (kind: LegalKind, language: string) => rows.find((row) => row.kind === kind && row.language === language);
  return LEGAL_KINDS.map((kind) => {
    const englishVersion = newest(kind, "en")?.version ?? null;
    const state = (language: TranslationLanguage) => {
      const row = newest(kind, language);
      if (!row) return { state: "missing" as const, needsUpdate: false, version: null, sourceVersion: null };
      return {
        state: "published" as const,
        needsUpdate: englishVersion !== null && (row.sourceVersion ?? 0) < englishVersion,
        version: row.version,
        sourceVersion: row.sourceVersion,
      };
    };
    return { kind, title: LEGAL_TEXTS[kind].title, englishVersion, languages: { es: state("es"), zh: state("zh") } };
  });
}

// ---------------------------------------------------------------- one translation

export interface TranslationKey {
  kind: TranslatableKind;
  recordId: number;
  language: TranslationLanguage;
}

export const whereKey = (key: TranslationKey) =>
  and(eq(translations.kind, key.kind), eq(translations.recordId, key.recordId), eq(translations.language, key.language));

/**
 * A record's translation in one language, beside its English now: the translation (or null), the
 * fields that hold HTML and those publishing needs, and each English field changed since the
 * translation was saved, with its English then and now. Unknown record: 404.
 */
export async function getTranslation(
  db: Database,
  kind: TranslatableKind,
  recordId: number,
  language: TranslationLanguage,
): Promise<TranslationAnswer> {
  const record = await englishRecord(db, kind, recordId);
  const [row] = await db.select().from(translations).where(whereKey({ kind, recordId, language }));
  const changes = row
    ? changedSourceFields(kind, row.source, record.english).map((field) => ({
        field,
        before: storedValue(row.source, field),
        after: record.english[field] ?? emptyOf(field),
      }))
    : [];
  return {
    kind,
    recordId,
    language,
    label: record.label,
    english: record.english,
    htmlFields: record.htmlFields,
    requiredFields: requiredToPublish(kind, record.english),
    translation: row
      ? { fields: completeFields(kind, row.fields), status: row.status, updatedAt: row.updatedAt, updatedByName: row.updatedByName }
      : null,
    needsUpdate: changes.length > 0,
    changes,
  };
}
