import { z } from "zod";

/**
 * Field builders shared by the schemas. JSON callers send real booleans and numbers; multipart
 * callers (the admin forms, curl -F) send text, so these accept both and produce one type.
 */

/** A required text field: trimmed, the message for missing or blank input, an optional maximum. */
export function requiredText(message: string, max?: number, maxMessage?: string) {
  const base = z.string({ error: message }).trim().min(1, message);
  return max ? base.max(max, maxMessage ?? `Must be ${max} characters or less`) : base;
}

/** Optional text: trimmed; blank, null or absent become null (stored as NULL). */
export function optionalText(max?: number, maxMessage?: string) {
  const base = z.string({ error: "Must be text" }).trim();
  return (max ? base.max(max, maxMessage ?? `Must be ${max} characters or less`) : base)
    .nullish()
    .transform((value) => (value ? value : null));
}

const TRUE_WORDS = ["true", "on", "1", "yes"];
const FALSE_WORDS = ["false", "off", "0", "no", ""];

/** A boolean that also reads "true"/"false" (and on/off, 1/0) from a form field. */
export function formBoolean(defaultValue: boolean) {
  return z
    .union([z.boolean(), z.string()], { error: "Must be true or false" })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return defaultValue;
      if (typeof value === "boolean") return value;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      ctx.addIssue({ code: "custom", message: "Must be true or false" });
      return z.NEVER;
    });
}

/** A whole number that also reads digits from a form field; blank or absent give the fallback. */
export function formInteger<T extends number | null | undefined>(fallback: T, message = "Must be a whole number") {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx): number | T => {
      if (value === undefined || value === null) return fallback;
      if (typeof value === "string") {
        if (value.trim() === "") return fallback;
        if (!/^-?\d+$/.test(value.trim())) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        value = Number(value.trim());
      }
      if (!Number.isSafeInteger(value)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });
}

/** A date given as a Date or an ISO 8601 text (multipart sends `publishedAt` as an ISO string). */
export function formDate(message = "Must be a valid date and time") {
  return z
    .union([z.date(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return date;
    });
}

/** An absolute http(s) URL, or blank (null). */
export function optionalHttpUrl(max: number, message = "Must be a valid URL") {
  return z
    .string({ error: message })
    .trim()
    .max(max, `Must be ${max} characters or less`)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHttpUrl(value), message);
}

/**
 * An image address: an absolute http(s) URL or a path on this site (uploads are "/uploads/...").
 * Absent stays undefined (an edit keeps the current image); blank or null becomes null (removed).
 */
export function optionalImageUrl(max: number, message = "Must be a valid URL") {
  return z
    .string({ error: message })
    .trim()
    .max(max, `Must be ${max} characters or less`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null))
    .refine((value) => value == null || isHttpUrl(value) || isSitePath(value), message);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** "/uploads/x.png" and similar; not "//host" (protocol-relative) and no control characters. */
export function isSitePath(value: string): boolean {
  return /^\/(?!\/)[^\s\\]*$/.test(value);
}

/** A file part of a multipart form. Browsers send an empty, nameless part when nothing was chosen. */
export const optionalFile = z
  .custom<File>((value) => typeof File !== "undefined" && value instanceof File, "Must be a file")
  .optional();

/**
 * Turns a multipart body into a plain object (last value wins; empty file parts are dropped), so one
 * schema validates JSON and multipart input alike.
 */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" && value.size === 0 && !value.name) continue;
    out[key] = value;
  }
  return out;
}

/** Accepts either a plain object or FormData for the same schema. */
export function jsonOrForm<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof FormData !== "undefined" && value instanceof FormData ? formDataToObject(value) : value),
    schema,
  );
}

export const idParam = z.object({
  id: z.coerce.number({ error: "Must be a numeric id" }).int("Must be a numeric id").positive("Must be a numeric id"),
});

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
