import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, lt, or, type SQL } from "drizzle-orm";
import { CATALOGUES } from "../../client/public/catalogue/all";
import type { LanguageCode } from "../../shared/languages";
import { ACTIVE_BOOKING_STATUSES, BOOKING_MESSAGES, type BookingInput } from "../../shared/schemas/booking";
import type { Database } from "../db/client";
import { type BookingStatus, bookingClaims, bookings, contactSubmissions } from "../db/schema";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { type Actor, recordChange } from "./activity";
import { bookableService, BOOKING_TIME_ZONE, type ServiceBooking, serviceFreeTimes } from "./booking-availability";
import { addDays, lastBookableDay, localDate, localToInstant } from "./booking-slots";
import { submitContactForm } from "./contact";
import { issueConversionToken } from "./conversion-token";
import { bookingOfSignedToken, bookingOfToken, insideLateWindow, lateCancelHoursOf, queueBookingMail } from "./booking-mail";
import { getClinic } from "./settings";

/**
 * Bookings (issue 38; docs/decisions/0075-booking-model.md). A visitor's booking is an inquiry on the
 * desk (./contact.ts's pipeline: encryption, consent receipt, spam checks, form token, per-hour limit)
 * and a row of `bookings` saved in the same transaction, holding its time by claiming every 5-minute
 * cell of it (buffers included) for its clinician and its resource in `booking_claims`, whose primary
 * key refuses a second holder: on PGlite and on PostgreSQL, across instances. Declining, cancelling,
 * attended and no-show release the claims; a move releases and claims again in one transaction.
 */

export const CLAIM_CELL_MS = 5 * 60_000;
type Row = typeof bookings.$inferSelect;

/** The words of a booking's answers in the visitor's language (the site's catalogue, part "booking"). */
export const bookingWords = (language: LanguageCode | undefined) => CATALOGUES[language ?? "en"].B;

/** The 5-minute cells [start, end) covers. */
export function cellsOf(start: Date, end: Date): Date[] {
  const cells: Date[] = [];
  for (let t = Math.floor(start.getTime() / CLAIM_CELL_MS) * CLAIM_CELL_MS; t < end.getTime(); t += CLAIM_CELL_MS) cells.push(new Date(t));
  return cells;
}

/** Claims a booking's held time for its clinician and resource; false (and nothing claimed) when any cell is taken. */
export async function claimTime(tx: Database, booking: Pick<Row, "id" | "clinicianId" | "resourceId" | "blockStartsAt" | "blockEndsAt">) {
  const owners = [
    ...(booking.clinicianId !== null ? [{ ownerKind: "clinician" as const, ownerId: booking.clinicianId }] : []),
    ...(booking.resourceId !== null ? [{ ownerKind: "resource" as const, ownerId: booking.resourceId }] : []),
  ];
  const rows = owners.flatMap((owner) =>
    cellsOf(booking.blockStartsAt, booking.blockEndsAt).map((cellStart) => ({ ...owner, cellStart, bookingId: booking.id })),
  );
  if (rows.length === 0) return true;
  const claimed = await tx.insert(bookingClaims).values(rows).onConflictDoNothing().returning({ bookingId: bookingClaims.bookingId });
  if (claimed.length === rows.length) return true;
  await releaseTime(tx, booking.id);
  return false;
}

export async function releaseTime(tx: Database, bookingId: number) {
  await tx.delete(bookingClaims).where(eq(bookingClaims.bookingId, bookingId));
}

/** A repeated submission (same idempotency key) met inside the transaction: answered with the first result. */
class RepeatedSubmission extends Error {}

function receivedAnswer(deps: AppDeps, row: Row, now: Date) {
  return {
    success: true as const,
    id: row.id,
    status: row.status === "confirmed" ? ("confirmed" as const) : ("requested" as const),
    start: row.startsAt,
    end: row.endsAt,
    conversionToken: issueConversionToken(deps.secrets, row.inquiryId ?? 0, row.inquiryId === null, now),
  };
}

async function byKey(db: Database, key: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
  return row;
}

/**
 * POST /api/booking. The start must be one of the service's free times (for the chosen clinician, or
 * any: the first free one in the service's order takes it); 409 in the visitor's language when another
 * booking claimed it first; the same idempotency key again answers the first result (even while the
 * first is still being saved). Spam is answered as a request and books nothing.
 */
export async function createBooking(deps: AppDeps, ip: string, input: BookingInput, now = new Date()) {
  const words = bookingWords(input.language);
  const earlier = await byKey(deps.db, input.idempotencyKey);
  if (earlier) return receivedAnswer(deps, earlier, now);
  const service = await bookableService(deps.db, input.service);
  if (input.clinicianId !== undefined && !service.clinicianIds.includes(input.clinicianId))
    throw errors.invalidField(["clinicianId"], BOOKING_MESSAGES.clinicianNotOffered);
  const day = localDate(input.start.getTime(), BOOKING_TIME_ZONE);
  const only = input.clinicianId !== undefined ? [input.clinicianId] : undefined;
  const slot = (await serviceFreeTimes(deps.db, service, { from: day, to: day }, now, { only })).find(
    (time) => time.start.getTime() === input.start.getTime(),
  );
  if (!slot) throw await notFreeError(deps.db, service, input.start, day, now, only, words);
  const { idempotencyKey, service: _service, start: _start, clinicianId: _clinician, ...contact } = input;
  const status: BookingStatus = service.requiresConfirmation ? "requested" : "confirmed";
  try {
    const answer = await submitContactForm(
      deps,
      ip,
      { ...contact, servicesInterested: [service.title], availabilityDays: [], availabilityTimes: [] },
      {
        status: status === "confirmed" ? "scheduled" : "new",
        within: async (tx, inquiryId, at) => {
          const [row] = await tx
            .insert(bookings)
            .values({
              ...timesOf(service, slot.start),
              serviceId: service.serviceId,
              clinicianId: slot.clinicianIds[0]!,
              resourceId: service.resourceId,
              status,
              inquiryId,
              language: input.language ?? "en",
              idempotencyKey,
              calendarUid: `${randomUUID()}@booking`,
              linkSecret: randomBytes(32).toString("base64url"),
              statusChangedAt: at,
              createdAt: at,
              updatedAt: at,
            })
            .onConflictDoNothing({ target: bookings.idempotencyKey })
            .returning();
          if (!row) throw new RepeatedSubmission();
          for (const clinicianId of slot.clinicianIds) {
            const candidate = { ...row, clinicianId };
            if (await claimTime(tx, candidate)) {
              if (clinicianId !== row.clinicianId) await tx.update(bookings).set({ clinicianId }).where(eq(bookings.id, row.id));
              await queueBookingMail(tx, row, status === "confirmed" ? "booking_confirmed" : "booking_requested", at);
              return candidate;
            }
          }
          throw errors.conflict(words.taken);
        },
      },
    );
    if (answer.booked) return { ...receivedAnswer(deps, answer.booked, now), conversionToken: answer.conversionToken };
    // Spam: the same answer a request gets, and nothing held.
    return {
      success: true as const,
      id: answer.id,
      status: "requested" as const,
      start: slot.start,
      end: slot.end,
      conversionToken: answer.conversionToken,
    };
  } catch (error) {
    if (!(error instanceof RepeatedSubmission)) throw error;
    const first = await byKey(deps.db, idempotencyKey);
    if (!first) throw errors.conflict(words.taken);
    return receivedAnswer(deps, first, now);
  }
}

/**
 * Why a start is not free: another booking holds it (it is one of the times the hours offer): 409
 * "That time was just taken", what a visitor who saw it free a moment ago is told, whether the other
 * booking was saved before this request read the times or while it was saving (the claims' 409); else
 * (outside the hours, the notice or the window, or not on the interval) 400 "no longer available".
 */
async function notFreeError(
  db: Database,
  service: ServiceBooking,
  start: Date,
  day: string,
  now: Date,
  only: number[] | undefined,
  words: ReturnType<typeof bookingWords>,
) {
  const offered = await serviceFreeTimes(db, service, { from: day, to: day }, now, { only, ignoreBusy: true });
  return offered.some((time) => time.start.getTime() === start.getTime())
    ? errors.conflict(words.taken)
    : errors.invalidField(["start"], words.notFree);
}

/** A booking's times at `start`: the appointment and the held time (buffers included). */
function timesOf(service: Pick<ServiceBooking, "durationMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes">, start: Date) {
  const end = new Date(start.getTime() + service.durationMinutes * 60_000);
  return {
    startsAt: start,
    endsAt: end,
    blockStartsAt: new Date(start.getTime() - service.bufferBeforeMinutes * 60_000),
    blockEndsAt: new Date(end.getTime() + service.bufferAfterMinutes * 60_000),
  };
}

// ---- staff

/** Bookings of every status whose time overlaps local dates [from, to], for one clinician or resource or all. */
export async function listCalendar(db: Database, input: { from: string; to: string; clinicianId?: number; resourceId?: number }) {
  const start = new Date(localToInstant(input.from, 0, BOOKING_TIME_ZONE));
  const end = new Date(localToInstant(addDays(input.to, 1), 0, BOOKING_TIME_ZONE));
  const who: SQL[] = [];
  if (input.clinicianId !== undefined) who.push(eq(bookings.clinicianId, input.clinicianId));
  if (input.resourceId !== undefined) who.push(eq(bookings.resourceId, input.resourceId));
  return db
    .select()
    .from(bookings)
    .where(and(lt(bookings.startsAt, end), gt(bookings.endsAt, start), who.length ? or(...who) : undefined))
    .orderBy(bookings.startsAt, bookings.id);
}

async function loadBooking(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw errors.notFound(BOOKING_MESSAGES.notFound);
  return row;
}

const isActive = (status: string) => (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(status);

async function logAct(db: Database, actor: Actor, row: Row, act: string, details: Record<string, unknown> = {}) {
  await recordChange(db, actor, {
    action: "update",
    resourceType: "booking",
    resourceId: row.id,
    label: `Booking #${row.id}`,
    details: { act, ...details },
  });
}

/** Sets a booking's status (and more), from one of `from`; releases its time when it leaves the active statuses. */
async function changeStatus(
  db: Database,
  actor: Actor,
  id: number,
  to: BookingStatus,
  rule: { from: readonly BookingStatus[]; message: string },
  extra: Partial<Row> = {},
  now = new Date(),
): Promise<Row> {
  return db.transaction(async (tx) => {
    const row = await loadBooking(tx, id);
    if (!rule.from.includes(row.status)) throw errors.badRequest(rule.message);
    const [saved] = await tx
      .update(bookings)
      .set({ ...extra, status: to, statusChangedAt: now, statusChangedBy: actor.adminId, updatedAt: now })
      .where(and(eq(bookings.id, id), eq(bookings.status, row.status)))
      .returning();
    if (!saved) throw errors.conflict(BOOKING_MESSAGES.notActive);
    if (!isActive(to)) await releaseTime(tx, id);
    if (to === "confirmed") await queueBookingMail(tx, saved, "booking_confirmed", now);
    if (to === "declined" || to === "cancelled") await queueBookingMail(tx, saved, "booking_cancelled", now);
    // Confirmed: the inquiry on the desk reads Scheduled (one of the desk's own statuses).
    if (to === "confirmed" && row.inquiryId !== null)
      await tx
        .update(contactSubmissions)
        .set({ status: "scheduled", statusChangedAt: now, statusChangedBy: actor.adminId })
        .where(and(eq(contactSubmissions.id, row.inquiryId), inArray(contactSubmissions.status, ["new", "contacted"])));
    await logAct(tx, actor, saved, to, extra.staffMessage ? { withMessage: true } : {});
    return saved;
  });
}

export const confirmBooking = (db: Database, actor: Actor, id: number) =>
  changeStatus(db, actor, id, "confirmed", { from: ["requested"], message: BOOKING_MESSAGES.notRequested });

export const declineBooking = (db: Database, actor: Actor, id: number, message?: string) =>
  changeStatus(
    db,
    actor,
    id,
    "declined",
    { from: ["requested"], message: BOOKING_MESSAGES.notRequested },
    { staffMessage: message || null },
  );

/** Cancelled by staff (or the visitor's signed link, phase 2): frees the time; the calendar entry's sequence goes up. */
export async function cancelBooking(db: Database, actor: Actor, id: number, now = new Date()) {
  const row = await loadBooking(db, id);
  return changeStatus(
    db,
    actor,
    id,
    "cancelled",
    { from: ACTIVE_BOOKING_STATUSES, message: BOOKING_MESSAGES.notActive },
    {
      calendarSequence: row.calendarSequence + 1,
    },
    now,
  );
}

/** Attended or no-show: a confirmed booking whose time has begun. */
export async function markOutcome(db: Database, actor: Actor, id: number, outcome: "attended" | "no_show", now = new Date()) {
  const row = await loadBooking(db, id);
  if (row.status === "confirmed" && row.startsAt > now) throw errors.badRequest(BOOKING_MESSAGES.notStarted);
  return changeStatus(db, actor, id, outcome, { from: ["confirmed"], message: BOOKING_MESSAGES.notConfirmed });
}

/**
 * Moves an active booking to another start (and clinician): the new time must be one the service offers
 * (its hours, interval, minimum notice and booking window, as for the visitor) and free, its own old
 * time aside; the calendar entry's sequence goes up. 400 "no longer available" or 409 "just taken"
 * (another booking holds it), in the booking's language: the words the visitor would read.
 */
export async function moveBooking(db: Database, actor: Actor, input: { id: number; start: Date; clinicianId?: number }, now = new Date()) {
  const row = await loadBooking(db, input.id);
  return moveTo(db, actor, row, input.start, input.clinicianId ?? row.clinicianId, now, { byVisitor: false });
}

/**
 * The move itself, staff's and the visitor's (one rule): the free-times check, then in one transaction
 * the old claims released, the row updated (only if its status is still what was read) and the new
 * claims taken: a time another booking claimed meanwhile rolls it all back (409). Staff's move keeps the
 * status and mails a confirmed booking's new confirmation, or a request's new time; the visitor's puts a confirmed booking of a
 * service that requires confirmation back to requested (its inquiry back to New on the desk) and mails
 * "moved" with the updated .ics (docs/decisions/0081-reschedule-link.md).
 */
async function moveTo(
  db: Database,
  actor: Actor,
  row: Row,
  start: Date,
  clinicianId: number | null,
  now: Date,
  options: { byVisitor: boolean },
): Promise<Row> {
  if (!isActive(row.status)) throw errors.badRequest(BOOKING_MESSAGES.notActive);
  if (row.serviceId === null) throw errors.badRequest(BOOKING_MESSAGES.serviceNotBookable);
  const service = await bookableService(db, row.serviceId, { staff: true });
  if (clinicianId === null || !service.clinicianIds.includes(clinicianId))
    throw errors.invalidField(["clinicianId"], BOOKING_MESSAGES.clinicianNotOffered);
  const words = bookingWords(row.language);
  const day = localDate(start.getTime(), BOOKING_TIME_ZONE);
  const free = await serviceFreeTimes(db, service, { from: day, to: day }, now, { only: [clinicianId], ignoreBooking: row.id });
  if (!free.some((time) => time.start.getTime() === start.getTime()))
    throw await notFreeError(db, service, start, day, now, [clinicianId], words);
  const backToRequested = options.byVisitor && service.requiresConfirmation && row.status === "confirmed";
  return db.transaction(async (tx) => {
    await releaseTime(tx, row.id);
    const [moved] = await tx
      .update(bookings)
      .set({
        ...timesOf(service, start),
        clinicianId,
        resourceId: service.resourceId,
        calendarSequence: row.calendarSequence + 1,
        // The new time has its own reminder.
        reminderSentAt: null,
        updatedAt: now,
        ...(backToRequested ? { status: "requested" as const, statusChangedAt: now, statusChangedBy: null } : {}),
      })
      .where(and(eq(bookings.id, row.id), eq(bookings.status, row.status), eq(bookings.startsAt, row.startsAt)))
      .returning();
    if (!moved || !(await claimTime(tx, moved))) throw errors.conflict(words.taken);
    await logAct(tx, actor, moved, "moved", {
      from: row.startsAt.toISOString(),
      to: moved.startsAt.toISOString(),
      ...(backToRequested ? { status: "requested" } : {}),
    });
    if (backToRequested && row.inquiryId !== null)
      await tx
        .update(contactSubmissions)
        .set({ status: "new", statusChangedAt: now, statusChangedBy: null })
        .where(and(eq(contactSubmissions.id, row.inquiryId), eq(contactSubmissions.status, "scheduled")));
    if (options.byVisitor) await queueBookingMail(tx, moved, "booking_moved", now);
    // Staff's move: the visitor's calendar entry moves (same UID, higher sequence). A request has no entry
    // yet, but its mail's links were signed for the old time: the visitor gets the new time and fresh links.
    else if (moved.status === "confirmed") await queueBookingMail(tx, moved, "booking_confirmed", now);
    else await queueBookingMail(tx, moved, "booking_request_moved", now);
    return moved;
  });
}

// ---- the visitor's reschedule link

/** The days a reschedule page or read shows at once. */
export const RESCHEDULE_DAYS = 7;

/**
 * What the visitor's reschedule link finds: the booking to move with the free times from `from`
 * (`open`), one inside the late-cancel window (`late`: call), the booking just moved (`moved`), or
 * nothing valid (`gone`).
 */
export type VisitorRescheduleState =
  | {
      state: "open";
      start: Date;
      status: "requested" | "confirmed";
      language: LanguageCode;
      phone: string;
      from: string;
      to: string;
      /** The last local date the service books (today plus its booking window). */
      lastDay: string;
      times: Array<{ start: Date; end: Date }>;
    }
  | { state: "moved" | "late"; start: Date; status: "requested" | "confirmed"; language: LanguageCode; phone: string }
  | { state: "gone"; language: LanguageCode };

const activeStatus = (status: string) => (status === "confirmed" ? ("confirmed" as const) : ("requested" as const));

/**
 * GET: the booking's time and the free times of its service, for its own clinician (and the service's
 * resource), over RESCHEDULE_DAYS local dates from `from` (today at the earliest): the booking's own
 * held time does not block them, and its current start is not offered. Nothing changes.
 */
export async function visitorRescheduleState(
  deps: AppDeps,
  token: string,
  from?: string,
  now = new Date(),
): Promise<VisitorRescheduleState> {
  const booking = await bookingOfToken(deps, token, now, "reschedule");
  if (!booking || !isActive(booking.status)) return { state: "gone", language: (booking?.language as LanguageCode) ?? "en" };
  const language = booking.language as LanguageCode;
  const phone = (await getClinic(deps.db)).phone;
  const facts = { start: booking.startsAt, status: activeStatus(booking.status), language, phone };
  if (insideLateWindow(booking, await lateCancelHoursOf(deps.db, booking.serviceId), now)) return { state: "late", ...facts };
  const today = localDate(now.getTime(), BOOKING_TIME_ZONE);
  const service =
    booking.serviceId !== null && booking.clinicianId !== null
      ? await bookableService(deps.db, booking.serviceId, { staff: true }).catch(() => null)
      : null;
  // The service's booking window ends the days offered: no page past it (it could only show no times).
  const lastDay = service ? lastBookableDay(today, service.daysAhead) : today;
  const first = [from && from > today ? from : today, lastDay].sort()[0]!;
  const last = addDays(first, RESCHEDULE_DAYS - 1);
  let times: Array<{ start: Date; end: Date }> = [];
  if (service && booking.clinicianId !== null && service.clinicianIds.includes(booking.clinicianId))
    times = (
      await serviceFreeTimes(deps.db, service, { from: first, to: last }, now, { only: [booking.clinicianId], ignoreBooking: booking.id })
    )
      .filter((time) => time.start.getTime() !== booking.startsAt.getTime())
      .map((time) => ({ start: time.start, end: time.end }));
  return { state: "open", ...facts, from: first, to: last, lastDay, times };
}

/**
 * POST: the visitor moves their booking with the signed reschedule link from their mail (single-purpose,
 * bound to the time it was mailed for): to one of the free times, as staff's move does (claims re-taken
 * in one transaction; 409 "just taken" in the booking's language when another booking holds the time,
 * 400 "no longer available" when the service does not offer it). Inside the late-cancel window it
 * changes nothing and answers `late`. The same post again (a double click) answers `moved`, not `gone`.
 */
export async function rescheduleByVisitor(
  deps: AppDeps,
  ip: string,
  token: string,
  start: Date,
  now = new Date(),
): Promise<VisitorRescheduleState> {
  const found = await bookingOfSignedToken(deps, token, now, "reschedule");
  if (!found || !isActive(found.booking.status)) return { state: "gone", language: (found?.booking.language as LanguageCode) ?? "en" };
  const { booking } = found;
  const language = booking.language as LanguageCode;
  const phone = (await getClinic(deps.db)).phone;
  const facts = (row: Row) => ({ start: row.startsAt, status: activeStatus(row.status), language, phone });
  // This link's move, sent again: already done.
  if (!found.current)
    return booking.startsAt.getTime() === start.getTime() ? { state: "moved", ...facts(booking) } : { state: "gone", language };
  if (insideLateWindow(booking, await lateCancelHoursOf(deps.db, booking.serviceId), now)) return { state: "late", ...facts(booking) };
  const visitor: Actor = { adminId: null, username: "visitor (reschedule link)", ip };
  const moved = await moveTo(deps.db, visitor, booking, start, booking.clinicianId, now, { byVisitor: true });
  return { state: "moved", ...facts(moved) };
}

// ---- the visitor's cancel link

/** What the visitor's cancel link finds: the booking to cancel, one inside the late-cancel window (call), or nothing valid. */
export type VisitorCancelState =
  | { state: "open" | "cancelled" | "late"; start: Date; language: LanguageCode; phone: string }
  | { state: "gone"; language: LanguageCode };

async function visitorView(deps: AppDeps, token: string, now: Date) {
  const booking = await bookingOfToken(deps, token, now);
  const phone = (await getClinic(deps.db)).phone;
  if (!booking) return { booking: null, phone };
  return { booking, phone, late: insideLateWindow(booking, await lateCancelHoursOf(deps.db, booking.serviceId), now) };
}

/** GET: what the link would do (nothing changes). */
export async function visitorCancelState(deps: AppDeps, token: string, now = new Date()): Promise<VisitorCancelState> {
  const { booking, phone, late } = await visitorView(deps, token, now);
  if (!booking) return { state: "gone", language: "en" };
  const language = booking.language as LanguageCode;
  if (booking.status === "cancelled") return { state: "cancelled", start: booking.startsAt, language, phone };
  if (!isActive(booking.status)) return { state: "gone", language };
  return { state: late ? "late" : "open", start: booking.startsAt, language, phone };
}

/**
 * POST: the visitor cancels with the signed link from their mail (single-purpose, expiring at the
 * booking's start). Frees the time; inside the late-cancel window it changes nothing and says to call.
 */
export async function cancelByVisitor(deps: AppDeps, ip: string, token: string, now = new Date()): Promise<VisitorCancelState> {
  const found = await visitorCancelState(deps, token, now);
  if (found.state !== "open") return found;
  const booking = (await bookingOfToken(deps, token, now))!;
  const visitor: Actor = { adminId: null, username: "visitor (cancel link)", ip };
  await cancelBooking(deps.db, visitor, booking.id, now);
  return { ...found, state: "cancelled" };
}
