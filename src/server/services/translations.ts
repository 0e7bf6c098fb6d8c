import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { LEGAL_KINDS, LEGAL_TEXTS, type LegalKind } from "../../shared/legal";
import { languageOf, type TranslationLanguage } from "../../shared/languages";
import { serviceSections } from "../../shared/schemas/services";
import {
  REQUIRED_TO_PUBLISH,
  TRANSLATION_MESSAGES,
  type TranslatedFields,
  type TranslatedValue,
  type TranslationAnswer,
  type TranslationSaveInput,
  type TranslationsListAnswer,
} from "../../shared/schemas/translations";
import { contentPlace, imagePlace } from "../../shared/site-places";
import { STRUCTURED_FIELDS, TRANSLATABLE, TRANSLATABLE_KINDS, type TranslatableKind } from "../../shared/translatable";
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
import { errors, InputIssuesCause } from "../errors";
import { recordChange, type Actor } from "./activity";
import { sanitizeStaffHtml } from "./html";

/**
 * Staff's translations of the site's records into Spanish and Chinese (issue 27): one row per record
 * and language in `translations`, with its own status and the English fields it was made from
 * (`source`). A translation "needs update" when the English translatable fields differ from its
 * source; the portal then shows each changed field's English then and now. The rules of a save:
 * only the kind's translatable fields (TRANSLATABLE), HTML cleaned like every staff HTML, a service's
 * sections checked with the English schema, and publishing needs what the English form requires.
 * Legal texts are translated as versions of their own (legal-texts.ts); the list reports them too.
 */

// ---------------------------------------------------------------- the English side

/**
 * The translatable fields of a record as they are now (TRANSLATABLE in src/shared/translatable.ts):
 * texts as text (an absent optional one is ""), a service's sections as their structured value. What
 * a translation stores as its `source` and what "needs update" compares, so seeding uses it too.
 */
export function englishFieldsOf(kind: TranslatableKind, row: Record<string, unknown>): TranslatedFields {
  const fields: TranslatedFields = {};
  for (const field of TRANSLATABLE[kind].fields) {
    const value = row[field];
    if (STRUCTURED_FIELDS.has(field)) fields[field] = Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
    else fields[field] = typeof value === "string" ? value : "";
  }
  return fields;
}

/** JSON with object keys in order, so values read back from jsonb (which reorders keys) compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, v]) => `${JSON.stringify(key)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const emptyOf = (field: string): TranslatedValue => (STRUCTURED_FIELDS.has(field) ? [] : "");

/** A stored field (source or translation) as a value of its kind, whatever the row held. */
function valueOf(fields: Record<string, unknown> | null | undefined, field: string): TranslatedValue {
  const value = fields?.[field];
  if (STRUCTURED_FIELDS.has(field)) return Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  return typeof value === "string" ? value : "";
}

/** The translatable fields whose English differs from what a translation was made from, in the kind's order. */
export function changedSourceFields(kind: TranslatableKind, source: Record<string, unknown>, english: TranslatedFields): string[] {
  return TRANSLATABLE[kind].fields.filter((field) => canonical(valueOf(source, field)) !== canonical(english[field] ?? emptyOf(field)));
}

/** Whether the English changed since the translation made from `source`. */
export const needsUpdate = (kind: TranslatableKind, source: Record<string, unknown>, english: TranslatedFields) =>
  changedSourceFields(kind, source, english).length > 0;

const isFilled = (value: TranslatedValue | undefined) =>
  typeof value === "string" ? value.trim() !== "" : Array.isArray(value) && value.length > 0;

/** The fields publishing a translation of this record needs: required by the English form, and filled in the English. */
export function requiredToPublish(kind: TranslatableKind, english: TranslatedFields): string[] {
  return Object.keys(REQUIRED_TO_PUBLISH[kind]).filter((field) => isFilled(english[field]));
}

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

/**
 * Records of a kind with their English fields: one (`id`), the translated ones (`"translated"`), all
 * (nothing). `lock` holds the row until the transaction ends (a save: a delete of the record waits, so
 * its trigger removes the new translation too).
 */
async function readEnglish(
  db: Reader,
  kind: TranslatableKind,
  which: { id: number; lock?: boolean } | "translated",
): Promise<EnglishRecord[]> {
  switch (kind) {
    case "service": {
      const query = db
        .select({
          id: services.id,
          title: services.title,
          shortDescription: services.shortDescription,
          description: services.description,
          imageAlt: services.imageAlt,
          sections: services.sections,
        })
        .from(services)
        .where(which === "translated" ? inArray(services.id, translatedIds(db, kind)) : eq(services.id, which.id));
      const rows = which !== "translated" && which.lock ? await query.for("share") : await query;
      return rows.map((row) => ({ id: row.id, label: row.title, english: englishFieldsOf(kind, row), htmlFields: [] }));
    }
    case "news": {
      const query = db
        .select({
          id: newsArticles.id,
          title: newsArticles.title,
          summary: newsArticles.summary,
          content: newsArticles.content,
          thumbnailAlt: newsArticles.thumbnailAlt,
          metaTitle: newsArticles.metaTitle,
          metaDescription: newsArticles.metaDescription,
        })
        .from(newsArticles)
        .where(which === "translated" ? inArray(newsArticles.id, translatedIds(db, kind)) : eq(newsArticles.id, which.id));
      const rows = which !== "translated" && which.lock ? await query.for("share") : await query;
      return rows.map((row) => ({ id: row.id, label: row.title, english: englishFieldsOf(kind, row), htmlFields: ["content"] }));
    }
    case "team": {
      const query = db
        .select({ id: teamMembers.id, name: teamMembers.name, role: teamMembers.role, bio: teamMembers.bio })
        .from(teamMembers)
        .where(which === "translated" ? inArray(teamMembers.id, translatedIds(db, kind)) : eq(teamMembers.id, which.id));
      const rows = which !== "translated" && which.lock ? await query.for("share") : await query;
      return rows.map((row) => ({ id: row.id, label: row.name, english: englishFieldsOf(kind, row), htmlFields: [] }));
    }
    case "content": {
      const query = db
        .select({
          id: websiteContent.id,
          page: websiteContent.page,
          section: websiteContent.section,
          key: websiteContent.key,
          content: websiteContent.content,
          contentType: websiteContent.contentType,
        })
        .from(websiteContent)
        .where(which === "translated" ? inArray(websiteContent.id, translatedIds(db, kind)) : eq(websiteContent.id, which.id));
      const rows = which !== "translated" && which.lock ? await query.for("share") : await query;
      return rows.map((row) => ({
        id: row.id,
        label: contentPlace(row),
        english: englishFieldsOf(kind, row),
        htmlFields: row.contentType === "html" ? ["content"] : [],
      }));
    }
    case "image": {
      const query = db
        .select({
          id: websiteImages.id,
          page: websiteImages.page,
          section: websiteImages.section,
          key: websiteImages.key,
          altText: websiteImages.altText,
        })
        .from(websiteImages)
        .where(which === "translated" ? inArray(websiteImages.id, translatedIds(db, kind)) : eq(websiteImages.id, which.id));
      const rows = which !== "translated" && which.lock ? await query.for("share") : await query;
      return rows.map((row) => ({ id: row.id, label: imagePlace(row), english: englishFieldsOf(kind, row), htmlFields: [] }));
    }
    case "testimonial": {
      const query = db
        .select({
          id: testimonials.id,
          name: testimonials.name,
          content: testimonials.content,
          service: testimonials.service,
          incentive: testimonials.incentive,
        })
        .from(testimonials)
        .where(
          and(
            eq(testimonials.language, "en"),
            which === "translated" ? inArray(testimonials.id, translatedIds(db, kind)) : eq(testimonials.id, which.id),
          ),
        );
      const rows = which !== "translated" && which.lock ? await query.for("share") : await query;
      return rows.map((row) => ({ id: row.id, label: row.name, english: englishFieldsOf(kind, row), htmlFields: [] }));
    }
  }
}

/** One record's English, or 404 with the kind's own message. */
async function englishRecord(db: Reader, kind: TranslatableKind, id: number, lock = false): Promise<EnglishRecord> {
  const [record] = await readEnglish(db, kind, { id, lock });
  if (!record) throw errors.notFound(NOT_FOUND[kind]);
  return record;
}

/** Every record of a kind as the list names it, in the order its own screen shows them (no long texts read). */
async function labelsOf(db: Database, kind: TranslatableKind): Promise<Array<{ id: number; label: string }>> {
  switch (kind) {
    case "service":
      return (await db.select({ id: services.id, title: services.title }).from(services).orderBy(asc(services.id))).map((row) => ({
        id: row.id,
        label: row.title,
      }));
    case "news":
      return (
        await db
          .select({ id: newsArticles.id, title: newsArticles.title })
          .from(newsArticles)
          .orderBy(desc(sql`coalesce(${newsArticles.publishedAt}, ${newsArticles.createdAt})`), desc(newsArticles.id))
      ).map((row) => ({ id: row.id, label: row.title }));
    case "team":
      return (await db.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).orderBy(asc(teamMembers.id))).map(
        (row) => ({ id: row.id, label: row.name }),
      );
    case "content":
      return (
        await db
          .select({ id: websiteContent.id, page: websiteContent.page, section: websiteContent.section, key: websiteContent.key })
          .from(websiteContent)
          .orderBy(asc(websiteContent.page), asc(websiteContent.section), asc(websiteContent.sortOrder), asc(websiteContent.id))
      ).map((row) => ({ id: row.id, label: contentPlace(row) }));
    case "image":
      return (
        await db
          .select({ id: websiteImages.id, page: websiteImages.page, section: websiteImages.section, key: websiteImages.key })
          .from(websiteImages)
          .orderBy(asc(websiteImages.page), asc(websiteImages.section), asc(websiteImages.sortOrder), asc(websiteImages.id))
      ).map((row) => ({ id: row.id, label: imagePlace(row) }));
    case "testimonial":
      return (
        await db
          .select({ id: testimonials.id, name: testimonials.name })
          .from(testimonials)
          .where(eq(testimonials.language, "en"))
          .orderBy(asc(testimonials.id))
      ).map((row) => ({ id: row.id, label: row.name }));
  }
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

interface TranslationKey {
  kind: TranslatableKind;
  recordId: number;
  language: TranslationLanguage;
}

const whereKey = (key: TranslationKey) =>
  and(eq(translations.kind, key.kind), eq(translations.recordId, key.recordId), eq(translations.language, key.language));

/** Every translatable field of the kind, from what a row holds (a field it lacks is blank). */
function completeFields(kind: TranslatableKind, fields: Record<string, unknown>): TranslatedFields {
  return Object.fromEntries(TRANSLATABLE[kind].fields.map((field) => [field, valueOf(fields, field)]));
}

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
        before: valueOf(row.source, field),
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

type Issue = { path: PropertyKey[]; message: string };
const refuse = (issues: Issue[]) =>
  new TRPCError({ code: "BAD_REQUEST", message: issues[0]!.message, cause: new InputIssuesCause(issues) });

/**
 * A draft's blank texts stand in as this while the sections schema checks everything else (input never holds a NUL: the storable-text rule
 * refuses it).
 */
const BLANK = "\u0000";
function markBlanks(value: unknown, key?: string): unknown {
  if (typeof value === "string") return key !== "kind" && value.trim() === "" ? BLANK : value;
  if (Array.isArray(value)) return value.map((item) => markBlanks(item));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markBlanks(v, k)]));
  return value;
}
function unmarkBlanks(value: unknown): unknown {
  if (value === BLANK) return "";
  if (Array.isArray(value)) return value.map(unmarkBlanks);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unmarkBlanks(v)]));
  return value;
}

/** The sections' structure: each section's kind and number of items. */
const structureOf = (sections: ReadonlyArray<Record<string, unknown>>) =>
  sections.map((section) => `${String(section.kind)}:${Array.isArray(section.items) ? section.items.length : 0}`).join("|");

/**
 * A translation's sections, checked with the English schema (serviceSections): kinds, items, lengths.
 * A draft may leave texts blank; a published translation fills every one, and follows the English
 * sections' structure (the same kinds in the same order, the same number of items).
 */
function checkedSections(value: TranslatedValue, publishing: boolean, english: TranslatedValue): Array<Record<string, unknown>> {
  const sections = Array.isArray(value) ? value : [];
  if (sections.length === 0) return [];
  const parsed = serviceSections.safeParse(publishing ? sections : markBlanks(sections));
  if (!parsed.success)
    throw refuse(parsed.error.issues.map((issue) => ({ path: ["fields", "sections", ...issue.path], message: issue.message })));
  const checked = (publishing ? parsed.data : unmarkBlanks(parsed.data)) as Array<Record<string, unknown>>;
  if (publishing && structureOf(checked) !== structureOf(Array.isArray(english) ? english : []))
    throw errors.invalidField(["fields", "sections"], TRANSLATION_MESSAGES.sectionsShape);
  return checked;
}

/** Publishing: each field the English form requires, filled in the English, is filled here too. */
function refuseIncomplete(kind: TranslatableKind, english: TranslatedFields, fields: TranslatedFields): void {
  const messages = REQUIRED_TO_PUBLISH[kind] as Record<string, string>;
  const issues = requiredToPublish(kind, english)
    .filter((field) => !isFilled(fields[field]))
    .map((field) => ({ path: ["fields", field], message: messages[field]! }));
  if (issues.length > 0) throw refuse(issues);
}

/** The activity log's and the answers' name of a translation: "Ozone Therapy (Spanish translation)". */
const translationLabel = (label: string, language: TranslationLanguage) => `${label} (${languageOf(language).name} translation)`;

/**
 * Saves a record's translation in a language (created or replaced): HTML fields cleaned like every
 * staff HTML, sections checked with the English schema, and, to publish, every field the English
 * requires filled. Its `source` is the record's English translatable fields at this moment. Logged.
 * Unknown record: 404. Answers the translation as getTranslation does.
 */
export async function saveTranslation(db: Database, actor: Actor, input: TranslationSaveInput): Promise<TranslationAnswer> {
  const { kind, recordId, language, status } = input;
  const publishing = status === "published";
  await db.transaction(async (tx) => {
    const record = await englishRecord(tx, kind, recordId, true);
    const fields: TranslatedFields = completeFields(kind, input.fields);
    for (const field of record.htmlFields) fields[field] = sanitizeStaffHtml(String(fields[field] ?? "")).trim();
    for (const field of TRANSLATABLE[kind].fields)
      if (STRUCTURED_FIELDS.has(field)) fields[field] = checkedSections(fields[field]!, publishing, record.english[field]!);
    if (publishing) refuseIncomplete(kind, record.english, fields);

    const [existing] = await tx.select({ status: translations.status }).from(translations).where(whereKey(input)).for("update");
    const values = { fields, status, source: record.english, updatedAt: new Date(), updatedByName: actor.username };
    await tx
      .insert(translations)
      .values({ kind, recordId, language, ...values })
      .onConflictDoUpdate({ target: [translations.kind, translations.recordId, translations.language], set: values });
    await recordChange(tx, actor, {
      action: existing ? "update" : "create",
      resourceType: "translation",
      resourceId: `${kind}:${recordId}:${language}`,
      label: translationLabel(record.label, language),
      details: { kind, recordId, language, status, ...(existing && existing.status !== status ? { previousStatus: existing.status } : {}) },
    });
  });
  return getTranslation(db, kind, recordId, language);
}

/** Removes a record's translation in a language (the site shows the English there again). Unknown record or no translation: 404. Logged. */
export async function deleteTranslation(db: Database, actor: Actor, key: TranslationKey): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await englishRecord(tx, key.kind, key.recordId);
    const [gone] = await tx.delete(translations).where(whereKey(key)).returning({ status: translations.status });
    if (!gone) throw errors.notFound(TRANSLATION_MESSAGES.notFound);
    await recordChange(tx, actor, {
      action: "delete",
      resourceType: "translation",
      resourceId: `${key.kind}:${key.recordId}:${key.language}`,
      label: translationLabel(record.label, key.language),
      details: { kind: key.kind, recordId: key.recordId, language: key.language, status: gone.status },
    });
  });
}
