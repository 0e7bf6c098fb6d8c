import { REQUIRED_TO_PUBLISH, type TranslatedFields, type TranslatedValue } from "../../shared/schemas/translations";
import { STRUCTURED_FIELDS, TRANSLATABLE, type TranslatableKind } from "../../shared/translatable";

/**
 * A record's translatable fields as values, without the database: the English fields as a translation
 * stores them (its `source`), the diff that says a translation needs an update (the English changed
 * since it was made), and the fields publishing needs. Seeding uses them too.
 */

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

export const emptyOf = (field: string): TranslatedValue => (STRUCTURED_FIELDS.has(field) ? [] : "");

/** A stored field (source or translation) as a value of its kind, whatever the row held. */
export function storedValue(fields: Record<string, unknown> | null | undefined, field: string): TranslatedValue {
  const value = fields?.[field];
  if (STRUCTURED_FIELDS.has(field)) return Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  return typeof value === "string" ? value : "";
}

/** The translatable fields whose English differs from what a translation was made from, in the kind's order. */
export function changedSourceFields(kind: TranslatableKind, source: Record<string, unknown>, english: TranslatedFields): string[] {
  return TRANSLATABLE[kind].fields.filter((field) => canonical(storedValue(source, field)) !== canonical(english[field] ?? emptyOf(field)));
}

/** Whether the English changed since the translation made from `source`. */
export const needsUpdate = (kind: TranslatableKind, source: Record<string, unknown>, english: TranslatedFields) =>
  changedSourceFields(kind, source, english).length > 0;

export const isFilled = (value: TranslatedValue | undefined) =>
  typeof value === "string" ? value.trim() !== "" : Array.isArray(value) && value.length > 0;

/** The fields publishing a translation of this record needs: required by the English form, and filled in the English. */
export function requiredToPublish(kind: TranslatableKind, english: TranslatedFields): string[] {
  return Object.keys(REQUIRED_TO_PUBLISH[kind]).filter((field) => isFilled(english[field]));
}

/** Every translatable field of the kind, from what a row holds (a field it lacks is blank). */
export function completeFields(kind: TranslatableKind, fields: Record<string, unknown>): TranslatedFields {
  return Object.fromEntries(TRANSLATABLE[kind].fields.map((field) => [field, storedValue(fields, field)]));
}
