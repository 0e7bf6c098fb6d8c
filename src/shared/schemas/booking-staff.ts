import { z } from "zod";
import { id } from "./answers";
import { recordId } from "./fields";

/**
 * The portal's calendar around the booking core (issue 38; docs/decisions/0077-booking-portal.md): what
 * the calendar screen needs to draw (whose calendars the caller sees, the open hours of a day) and a
 * clinician's calendar feed at a secret address. Local dates are the clinic's (YYYY-MM-DD).
 */

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date as YYYY-MM-DD");
const DAY_MS = 86_400_000;

export const CALENDAR_MESSAGES = {
  ownOnly: "Access Denied - You see only your own calendar",
  feedNotYours: "Access Denied - Only the clinician or an administrator manages this calendar feed",
  range: "The range must end on or after its start, and cover at most 62 days",
  oneOwner: "Choose a clinician or a resource",
} as const;

/** GET /api/admin/booking/calendar/context: whose calendars the caller sees. */
export const calendarContextAnswer = z
  .object({
    timeZone: z.string().describe("The clinic's time zone (IANA)"),
    ownClinicianId: id.nullable().describe("The clinician the caller's account is linked to, if any"),
    ownOnly: z.boolean().describe("The caller sees only their own calendar (a linked account without availability.edit)"),
    clinicians: z.array(
      z.object({
        id,
        name: z.string(),
        hasFeed: z.boolean().describe("A calendar feed address exists"),
        mayManageFeed: z.boolean(),
      }),
    ),
    resources: z.array(z.object({ id, name: z.string() })),
    services: z.array(z.object({ id, title: z.string() })),
  })
  .meta({ id: "CalendarContext" });

/** GET /api/admin/booking/calendar/hours: one clinician's or resource's open hours per local date. */
export const calendarHoursInput = z
  .object({ from: localDate, to: localDate, clinicianId: recordId.optional(), resourceId: recordId.optional() })
  .refine((v) => v.to >= v.from && (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS <= 62, {
    message: CALENDAR_MESSAGES.range,
    path: ["to"],
  })
  .refine((v) => (v.clinicianId === undefined) !== (v.resourceId === undefined), {
    message: CALENDAR_MESSAGES.oneOwner,
    path: ["clinicianId"],
  });

export const calendarHoursAnswer = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      open: z
        .array(z.object({ startMinute: z.int(), endMinute: z.int() }))
        .describe("Open stretches (clinic ∩ owner); the rest is blocked"),
    }),
  ),
});

/** POST/DELETE /api/admin/booking/clinicians/:teamMemberId/feed */
export const feedInput = z.object({ teamMemberId: recordId });
export const feedAnswer = z
  .object({
    path: z.string().nullable().describe("The feed's secret address (shown once: only its hash is kept); null once revoked"),
  })
  .meta({ id: "CalendarFeed" });
