import { TRPCError } from "@trpc/server";
import { languageOf, type TranslationLanguage } from "../../shared/languages";
import { serviceSections } from "../../shared/schemas/services";
import {
  REQUIRED_TO_PUBLISH,
  TRANSLATION_MESSAGES,
  type TranslatedFields,
  type TranslatedValue,
  type TranslationAnswer,
  type TranslationSaveInput,
} from "../../shared/schemas/translations";
import { STRUCTURED_FIELDS, TRANSLATABLE, type TranslatableKind } from "../../shared/translatable";
import type { Database } from "../db/client";
import { translations } from "../db/schema";
import { errors, InputIssuesCause } from "../errors";
import { recordChange, type Actor } from "./activity";
import { sanitizeStaffHtml } from "./html";
import { completeFields, isFilled, requiredToPublish } from "./translation-fields";
import { englishRecord, getTranslation, whereKey, type TranslationKey } from "./translations";

/**
 * Saving and deleting a record's translation in one language, each logged. The rules of a save: only
 * the kind's translatable fields (TRANSLATABLE), HTML cleaned like every staff HTML, a service's
 * sections checked with the English schema, and publishing needs what the English form requires.
 */

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
