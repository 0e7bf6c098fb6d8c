import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { LanguageCode } from "../../shared/languages";
import type { Database } from "../db/client";
import { bookings, bookingServiceSettings, contactSubmissions, mailOutbox } from "../db/schema";
import type { AppDeps } from "../deps";
import { type BookingMailWhat, bookingCalendar, bookingMailText } from "../mail/booking-text";
import type { MailMessage } from "../mail/mailer";
import { BOOKING_TIME_ZONE } from "./booking-availability";
import { openIdentity } from "./inquiry-identity";
import { getClinic } from "./settings";

/**
 * A visitor's booking mails through the outbox (issue 38; docs/decisions/0076-booking-mail-and-page.md):
 * "requested" when a request arrives, "confirmed" (with the .ics) when it is confirmed at once, by staff
 * or moved by staff, "cancelled" (METHOD:CANCEL .ics) when declined or cancelled, one reminder 24 hours
 * before, and "moved" (the .ics, same UID, higher SEQUENCE) when the visitor moves it with their link;
 * when staff move a request, "request moved" (the new time and fresh links, no .ics: a request has none).
 * The outbox row names only the booking; the address is decrypted from the inquiry when the mail is sent,
 * and a row whose moment has passed (the booking changed, or began) is skipped, not sent.
 */
export const BOOKING_MAIL_KINDS = [
  "booking_requested",
  "booking_confirmed",
  "booking_cancelled",
  "booking_reminder",
  "booking_moved",
  "booking_request_moved",
] as const;
export type BookingMailKind = (typeof BOOKING_MAIL_KINDS)[number];
export const isBookingMail = (kind: string): kind is BookingMailKind => (BOOKING_MAIL_KINDS as readonly string[]).includes(kind);

export const REMINDER_BEFORE_MS = 24 * 60 * 60_000;

type Booking = typeof bookings.$inferSelect;

/** Queues a booking's mail inside the transaction that changed it (none for a booking without an inquiry). */
export async function queueBookingMail(tx: Database, booking: Pick<Booking, "id" | "inquiryId">, kind: BookingMailKind, at?: Date) {
  if (booking.inquiryId === null) return;
  await tx.insert(mailOutbox).values({
    kind,
    submissionId: booking.inquiryId,
    recipientAdminId: null,
    payload: { bookingId: booking.id },
    ...(at ? { createdAt: at, nextAttemptAt: at } : {}),
  });
}

/**
 * Queues the reminder of every confirmed booking that starts within the next 24 hours and has had none:
 * the same statement marks the booking, so no instance (and no later round) queues it twice.
 */
export async function queueBookingReminders(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(bookings)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(bookings.status, "confirmed"),
          isNull(bookings.reminderSentAt),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
        ),
      )
      .returning({ id: bookings.id, inquiryId: bookings.inquiryId });
    for (const booking of due) await queueBookingMail(tx, booking, "booking_reminder", now);
    return due.length;
  });
}

// ---- the signed links: cancel and reschedule

/**
 * A link's purpose: its signature is made with that purpose's key, so a cancel link cannot reschedule
 * and a reschedule link cannot cancel (docs/decisions/0081-reschedule-link.md).
 */
export type LinkPurpose = "cancel" | "reschedule";
const PURPOSES: Record<LinkPurpose, string> = { cancel: "booking-cancel", reschedule: "booking-reschedule" };
const prefixOf = (language: LanguageCode) => (language === "en" ? "" : `/${language}`);

/** A link's token: the booking, its expiry (the booking's start, seconds) and a signature over both and the booking's own secret. */
export function linkToken(deps: AppDeps, booking: Pick<Booking, "id" | "startsAt" | "linkSecret">, purpose: LinkPurpose): string {
  const expires = Math.floor(booking.startsAt.getTime() / 1000);
  return `${booking.id}.${expires}.${deps.secrets.sign(PURPOSES[purpose], `${booking.id}.${expires}.${booking.linkSecret}`)}`;
}

export const cancelToken = (deps: AppDeps, booking: Pick<Booking, "id" | "startsAt" | "linkSecret">) => linkToken(deps, booking, "cancel");

/** The link's address, under the booking's language: /booking/cancel?token=... or /booking/reschedule?token=... */
export function linkUrl(
  deps: AppDeps,
  booking: Pick<Booking, "id" | "startsAt" | "linkSecret" | "language">,
  purpose: LinkPurpose,
): string {
  const language = booking.language as LanguageCode;
  return `${deps.config.publicOrigin}${prefixOf(language)}/booking/${purpose}?token=${encodeURIComponent(linkToken(deps, booking, purpose))}`;
}

export const cancelUrl = (deps: AppDeps, booking: Pick<Booking, "id" | "startsAt" | "linkSecret" | "language">) =>
  linkUrl(deps, booking, "cancel");

/**
 * The booking a token of this purpose names, whether or not it still stands at the time the token was
 * made for (`current`: the start it names is the booking's start, so the link is as mailed), when the
 * signature holds and the time it names has not begun; else null.
 */
export async function bookingOfSignedToken(
  deps: AppDeps,
  token: string,
  now: Date,
  purpose: LinkPurpose,
): Promise<{ booking: Booking; current: boolean } | null> {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token.trim());
  if (!match) return null;
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  if (Number(expires) * 1000 <= now.getTime()) return null;
  const [row] = await deps.db
    .select()
    .from(bookings)
    .where(eq(bookings.id, Number(id)));
  if (!row || !deps.secrets.verify(PURPOSES[purpose], `${row.id}.${expires}.${row.linkSecret}`, signature)) return null;
  return { booking: row, current: Math.floor(row.startsAt.getTime() / 1000) === Number(expires) };
}

/**
 * The booking a token names, when its signature holds for this purpose, it has not expired and the
 * booking still starts when the token says (a moved booking's earlier links are void); else null.
 */
export async function bookingOfToken(deps: AppDeps, token: string, now: Date, purpose: LinkPurpose = "cancel"): Promise<Booking | null> {
  const found = await bookingOfSignedToken(deps, token, now, purpose);
  return found?.current ? found.booking : null;
}

export async function lateCancelHoursOf(db: Database, serviceId: number | null): Promise<number> {
  if (serviceId === null) return 0;
  const [row] = await db
    .select({ hours: bookingServiceSettings.lateCancelHours })
    .from(bookingServiceSettings)
    .where(eq(bookingServiceSettings.serviceId, serviceId));
  return row?.hours ?? 0;
}

/** Whether `now` is inside the booking's late-cancel window (then the visitor is told to call). */
export const insideLateWindow = (booking: Pick<Booking, "startsAt">, hours: number, now: Date) =>
  booking.startsAt.getTime() - now.getTime() < hours * 60 * 60_000;

// ---- the message

const WHAT: Record<BookingMailKind, BookingMailWhat> = {
  booking_requested: "requested",
  booking_confirmed: "confirmed",
  booking_cancelled: "cancelled",
  booking_reminder: "reminder",
  booking_moved: "moved",
  booking_request_moved: "requestMoved",
};

/** Whether the booking is still as the mail says (else the mail is skipped). */
function stillTrue(kind: BookingMailKind, booking: Booking, now: Date): boolean {
  if (kind === "booking_cancelled") return booking.status === "cancelled" || booking.status === "declined";
  if (booking.startsAt <= now) return false;
  if (kind === "booking_requested" || kind === "booking_request_moved") return booking.status === "requested";
  // The visitor's move: the new time, whether it stands confirmed or waits for staff again.
  if (kind === "booking_moved") return booking.status === "requested" || booking.status === "confirmed";
  return booking.status === "confirmed";
}

/** The mail an outbox row of a booking stands for, made now; null when there is nothing to send. */
export async function buildBookingMessage(
  db: Database,
  deps: AppDeps,
  row: { kind: BookingMailKind; submissionId: number | null; payload: unknown },
  messageId: string,
  now: Date,
): Promise<MailMessage | null> {
  const bookingId = (row.payload as { bookingId?: number } | null)?.bookingId;
  if (row.submissionId === null || typeof bookingId !== "number") return null;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || !stillTrue(row.kind, booking, now)) return null;
  const [inquiry] = await db
    .select({ identity: contactSubmissions.identity })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, row.submissionId));
  if (!inquiry) return null;
  const identity = openIdentity(deps.secrets, row.submissionId, inquiry.identity);
  if (identity.unreadable || !identity.email) return null;
  const clinic = await getClinic(db);
  const language = booking.language as LanguageCode;
  const lateCancelHours = await lateCancelHoursOf(db, booking.serviceId);
  const tentative = row.kind === "booking_moved" && booking.status === "requested";
  const what = tentative ? "movedRequested" : WHAT[row.kind];
  const content = bookingMailText({
    what,
    language,
    clinic,
    start: booking.startsAt,
    timeZone: BOOKING_TIME_ZONE,
    links: insideLateWindow(booking, lateCancelHours, now)
      ? null
      : { cancel: linkUrl(deps, booking, "cancel"), reschedule: linkUrl(deps, booking, "reschedule") },
    lateCancelHours,
  });
  const withCalendar = what === "confirmed" || what === "cancelled" || row.kind === "booking_moved";
  const attachments = withCalendar
    ? [
        {
          filename: "appointment.ics",
          contentType: `text/calendar; charset=utf-8; method=${what === "cancelled" ? "CANCEL" : "REQUEST"}`,
          content: bookingCalendar({
            uid: booking.calendarUid,
            sequence: booking.calendarSequence,
            start: booking.startsAt,
            end: booking.endsAt,
            clinic,
            cancelled: what === "cancelled",
            tentative,
            url: deps.config.publicOrigin,
          }),
        },
      ]
    : undefined;
  return { to: identity.email, ...content, messageId, ...(attachments ? { attachments } : {}) };
}
