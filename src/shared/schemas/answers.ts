import { z } from "zod";
import { LANGUAGE_CODES } from "../languages";
import { PERMISSIONS } from "../permissions";

/**
 * What every answer is made of (src/shared/schemas/<domain>.ts keeps each domain's answers beside its inputs):
 * ids, counts, timestamps, the language fields of a public read in a language, one page of a list, the
 * success and error answers. Each procedure with a REST door checks its result against its answer schema
 * (`.output()` in src/server/routers), and the OpenAPI document describes the REST answers with them
 * (src/server/openapi/document.ts; a Date is written as ISO 8601 text on the wire). Objects are closed:
 * a property not listed is dropped from the answer (a column that starts leaking, a hash or a key, never
 * reaches a caller), and the document says `additionalProperties: false`. Each schema named with
 * `.meta({ id })` becomes a component of the document (#/components/schemas/<id>).
 */

export const id = z.int().min(1);

/**
 * One page of a list: its items, the total over all pages, the page's number and size (a REST door sends the items as the body, the rest in
 * headers).
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int().min(0), page: z.int().min(1), pageSize: z.int().min(1) });

export const count = z.int().min(0);

/** A date and time as JSON.stringify writes a Date: ISO 8601 in UTC, e.g. 2026-01-05T16:30:00.000Z. */
export const timestamp = z.date().meta({ id: "Timestamp", description: "ISO 8601 in UTC, as JSON.stringify writes a Date" });

export const nullableText = z.string().nullable();

/**
 * A public read in a language (`?lang=es` or `zh`, issue 27): the language the record's words are in
 * (its published translation's, else en); absent when the read named no language or English, which
 * answer alike (issue 39).
 */
export const inLanguage = {
  language: z
    .enum(LANGUAGE_CODES)
    .optional()
    .describe("With `lang` es or zh: the language its words are in (en where it has no published translation); absent in English"),
};

/** The languages a service or article has a page in (English and its published translations), for hreflang: on its own read, in any language. */
export const hasLanguages = {
  languages: z
    .array(z.enum(LANGUAGE_CODES))
    .optional()
    .describe("On the read of one: every language it can be read in (en and its published translations)"),
};

/**
 * The measured size of the uploaded image a record shows, which the public pages take the widths of its
 * responsive variants from (src/shared/image-variants.ts): on reads, null when the picture is not an
 * upload; not in the answer of a save.
 */
export const uploadSize = z
  .object({ width: z.int().min(1).nullable(), height: z.int().min(1).nullable() })
  .nullable()
  .optional()
  .meta({ id: "UploadSize", description: "The uploaded picture's pixels (null when it is not an upload; absent from a save's answer)" });

export const successAnswer = z.object({ success: z.literal(true) }).meta({ id: "Success" });

export const permissionNames = z.array(z.enum(PERMISSIONS));

export const errorAnswer = z
  .object({
    message: z.string().describe("What went wrong; for invalid input, the message of the first failing field"),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional().describe("Each failing field's messages (invalid input, duplicates)"),
    requiresTwoFactor: z
      .literal(true)
      .optional()
      .describe("Sign-in needs its second step (422): a TOTP or backup code, or the account's passkey"),
    secondFactors: z
      .array(z.enum(["totp", "passkey"]))
      .optional()
      .describe(
        "With requiresTwoFactor: the second steps the account has (totp: an authenticator or backup code in twoFactorToken " +
          "or backupCode; passkey: answer passkeyStep in `passkey`)",
      ),
    passkeyStep: z
      .object({
        attemptId: z.string(),
        options: z
          .record(z.string(), z.unknown())
          .describe("For navigator.credentials.get(): the account's own passkeys, user verification required"),
      })
      .optional()
      .describe(
        "With requiresTwoFactor, for an account with a passkey: the challenge to answer within 5 minutes, once; " +
          "send the same username and password again with `passkey: { attemptId, response }`",
      ),
    requiresPasswordChange: z
      .literal(true)
      .optional()
      .describe("The account must choose a new password first (403): only the password change, the session check and sign-out answer"),
    requiresSecondFactor: z
      .literal(true)
      .optional()
      .describe("The account's role requires a second factor and it has none (403): only enrolment, the session check and sign-out answer"),
    requiresFreshCheck: z
      .literal(true)
      .optional()
      .describe('A sensitive act needs "Confirm it\'s you" (POST /api/admin/confirm) within the last 5 minutes (403)'),
    requestId: z
      .string()
      .optional()
      .describe("The id of the server's log line, on failures the server logs (5xx, values the database refused)"),
  })
  .meta({ id: "Error", description: "Every error answer of the REST mirror. Never a stack trace or SQL text." });

/** When a stored record was made and last changed. */
export const recordTimes = { createdAt: timestamp, updatedAt: timestamp };

/** A stored record's answer: its id, then its own fields. */
export const recordAnswer = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ id, ...shape });

/** The ids of a list staff arranged, in the order the site now shows them. */
export const orderAnswer = z
  .object({ ids: z.array(z.number().int()).describe("Every id, first to last") })
  .meta({ id: "Order", description: "The list's order now." });
