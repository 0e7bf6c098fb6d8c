import { z } from "zod";
import { clinicDay } from "../clinic-date";
import { LANGUAGE_CODES } from "../languages";
import { DATE_RANGE, formBoolean, optionalImageUrl, optionalText, recordId, requiredText } from "./fields";
import { nullableText, recordAnswer, recordTimes, uploadSize } from "./answers";

/** Testimonial rules, checked in this order: name, content, service, rating (admin-portal.md section 5). */
export const TESTIMONIAL_MESSAGES = {
  name: "Name is required",
  content: "Content is required",
  service: "Service is required",
  rating: "Rating must be between 1 and 5",
  receivedAt: "Date received is required",
  receivedAtInvalid: "Date received must be a date (YYYY-MM-DD) from 1970 to 9999",
  source: "Source is required",
  consentToPublish: "A testimonial can be visible on the website only when the patient agreed to its publication",
  language: "Language must be en, es or zh",
} as const;

/**
 * Where a testimonial came from (the FTC's 2024 rule on reviews; docs/decisions/0049-testimonial-sources.md).
 * `source` is "patient" when the patient gave it to the clinic, else a short text saying where it came
 * from; these are the form's suggestions.
 */
export const TESTIMONIAL_SOURCES = ["patient", "feedback survey", "Google review", "Facebook review"] as const;

/** A calendar day, "2024-10-21": the day a testimonial was received (no time, no time zone). */
const receivedDay = z
  .string({ error: TESTIMONIAL_MESSAGES.receivedAt })
  .trim()
  .min(1, TESTIMONIAL_MESSAGES.receivedAt)
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const time = Date.parse(`${value}T00:00:00Z`);
    // Date.parse rolls "2024-02-30" over to March: the day must read back as written.
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) && time >= DATE_RANGE.min && time <= DATE_RANGE.max;
  }, TESTIMONIAL_MESSAGES.receivedAtInvalid)
  .describe('The day the testimonial was received: "YYYY-MM-DD"');

export const testimonialFields = z.object({
  name: requiredText(TESTIMONIAL_MESSAGES.name, 255, "Name must be 255 characters or less"),
  content: requiredText(TESTIMONIAL_MESSAGES.content, 5000, "Content must be 5000 characters or less"),
  service: requiredText(TESTIMONIAL_MESSAGES.service, 255, "Service must be 255 characters or less"),
  rating: z
    .number({ error: TESTIMONIAL_MESSAGES.rating })
    .int(TESTIMONIAL_MESSAGES.rating)
    .min(1, TESTIMONIAL_MESSAGES.rating)
    .max(5, TESTIMONIAL_MESSAGES.rating),
  imageUrl: optionalImageUrl(1024, "Image must be a valid URL"),
  isVisible: formBoolean(true),
  receivedAt: receivedDay,
  source: requiredText(TESTIMONIAL_MESSAGES.source, 120, "Source must be 120 characters or less").describe(
    'Where it came from: "patient" when the patient gave it to the clinic, else a short text ("Google review")',
  ),
  consentToPublish: formBoolean(false).describe("The patient agreed to its publication; required (true) for isVisible true"),
  incentive: optionalText(255, "What was given in return must be 255 characters or less").describe(
    "What the patient was given in return (a discount, a gift card); blank or null when nothing. Shown on the website.",
  ),
  language: z
    .enum(LANGUAGE_CODES, { error: TESTIMONIAL_MESSAGES.language })
    .describe(
      "The language the patient wrote it in: en, es or zh. The pages mark it so; only an English one is translated (Translations).",
    ),
});

/**
 * The one rule between fields: a testimonial is visible on the website only with the patient's
 * agreement to publication. The admin form asks this too, before sending.
 */
export function visibleWithoutConsent(values: { isVisible?: boolean; consentToPublish?: boolean }): boolean {
  return values.isVisible === true && values.consentToPublish !== true;
}

const consentRule = (values: { isVisible: boolean; consentToPublish: boolean }, ctx: z.RefinementCtx) => {
  if (visibleWithoutConsent(values))
    ctx.addIssue({ code: "custom", path: ["consentToPublish"], message: TESTIMONIAL_MESSAGES.consentToPublish });
};

/**
 * A create without the day received or the source (as the spec's REST callers send it) is received
 * today (the clinic's day) from the patient; an update without them keeps them.
 */
export const testimonialInput = testimonialFields
  // (A transform, not a default: the reference must not print the day it was built as the default.)
  .extend({
    receivedAt: receivedDay.optional().transform((day) => day ?? clinicDay(new Date())),
    source: testimonialFields.shape.source.default("patient"),
    language: testimonialFields.shape.language.default("en"),
  })
  .superRefine(consentRule);
export const testimonialUpdateInput = testimonialFields
  .extend({
    id: recordId,
    receivedAt: receivedDay.optional(),
    source: testimonialFields.shape.source.optional(),
    language: testimonialFields.shape.language.optional(),
  })
  .superRefine(consentRule);

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const testimonialAnswer = recordAnswer({
  name: z.string(),
  service: z.string(),
  content: z.string(),
  rating: z.int().min(1).max(5),
  imageUrl: nullableText,
  imageSize: uploadSize,
  isVisible: z.boolean(),
  receivedAt: z.iso.date().describe("The day the testimonial was received"),
  source: z.string().describe('Where it came from: "patient" when the patient gave it to the clinic, else a short text'),
  consentToPublish: z.boolean().describe("The patient agreed to its publication (required for isVisible)"),
  incentive: nullableText.describe("What the patient was given in return; null when nothing"),
  language: z
    .enum(LANGUAGE_CODES)
    .describe("The language its words are in: the one the patient wrote it in, or, read with `lang`, that of its published translation"),
  translatedFrom: z
    .enum(LANGUAGE_CODES)
    .optional()
    .describe("Read with `lang`: present when the words are the clinic's translation, naming the language the patient wrote in"),
  ...recordTimes,
}).meta({ id: "Testimonial" });
