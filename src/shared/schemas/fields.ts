import { z } from "zod";
import { LANGUAGE_CODES } from "../languages";

/**
 * Field builders shared by the schemas. JSON callers send real booleans and numbers; multipart
 * callers (the admin forms, curl -F) send text, so these accept both and produce one type.
 */

/** What a text field over its maximum says, unless the field names its own message. */
const tooLong = (max: number) => `Must be ${max} characters or less`;

/** A required text field: trimmed, the message for missing or blank input, an optional maximum. */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z.string({ error: message }).trim().min(1, message);
  return max ? base.max(max, maxMessage ?? tooLong(max)) : base;
}

/** Optional text: trimmed; blank, null or absent become null (stored as NULL). */
export function optionalText(max?: number, maxMessage?: string) {
  const base = z.string({ error: "Must be text" }).trim();
  return (max ? base.max(max, maxMessage ?? tooLong(max)) : base).nullish().transform((value) => (value ? value : null));
}

/** The range of the database's integer columns (PostgreSQL int4). */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** A boolean, typed as one (a form's "true"/"false" becomes one in jsonOrForm, nothing else does). */
export function formBoolean(defaultValue: boolean) {
  return z
    .boolean({ error: "Must be true or false" })
    .optional()
    .transform((value) => value ?? defaultValue);
}

/** A whole number within the database's integer range, typed as one; null or absent give the fallback. */
export function formInteger<T extends number | null | undefined>(fallback: T, message = "Must be a whole number") {
  return z
    .number({ error: message })
    .int(message)
    .min(INT4_MIN, message)
    .max(INT4_MAX, message)
    .nullish()
    .transform((value): number | T => (value === undefined || value === null ? fallback : value));
}

/** Publication dates and other stored dates: 1970 to 9999 (the range every client can show). */
export const DATE_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(10000, 0, 1) - 1 };
const ISO_DATE = /^(?:[+-]\d{6}|\d{4})-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date given as a Date or as ISO 8601 text (multipart sends `publishedAt` as an ISO string), from
 * 1970 to 9999. Other text ("12345", "1") is refused rather than guessed at.
 */
export function formDate(message = "Must be a valid date and time", rangeMessage = "Date must be between 1970 and 9999") {
  return z
    .union([z.date(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      if (typeof value === "string" && !ISO_DATE.test(value.trim())) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const date = value instanceof Date ? value : new Date(value.trim());
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      if (date.getTime() < DATE_RANGE.min || date.getTime() > DATE_RANGE.max) {
        ctx.addIssue({ code: "custom", message: rangeMessage });
        return z.NEVER;
      }
      return date;
    });
}

/** The text of an address field before its rules: trimmed, at most `max` characters, may be absent or null. */
function addressText(max: number, message: string) {
  return z.string({ error: message }).trim().max(max, tooLong(max)).nullish();
}

/** An absolute http(s) URL, or blank (null). */
export function optionalHttpUrl(max: number, message = "Must be a valid URL") {
  return addressText(max, message)
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHttpUrl(value), message);
}

/**
 * An image address: an absolute http(s) URL or a path on this site (uploads are "/uploads/...").
 * Absent stays undefined (an edit keeps the current image); blank or null becomes null (removed).
 */
export function optionalImageUrl(max: number, message = "Must be a valid URL") {
  return addressText(max, message)
    .transform((value) => (value === undefined ? undefined : value ? value : null))
    .refine((value) => value == null || isHttpUrl(value) || isSitePath(value), message);
}

/** `value` as a URL when it is one with a host and one of `protocols` ("https:"...), else null. */
export function urlOf(value: string, protocols: readonly string[]): URL | null {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0 ? url : null;
  } catch {
    return null;
  }
}

export function isHttpUrl(value: string): boolean {
  return urlOf(value, ["http:", "https:"]) !== null;
}

/** "/uploads/x.png" and similar; not "//host" (protocol-relative) and no control characters. */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(value);
}

/** A file part of a multipart form. Browsers send an empty, nameless part when nothing was chosen. */
export const optionalFile = z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, "Must be a file").optional();

/** A plain decimal as a form field carries it: digits, an optional minus, no leading zeros, no spaces. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]{0,15})$/;

type FieldKind = "boolean" | "number" | "other";

/** What a schema field takes once its optional/default/nullable/pipe wrappers are looked through. */
function fieldKind(schema: z.ZodType): FieldKind {
  let current = schema as unknown as { _zod: { def: { type: string; innerType?: unknown; in?: unknown } } };
  for (let depth = 0; depth < 10; depth++) {
    const def = current._zod.def;
    if (def.type === "boolean") return "boolean";
    if (def.type === "number") return "number";
    const inner = def.innerType ?? (def.type === "pipe" ? def.in : undefined);
    if (!inner) return "other";
    current = inner as typeof current;
  }
  return "other";
}

/**
 * Turns a multipart body into a plain object for `shape` (last value wins; empty file parts are
 * dropped), so one schema validates JSON and multipart input alike. Form fields are text, so this is
 * the one place where text becomes a typed value: "true"/"false" for a boolean field, a plain decimal
 * for a number field; blank means absent; anything else stays text and the schema refuses it.
 */
export function formDataToObject(form: FormData, shape: Record<string, z.ZodType> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") {
      if (value.size === 0 && !value.name) continue;
      out[key] = value;
      continue;
    }
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    const kind = field ? fieldKind(field) : "other";
    if (kind === "other") out[key] = value;
    else if (value === "") delete out[key];
    else if (kind === "boolean") out[key] = value === "true" ? true : value === "false" ? false : value;
    else out[key] = PLAIN_DECIMAL.test(value) ? Number(value) : value;
  }
  return out;
}

/** Accepts either a plain object or FormData for the same object schema. */
export function jsonOrForm<T extends z.ZodObject>(schema: T) {
  return z.preprocess(
    (value) => (typeof FormData !== "undefined" && value instanceof FormData ? formDataToObject(value, schema.shape) : value),
    schema,
  );
}

/** A whole number from `min` to `max`, typed as a number, with one message for every way it can be wrong. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A record's id: a whole number from 1 to the top of the database's integer range, typed as a number. */
export const recordId = wholeNumber(1, INT4_MAX, "Must be a numeric id");

export const idParam = z.object({ id: recordId });

/** A language of the site (src/shared/languages.ts). */
export const languageParam = z.enum(LANGUAGE_CODES, { error: "Must be en, es or zh" });

/**
 * The language of a public read (`?lang=`, issue 27): absent or en, the English record as documented;
 * es or zh, its published translation where it has one (else the English, marked `language: "en"`).
 */
export const langField = { lang: languageParam.optional().describe("The language to read it in: en (the default), es or zh") };
export const langQuery = z.object(langField).optional();

/** A public record looked up by its address (services and news articles). */
export const slugParam = z.object({ slug: z.string().trim().min(1).max(255), ...langField });

/** A record id as a REST path carries it: a plain positive decimal within range, else null (the route answers 404). */
export function parsePathId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= INT4_MAX ? id : null;
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/**
 * A new order of a list staff arrange by dragging (services, team members, testimonials): every id of
 * the list, once, in the order the site is to show them.
 */
export const reorderInput = z.object({
  ids: z
    .array(recordId, { error: "ids must be a list of ids" })
    .min(1, "Name at least one id")
    .max(1000, "At most 1000 ids")
    .describe("Every id of the list, once each, first to last"),
});
