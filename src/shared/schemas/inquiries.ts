import { z } from "zod";
import { CONTACT_SERVICE_MAX } from "../contact-choices";
import { DATE_RANGE, recordId, wholeNumber } from "./fields";
import { LANGUAGE_CODES } from "../languages";
import { details } from "./activity";
import { count, id, nullableText, timestamp } from "./answers";
import { CONTACT_DAY_CHOICES, CONTACT_TIME_CHOICES } from "./contact";

/**
 * The inquiry desk: how staff work through appointment inquiries (statuses, assignees, notes,
 * paging and filters, retention). The public form's own schema is in ./contact.ts.
 */

export const INQUIRY_STATUSES = ["new", "contacted", "scheduled", "closed", "spam"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  scheduled: "Scheduled",
  closed: "Closed",
  spam: "Spam",
};

/** The clinic promises a reply within 24 hours (public-site.md section 9): still New after that is overdue. */
export const REPLY_PROMISE_HOURS = 24;

export const INQUIRY_PAGE_SIZES = [25, 50, 100] as const;
export const INQUIRY_SORTS = ["newest", "oldest"] as const;

export const INQUIRY_MESSAGES = {
  status: "Status must be New, Contacted, Scheduled, Closed or Spam",
  assignee: "Choose an active staff member",
  noteRequired: "Note text is required",
  noteMax: "A note must be 2000 characters or less",
  pageSize: "Page size must be 25, 50 or 100",
  sort: "Sort must be newest or oldest",
  service: "Choose a service from the list",
  date: "Must be a date (YYYY-MM-DD) or a date and time (ISO 8601)",
  dateRange: "Date must be between 1970 and 9999",
  language: "Language must be en, es or zh",
  nothingToChange: "Send a status, an assignee, or both",
  retentionDays: "Days must be a whole number from 1 to 3650",
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A bound of the date filter: a date and time (ISO 8601 with its offset) is that instant; a bare date
 * is that whole day in UTC, so `from` takes its first moment and `to` its last (both bounds included).
 */
function dateBound(edge: "start" | "end") {
  return z
    .union([z.date(), z.string()], { error: INQUIRY_MESSAGES.date })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      let date: Date;
      if (value instanceof Date) date = value;
      else if (DATE_ONLY.test(value)) date = new Date(`${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z`);
      else if (DATE_TIME.test(value)) date = new Date(value);
      else {
        ctx.addIssue({ code: "custom", message: INQUIRY_MESSAGES.date });
        return z.NEVER;
      }
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: INQUIRY_MESSAGES.date });
        return z.NEVER;
      }
      if (date.getTime() < DATE_RANGE.min || date.getTime() > DATE_RANGE.max) {
        ctx.addIssue({ code: "custom", message: INQUIRY_MESSAGES.dateRange });
        return z.NEVER;
      }
      return date;
    });
}

/** Which inquiries: the list's filters, the export's too. All optional. */
/**
 * What an inquiry's access history records: who opened, exported, changed, annotated, deleted or purged it, and who opened its health
 * details and why ("health", issue 24).
 */
export const INQUIRY_ACCESS_ACTIONS = ["open", "export", "status", "assign", "note", "delete", "purge", "health"] as const;
export type InquiryAccessAction = (typeof INQUIRY_ACCESS_ACTIONS)[number];

export const inquiryFilter = z.object({
  q: z
    .string({ error: "Search must be text" })
    .trim()
    .max(100, "Search must be 100 characters or less")
    .optional()
    .describe(
      "Finds the e-mail (whole), the phone (all its digits or the last 4 or more, whatever the punctuation) " +
        "or the name (every word, whole or by its first 3+ letters, case and accents ignored)",
    ),
  status: z.enum(INQUIRY_STATUSES, { error: INQUIRY_MESSAGES.status }).optional(),
  service: z
    .string({ error: INQUIRY_MESSAGES.service })
    .trim()
    .min(1, INQUIRY_MESSAGES.service)
    .max(CONTACT_SERVICE_MAX, INQUIRY_MESSAGES.service)
    .optional()
    .describe("A service name as inquiries were sent with it (GET /api/admin/contact/services lists them)"),
  language: z
    .enum(LANGUAGE_CODES, { error: INQUIRY_MESSAGES.language })
    .optional()
    .describe("The language of the page the visitor wrote from: en (English), es (Spanish) or zh (Chinese)"),
  assigneeId: z
    .union([recordId, z.literal("none")], { error: INQUIRY_MESSAGES.assignee })
    .optional()
    .describe('A staff member\'s id, or "none" for unassigned inquiries'),
  from: dateBound("start").describe("Received from: ISO 8601 date and time, or a date (its first moment, UTC)"),
  to: dateBound("end").describe("Received until: ISO 8601 date and time, or a date (its last moment, UTC)"),
});

/** One page of the list, newest or oldest first. */
export const inquiryPageInput = inquiryFilter.extend({
  page: wholeNumber(1, 1_000_000, "Page must be a whole number from 1").default(1),
  pageSize: z
    .number({ error: INQUIRY_MESSAGES.pageSize })
    .refine((value) => (INQUIRY_PAGE_SIZES as readonly number[]).includes(value), INQUIRY_MESSAGES.pageSize)
    .default(25),
  sort: z.enum(INQUIRY_SORTS, { error: INQUIRY_MESSAGES.sort }).default("newest"),
});

/** Every part of a filter is optional (an absent bound is `undefined` after parsing, too). */
export type InquiryFilter = Partial<z.output<typeof inquiryFilter>>;
export type InquiryPageInput = InquiryFilter & Pick<z.output<typeof inquiryPageInput>, "page" | "pageSize" | "sort">;

/** PATCH /api/admin/contact/{id}: a new status, a new assignee (null unassigns), or both. */
export const inquiryUpdateInput = z
  .object({
    id: recordId,
    status: z.enum(INQUIRY_STATUSES, { error: INQUIRY_MESSAGES.status }).optional(),
    assigneeId: recordId.nullable().optional(),
  })
  .refine((value) => value.status !== undefined || value.assigneeId !== undefined, { message: INQUIRY_MESSAGES.nothingToChange });

export const inquiryNoteInput = z.object({
  id: recordId,
  text: z.string({ error: INQUIRY_MESSAGES.noteRequired }).trim().min(1, INQUIRY_MESSAGES.noteRequired).max(2000, INQUIRY_MESSAGES.noteMax),
});

/** Settings: retention of finished inquiries (Closed and Spam), off by default. */
export const retentionSettings = z.object({
  enabled: z.boolean({ error: "Must be true or false" }),
  days: wholeNumber(1, 3650, INQUIRY_MESSAGES.retentionDays),
});
export type RetentionSettings = z.output<typeof retentionSettings>;
export const DEFAULT_RETENTION: RetentionSettings = { enabled: false, days: 365 };

/** How an access-history entry and the activity log name an inquiry: "inquiry 123", or "inquiry 123, deleted" once it is gone. */
export function inquiryLabel(id: number | string, deleted: boolean): string {
  return deleted ? `inquiry ${id}, deleted` : `inquiry ${id}`;
}

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const formTokenAnswer = z.object({ formToken: z.string() }).meta({ id: "FormToken" });

export const inquiryReceivedAnswer = z
  .object({
    success: z.literal(true),
    id,
    createdAt: timestamp,
    conversionToken: z
      .string()
      .describe(
        "For the page's analytics: sent back with the `sent` visit beacon (POST /api/visit, `token`), it counts " +
          "one conversion within 10 minutes",
      ),
  })
  .meta({ id: "InquiryReceived", description: "The inquiry was received (a spam-judged one gets the same answer)." });

const inquiryStatus = z.enum(INQUIRY_STATUSES);

/** A legal text's version and the SHA-256 of its exact words. */
const legalText = z.object({
  version: z.string(),
  sha256: z.string(),
  language: z.enum(LANGUAGE_CODES).optional().describe("Absent: English"),
});

const consentReceipt = z
  .object({
    // Kept as the text it was sealed with (inside the encrypted identity), not as a Date.
    acceptedAt: z.iso.datetime().describe("ISO 8601 in UTC"),
    language: z
      .enum(LANGUAGE_CODES)
      .optional()
      .describe("The form's language (absent: English, or a receipt from before the site had languages)"),
    documents: z
      .object({ privacyPolicy: legalText, hipaaConsent: legalText, termsAndConditions: legalText })
      .optional()
      .describe("Absent on receipts from before the texts' versions were recorded"),
  })
  .nullable()
  .describe("Which legal texts the visitor accepted (null before receipts existed)");

const spamReason = z.enum(["honeypot", "too_fast", "no_token", "bad_token", "expired_token", "reused_token"]).nullable();

/** The services' names as the visitor chose them (kept as sent when a service is renamed or removed). */
const services = z.array(z.string());

const days = z.array(z.enum(CONTACT_DAY_CHOICES.map((choice) => choice.value)));

const times = z.array(z.enum(CONTACT_TIME_CHOICES.map((choice) => choice.value)));

export const inquiryAnswer = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    phone: nullableText,
    availabilityDays: days,
    availabilityTimes: times,
    servicesInterested: services,
    healthConditions: nullableText,
    hasHealthDetails: z.boolean(),
    optInTexting: z.boolean(),
    privacyPolicy: z.boolean(),
    hipaaConsent: z.boolean(),
    termsAndConditions: z.boolean(),
    consentReceipt,
    language: z.enum(LANGUAGE_CODES).describe("The language of the page the visitor wrote from (en, es or zh): answer in it"),
    status: inquiryStatus,
    statusChangedAt: timestamp.nullable(),
    statusChangedBy: id.nullable().describe("The staff member's id"),
    assigneeId: id.nullable(),
    createdAt: timestamp,
    spamReason,
    reminderQueuedAt: timestamp.nullable(),
    updatedAt: timestamp,
  })
  .meta({ id: "Inquiry", description: "A whole appointment inquiry, health details included." });

export const assigneeAnswer = z.object({ id, username: z.string(), name: z.string() }).meta({ id: "Assignee" });

const inquirySummaryFields = {
  id,
  createdAt: timestamp,
  updatedAt: timestamp,
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  servicesInterested: services,
  availabilityDays: days,
  availabilityTimes: times,
  optInTexting: z.boolean(),
  hasHealthDetails: z.boolean(),
  language: z.enum(LANGUAGE_CODES).describe("The language of the page the visitor wrote from (en, es or zh): answer in it"),
  status: inquiryStatus,
  statusChangedAt: timestamp.nullable(),
  statusChangedBy: nullableText.describe("The username of who set the status"),
  assigneeId: id.nullable(),
  noteCount: count,
  assignee: assigneeAnswer.nullable(),
  overdue: z.boolean().describe("Still New after the 24-hour reply promise"),
};

export const inquirySummaryAnswer = z
  .object(inquirySummaryFields)
  .meta({ id: "InquirySummary", description: "An inquiry as the desk's list shows it: no health details, only whether there are some." });

export const inquiryNoteAnswer = z
  .object({ id, authorId: id.nullable(), authorName: z.string(), createdAt: timestamp, text: z.string() })
  .meta({ id: "InquiryNote" });

export const openedInquiryAnswer = z
  .object({
    ...inquirySummaryFields,
    healthConditions: nullableText,
    privacyPolicy: z.boolean(),
    hipaaConsent: z.boolean(),
    termsAndConditions: z.boolean(),
    consentReceipt,
    spamReason,
    healthAccess: z
      .enum(["shown", "reason_needed", "not_allowed"])
      .describe(
        "shown: healthConditions holds the health details; reason_needed: ask again with a `reason` (once per " +
          "inquiry per session); not_allowed: the role does not open health details (emergency access can)",
      ),
    notes: z.array(inquiryNoteAnswer),
  })
  .meta({ id: "OpenedInquiry", description: "One inquiry opened: health details, consent receipt and notes (logged)." });

export const inquiryAccessAnswer = z
  .object({
    id,
    action: z.enum(INQUIRY_ACCESS_ACTIONS),
    username: nullableText,
    adminId: id.nullable(),
    details,
    ipAddress: nullableText,
    at: timestamp,
    inquiryId: id,
    inquiryDeleted: z.boolean().describe("The inquiry was deleted (by a super admin or the retention purge); its history stays."),
    inquiry: z.string().describe('"inquiry 123", or "inquiry 123, deleted" once it is gone.'),
  })
  .meta({ id: "InquiryAccess", description: "One line of an inquiry's access history (kept after the inquiry is deleted)." });
