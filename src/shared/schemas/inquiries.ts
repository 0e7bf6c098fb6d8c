import { z } from "zod";
import { CONTACT_SERVICE_MAX } from "../contact-choices";
import { DATE_RANGE, recordId, wholeNumber } from "./fields";

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
