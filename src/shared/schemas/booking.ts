import { z } from "zod";
import * as zm from "zod/mini";
import { id, timestamp } from "./answers";
import { contactSubmissionInput } from "./contact";
import { formDate, languageParam, recordId } from "./fields";

/**
 * Booking a time (issue 38; docs/decisions/0075-booking-model.md): the inputs and answers of the free
 * times, a visitor's booking, staff's availability, services' booking settings, the calendar and its acts.
 * Local dates are the clinic's (YYYY-MM-DD); minutes are from local midnight (0..1440), multiples of 5.
 */

export const BOOKING_STATUSES = ["requested", "confirmed", "declined", "cancelled", "attended", "no_show"] as const;
export type BookingStatusValue = (typeof BOOKING_STATUSES)[number];
/** The statuses that hold their time (their claims exist). */
export const ACTIVE_BOOKING_STATUSES = ["requested", "confirmed"] as const satisfies readonly BookingStatusValue[];

export const BOOKING_MESSAGES = {
  date: "Must be a date as YYYY-MM-DD",
  range: "The range must end on or after its start, and cover at most 62 days",
  minutes: "Must be minutes from midnight (0 to 1440) in steps of 5",
  stretch: "The end must be after the start",
  serviceNotBookable: "This service cannot be booked online",
  clinicianNotOffered: "This clinician does not give this service",
  notFound: "Booking not found",
  notRequested: "Only a requested booking can be confirmed or declined",
  notActive: "Only a requested or confirmed booking can be changed or cancelled",
  notConfirmed: "Only a confirmed booking can be marked attended or no-show",
  notStarted: "A booking can be marked attended or no-show once its time has begun",
  resourceNotFound: "Resource not found",
  clinicianNotFound: "Clinician not found",
  overlap: "This interval overlaps another one of the same day",
  resourceInUse: "A service's online booking needs this resource: choose another one there first",
  resourceBooked: "This resource holds upcoming bookings: move or cancel them first",
} as const;

export const localDate = z
  .string({ error: BOOKING_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, BOOKING_MESSAGES.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: BOOKING_MESSAGES.date,
  });
const minute = z.int({ error: BOOKING_MESSAGES.minutes }).min(0, BOOKING_MESSAGES.minutes).max(1440, BOOKING_MESSAGES.minutes);
const fiveMinutes = (min: number, max: number) =>
  z
    .int()
    .min(min)
    .max(max)
    .refine((value) => value % 5 === 0, "Must be a multiple of 5");
const DAY_MS = 86_400_000;

/** GET /api/booking/free-times: a service (slug) and a range of local dates. */
export const freeTimesInput = z
  .object({
    service: z.string().trim().min(1).max(255).describe("The service's slug"),
    from: localDate.describe("The first local date (YYYY-MM-DD, the clinic's time zone)"),
    to: localDate.describe("The last local date, included (at most 62 days after from)"),
    lang: languageParam.optional().describe("The visitor's language (en, es, zh): the clinicians' names are the same in each"),
  })
  .refine((v) => v.to >= v.from && (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS <= 62, {
    message: BOOKING_MESSAGES.range,
    path: ["to"],
  });

export const freeTimeAnswer = z.object({
  start: timestamp,
  end: timestamp,
  clinicianIds: z.array(id).describe("The clinicians free then, in the service's order"),
});
export const freeTimesAnswer = z
  .object({
    timeZone: z.string().describe("The clinic's time zone (IANA), in which the dates are"),
    clinicians: z.array(z.object({ id, name: z.string() })),
    times: z.array(freeTimeAnswer),
    lastDay: z
      .string()
      .describe(
        "The last local date (YYYY-MM-DD) the service takes bookings on: today plus how far ahead it books; no later day has times",
      ),
  })
  .meta({ id: "FreeTimes" });

/**
 * POST /api/booking: the inquiry form's details and consents (the same schema, without the form's
 * services and days, which the booking says), the service, the start, a clinician (optional) and the
 * caller's idempotency key. zod/mini, as the form's schema is: the Book page ships it.
 */
export const bookingInput = zm.extend(
  zm.omit(contactSubmissionInput, { servicesInterested: true, availabilityDays: true, availabilityTimes: true }),
  {
    service: zm.string().check(zm.trim(), zm.minLength(1), zm.maxLength(255)),
    start: zm.pipe(
      zm.iso.datetime({ offset: true, error: "Must be a date and time (ISO 8601)" }),
      zm.transform((v) => new Date(v)),
    ),
    clinicianId: zm.optional(zm.int().check(zm.minimum(1), zm.maximum(2_147_483_647))),
    idempotencyKey: zm.string({ error: "An idempotency key is required" }).check(zm.trim(), zm.minLength(8), zm.maxLength(100)),
  },
);
export type BookingInput = zm.output<typeof bookingInput>;

export const bookingReceivedAnswer = z
  .object({
    success: z.literal(true),
    id,
    status: z.enum(["requested", "confirmed"]).describe("requested: staff confirm it; confirmed: booked at once"),
    start: timestamp,
    end: timestamp,
    conversionToken: z.string().describe("For the page's analytics, as the inquiry's (POST /api/visit)"),
  })
  .meta({ id: "BookingReceived" });

// ---- staff: availability

export const ownerKind = z.enum(["clinic", "clinician", "resource"]);
export const stretchInput = z
  .object({ startMinute: minute, endMinute: minute })
  .refine((s) => s.startMinute < s.endMinute, { message: BOOKING_MESSAGES.stretch, path: ["endMinute"] })
  .refine((s) => s.startMinute % 5 === 0 && s.endMinute % 5 === 0, { message: BOOKING_MESSAGES.minutes, path: ["startMinute"] });

/**
 * The index of each stretch that overlaps an earlier-starting one of the same day (touching is fine:
 * 9:00-12:00 and 12:00-17:00). One rule for the weekly hours and a date's hours, the portal's and the server's.
 */
export function overlappingStretches(stretches: ReadonlyArray<{ day?: number; startMinute: number; endMinute: number }>): number[] {
  const order = stretches.map((s, index) => ({ ...s, index })).sort((a, b) => (a.day ?? 0) - (b.day ?? 0) || a.startMinute - b.startMinute);
  const found: number[] = [];
  for (let i = 1; i < order.length; i++) {
    const [before, here] = [order[i - 1]!, order[i]!];
    if ((before.day ?? 0) === (here.day ?? 0) && here.startMinute < before.endMinute) found.push(here.index);
  }
  return found.sort((a, b) => a - b);
}

export const ownerInput = z.object({ ownerKind, ownerId: z.int().min(0).max(2_147_483_647) });
export const availabilityInput = ownerInput;
/** Replaces an owner's weekly hours (clinician or resource; the clinic's are Clinic details'). */
export const weeklyHoursInput = z.object({
  ownerKind: z.enum(["clinician", "resource"]),
  ownerId: recordId,
  // The stretch's own checks (end after start, steps of 5) with its weekday; no two of a weekday overlap.
  weekly: z
    .array(
      z
        .object({ weekday: z.int().min(0).max(6), startMinute: minute, endMinute: minute })
        .refine((s) => s.startMinute < s.endMinute, { message: BOOKING_MESSAGES.stretch, path: ["endMinute"] })
        .refine((s) => s.startMinute % 5 === 0 && s.endMinute % 5 === 0, { message: BOOKING_MESSAGES.minutes, path: ["startMinute"] }),
    )
    .max(70)
    .superRefine((weekly, ctx) => {
      for (const index of overlappingStretches(weekly.map((w) => ({ ...w, day: w.weekday }))))
        ctx.addIssue({ code: "custom", message: BOOKING_MESSAGES.overlap, path: [index, "startMinute"] });
    }),
});
/** Replaces an owner's overrides of one date: [] closed, else that day's hours; `remove` deletes them. */
export const dateOverrideInput = ownerInput.extend({
  date: localDate,
  closed: z.boolean(),
  stretches: z
    .array(stretchInput)
    .max(10)
    .default([])
    .superRefine((stretches, ctx) => {
      for (const index of overlappingStretches(stretches))
        ctx.addIssue({ code: "custom", message: BOOKING_MESSAGES.overlap, path: [index, "startMinute"] });
    }),
  note: z.string().trim().max(200).optional(),
  remove: z.boolean().optional(),
});
export const availabilityAnswer = z.object({
  ownerKind,
  ownerId: z.int().min(0),
  weekly: z.array(z.object({ weekday: z.int(), startMinute: z.int(), endMinute: z.int() })),
  overrides: z.array(
    z.object({ date: z.string(), startMinute: z.int().nullable(), endMinute: z.int().nullable(), note: z.string().nullable() }),
  ),
});

export const resourceInput = z.object({
  id: recordId.optional(),
  name: z.string().trim().min(1, "Resource name is required").max(100),
  kind: z.enum(["room", "device"]),
  isActive: z.boolean().default(true),
});
export const resourceAnswer = z.object({ id, name: z.string(), kind: z.enum(["room", "device"]), isActive: z.boolean() });

/** GET /api/admin/booking/choices: who may be made a bookable clinician, and the staff accounts one may be linked to. */
export const setupChoicesAnswer = z.object({
  teamMembers: z.array(z.object({ id, name: z.string() })).describe("Every team member (a bookable clinician is one of them)"),
  staffAccounts: z
    .array(z.object({ id, username: z.string(), name: z.string().nullable() }))
    .describe("Active staff accounts, for the link that makes a clinician's calendar their own"),
});

export const clinicianInput = z.object({
  teamMemberId: recordId,
  staffUserId: recordId.nullable().default(null),
  isActive: z.boolean().default(true),
});
export const clinicianAnswer = z.object({ teamMemberId: id, name: z.string(), staffUserId: id.nullable(), isActive: z.boolean() });

export const serviceBookingInput = z.object({
  serviceId: recordId,
  bookable: z.boolean(),
  durationMinutes: fiveMinutes(5, 720),
  intervalMinutes: fiveMinutes(5, 720),
  bufferBeforeMinutes: fiveMinutes(0, 240),
  bufferAfterMinutes: fiveMinutes(0, 240),
  minNoticeMinutes: z
    .int()
    .min(0)
    .max(60 * 24 * 90),
  daysAhead: z.int().min(0).max(365),
  resourceId: recordId.nullable(),
  requiresConfirmation: z.boolean(),
  lateCancelHours: z
    .int()
    .min(0)
    .max(24 * 14),
  clinicianIds: z.array(recordId).max(50),
});
export const serviceBookingAnswer = serviceBookingInput.extend({ serviceId: id, clinicianIds: z.array(id) });

// ---- staff: the calendar and its acts

export const calendarInput = z
  .object({
    from: localDate,
    to: localDate,
    clinicianId: recordId.optional(),
    resourceId: recordId.optional(),
  })
  .refine((v) => v.to >= v.from && (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS <= 62, {
    message: BOOKING_MESSAGES.range,
    path: ["to"],
  });

export const bookingAnswer = z
  .object({
    id,
    serviceId: id.nullable(),
    clinicianId: id.nullable(),
    resourceId: id.nullable(),
    startsAt: timestamp,
    endsAt: timestamp,
    blockStartsAt: timestamp,
    blockEndsAt: timestamp,
    status: z.enum(BOOKING_STATUSES),
    inquiryId: id.nullable().describe("The inquiry on the desk: who booked, their details (open it there)"),
    language: z.enum(["en", "es", "zh"]),
    calendarUid: z.string(),
    calendarSequence: z.int().min(0),
    staffMessage: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Booking" });

export const bookingActInput = z.object({ id: recordId });
export const declineInput = bookingActInput.extend({ message: z.string().trim().max(500).optional() });
export const moveInput = bookingActInput.extend({
  // ISO 8601 text only (not a number or `true` coerced into 1970): the dates' own rule.
  start: formDate("Must be a date and time (ISO 8601)").pipe(z.date({ error: "Must be a date and time (ISO 8601)" })),
  clinicianId: recordId.optional(),
});

// ---- the visitor's cancel link (docs/decisions/0076-booking-mail-and-page.md)

export const cancelLinkInput = z.object({
  token: z.string({ error: "The link's token is required" }).trim().min(1, "The link's token is required").max(200),
});
export const visitorCancelAnswer = z
  .object({
    state: z
      .enum(["open", "cancelled", "late", "gone"])
      .describe(
        "open: it can be cancelled; cancelled: it is; late: inside the late-cancel window (call the clinic); gone: the link is not valid",
      ),
    start: timestamp.optional(),
    language: z.enum(["en", "es", "zh"]),
    phone: z.string().optional().describe("The clinic's phone, to call inside the late-cancel window"),
  })
  .meta({ id: "VisitorCancel" });

// ---- the visitor's reschedule link (docs/decisions/0081-reschedule-link.md)

const linkToken = z.string({ error: "The link's token is required" }).trim().min(1, "The link's token is required").max(200);
export const rescheduleLinkInput = z.object({
  token: linkToken,
  from: localDate.optional().describe("The first local date of the free times (YYYY-MM-DD; today when absent or earlier)"),
});
export const rescheduleInput = z.object({
  token: linkToken,
  // ISO 8601 text only, as staff's move takes it.
  start: formDate("Must be a date and time (ISO 8601)").pipe(z.date({ error: "Must be a date and time (ISO 8601)" })),
});
export const visitorRescheduleAnswer = z
  .object({
    state: z
      .enum(["open", "moved", "late", "gone"])
      .describe(
        "open: it can be moved to one of `times`; moved: it is (at `start`); late: inside the late-cancel window (call the clinic); gone: the link is not valid",
      ),
    start: timestamp.optional().describe("The booking's time (after the move, its new time)"),
    status: z.enum(["requested", "confirmed"]).optional().describe("requested: staff confirm the (new) time; confirmed: it stands"),
    language: z.enum(["en", "es", "zh"]),
    phone: z.string().optional().describe("The clinic's phone, to call inside the late-cancel window"),
    from: z.string().optional().describe("open: the first local date of `times`"),
    to: z.string().optional().describe("open: the last local date of `times`"),
    lastDay: z
      .string()
      .optional()
      .describe("open: the last local date the service books (today plus its booking window): no later `from` has times"),
    times: z
      .array(z.object({ start: timestamp, end: timestamp }))
      .optional()
      .describe("open: the free times it can move to (the same clinician), earliest first"),
  })
  .meta({ id: "VisitorReschedule" });
