import { z } from "zod";
import { recordId } from "./fields";
import { count, id, nullableText, recordTimes, timestamp } from "./answers";

/**
 * Redirects and the 404 log (issue 39; the spec has no words for them: decision 0072). A redirect is
 * from a path of this site to a path of this site (no scheme, no host, no "//"), or to nothing: gone (410).
 */

export const REDIRECT_MESSAGES = {
  fromRequired: "Enter the old address (a path such as /old-page)",
  toRequired: "Enter the new address (a path such as /services/new-page), or choose Gone",
  sitePath: "Enter a path on this site that starts with / (no other site's address)",
  noQuery: "The old address is a path only, without ? or #",
  reserved: "That address is the site's own (/api, /admin, /trpc, /uploads, /assets): it cannot be redirected",
  tooLong: "Must be 300 characters or less",
  toTooLong: "Must be 500 characters or less",
  itself: "A redirect cannot point to its own address",
  loop: "That redirect would send visitors in a circle",
  exists: "That old address already has a redirect",
  isPage: "That address is a page of the site: a redirect from it would never be used",
  notFound: "Redirect not found",
  logEntryNotFound: "404 log entry not found",
} as const;

/** The site's own machinery: never a page, so never a redirect's old address. */
export const RESERVED_PREFIXES = ["/api", "/admin", "/trpc", "/uploads", "/assets", "/brand", "/share"] as const;

/** A path of this site: one leading slash, no "//" or "\" anywhere, no scheme or host, no spaces or controls. */
export function isOwnSitePath(value: string): boolean {
  const controls = [...value].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);
  return /^\/(?![/\\])[^\s\\]*$/.test(value) && !value.includes("//") && !controls;
}

/** The address as the server compares it: no trailing slash (but "/"), as canonicalPath of web.ts writes it. */
export function normalizedPath(value: string): string {
  const trimmed = value.length > 1 ? value.replace(/\/+$/, "") || "/" : value;
  return /^\/(es|zh)$/.test(trimmed) ? `${trimmed}/` : trimmed;
}

export function isReservedPath(path: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const fromPath = z
  .string({ error: REDIRECT_MESSAGES.fromRequired })
  .trim()
  .min(1, REDIRECT_MESSAGES.fromRequired)
  .max(300, REDIRECT_MESSAGES.tooLong)
  .refine(isOwnSitePath, REDIRECT_MESSAGES.sitePath)
  .refine((value) => !/[?#]/.test(value), REDIRECT_MESSAGES.noQuery)
  .transform(normalizedPath)
  .refine((value) => !isReservedPath(value), REDIRECT_MESSAGES.reserved);

/** The new address: a path of this site (a query and a fragment may follow), or null for gone (410). */
const toPath = z
  .string({ error: REDIRECT_MESSAGES.toRequired })
  .trim()
  .max(500, REDIRECT_MESSAGES.toTooLong)
  .refine((value) => value === "" || isOwnSitePath(value), REDIRECT_MESSAGES.sitePath)
  .nullable()
  .transform((value) => (value ? value : null));

export const redirectInput = z.object({
  fromPath: fromPath.describe("The old address: a path of this site (without /es or /zh it holds in every language)"),
  toPath: toPath.describe("The new address, a path of this site; null or blank: gone (410)"),
});
export const redirectUpdateInput = z.object({
  id: recordId,
  toPath: toPath.describe("The new address, a path of this site; null or blank: gone (410)"),
});

/** Turn a 404 log entry into a redirect in one step: the entry's path to `toPath`; the entry goes. */
export const notFoundRedirectInput = z.object({
  id: recordId,
  toPath: toPath.describe("The new address, a path of this site; null or blank: gone (410)"),
});

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const REDIRECT_ORIGINS = ["slug", "deleted", "staff", "not_found"] as const;
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number];

export const redirectAnswer = z
  .object({
    id,
    fromPath: z.string(),
    toPath: nullableText.describe("null: the old address answers 410 Gone"),
    origin: z
      .enum(REDIRECT_ORIGINS)
      .describe("slug: a renamed service or article; deleted: a deleted one; staff; not_found: from the 404 log"),
    hits: count,
    lastHitAt: timestamp.nullable(),
    ...recordTimes,
  })
  .meta({ id: "Redirect" });

export const notFoundEntryAnswer = z
  .object({
    id,
    path: z.string().describe("The address asked for, without its query string"),
    hits: count,
    firstSeenAt: timestamp,
    lastSeenAt: timestamp,
    referrerDomain: nullableText.describe("The referring site's domain only (the last one seen)"),
  })
  .meta({ id: "NotFoundEntry" });
