import { z } from "zod";
import { LEGAL_KINDS } from "../legal";
import { langField, languageParam } from "./fields";
import { LANGUAGE_CODES } from "../languages";
import { id } from "./answers";

/** Which legal text (src/shared/legal.ts). */
export const legalKind = z.enum(LEGAL_KINDS, { error: "Must be privacy, terms or hipaa" });
export const legalKindInput = z.object({ kind: legalKind });
/** A public read of a legal text, in a language (`?lang=`). */
export const legalReadInput = z.object({ kind: legalKind, ...langField });
/** The versions of a legal text in one language (English without it). */
export const legalVersionsInput = z.object({ kind: legalKind, language: languageParam.optional() });

/** A calendar date, YYYY-MM-DD, that exists (2025-02-30 does not). */
const calendarDate = z
  .string({ error: "Must be a date (YYYY-MM-DD)" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "1970-01-01";
  }, "Must be a date (YYYY-MM-DD)");

/** A legal text's most: the seeded ones are about 10,000 characters. */
export const LEGAL_HTML_MAX = 200_000;

/** A new version of a legal text: its words (HTML from the visual editor, cleaned on the server) and the date it takes effect. */
export const legalPublishInput = z.object({
  kind: legalKind,
  /** Its language: English (the default), or a translation (es, zh) of the English version in force. */
  language: languageParam.default("en"),
  effectiveDate: calendarDate,
  html: z
    .string({ error: "Please write the text." })
    .trim()
    .min(1, "Please write the text.")
    .max(LEGAL_HTML_MAX, `Must be ${LEGAL_HTML_MAX} characters or less`),
});
export type LegalPublishInput = z.output<typeof legalPublishInput>;

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

/** One published version of a legal text (src/shared/legal.ts): its words as HTML, the date it took effect, the SHA-256 of the HTML. */
export const legalTextAnswer = z
  .strictObject({
    kind: z.enum(LEGAL_KINDS),
    version: id,
    /** How a consent receipt names it. */
    label: z.string(),
    effectiveDate: z.string(),
    html: z.string(),
    sha256: z.string(),
    publishedAt: z.date(),
    /** Who published it; null for the texts the site started with. */
    publishedBy: z.string().nullable(),
    /** Its language; a read in a language it has no version in gives the English one (issue 27). */
    language: z.enum(LANGUAGE_CODES),
    /** A translation: the English version it translates (null for English). */
    sourceVersion: z.number().int().nullable(),
  })
  .meta({ id: "LegalText" });
