import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import icalGenerator from "ical-generator";
import type { Permission } from "../../shared/permissions";
import { CALENDAR_MESSAGES } from "../../shared/schemas/booking-staff";
import { BOOKING_MESSAGES } from "../../shared/schemas/booking";
import type { Database } from "../db/client";
import { bookingClinicians, bookings, teamMembers } from "../db/schema";
import { errors } from "../errors";
import { type Actor, recordChange } from "./activity";

/**
 * A clinician's calendar feed (issue 38; docs/decisions/0077-booking-portal.md): an iCalendar address
 * with a secret in it, which the clinician (or an administrator) creates and revokes; only the
 * secret's SHA-256 is kept, so the address is shown once. It names no patient and no service: each
 * event is "Requested" or "Booked" and its time (UTC), with the booking's stable UID and sequence.
 * A revoked or unknown address answers 404.
 */

export const FEED_PATH = "/api/booking/feed/";
/** The events' only words: a feed names no patient, service or health detail. */
export const FEED_WORDS = { requested: "Requested", confirmed: "Booked", calendar: "Bookings" } as const;
const PAST_DAYS = 30;
const AHEAD_DAYS = 400;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

async function assertMayManage(db: Database, user: { id: number }, permissions: readonly Permission[], teamMemberId: number) {
  const [row] = await db
    .select({ staffUserId: bookingClinicians.staffUserId })
    .from(bookingClinicians)
    .where(eq(bookingClinicians.teamMemberId, teamMemberId));
  if (!row) throw errors.notFound(BOOKING_MESSAGES.clinicianNotFound);
  if (!permissions.includes("availability.edit") && row.staffUserId !== user.id) throw errors.forbidden(CALENDAR_MESSAGES.feedNotYours);
}

/** A new secret address (any earlier one stops answering). */
export async function createFeed(
  db: Database,
  actor: Actor,
  user: { id: number },
  permissions: readonly Permission[],
  teamMemberId: number,
) {
  await assertMayManage(db, user, permissions, teamMemberId);
  const token = randomBytes(32).toString("base64url");
  await db
    .update(bookingClinicians)
    .set({ feedTokenHash: hashOf(token), updatedAt: new Date() })
    .where(eq(bookingClinicians.teamMemberId, teamMemberId));
  await recordChange(db, actor, {
    action: "update",
    resourceType: "booking_feed",
    resourceId: teamMemberId,
    label: `Calendar feed of clinician #${teamMemberId}`,
    details: { act: "created" },
  });
  return { path: `${FEED_PATH}${token}.ics` };
}

/** Revokes the address: it answers 404 from now on. */
export async function revokeFeed(
  db: Database,
  actor: Actor,
  user: { id: number },
  permissions: readonly Permission[],
  teamMemberId: number,
) {
  await assertMayManage(db, user, permissions, teamMemberId);
  await db
    .update(bookingClinicians)
    .set({ feedTokenHash: null, updatedAt: new Date() })
    .where(eq(bookingClinicians.teamMemberId, teamMemberId));
  await recordChange(db, actor, {
    action: "update",
    resourceType: "booking_feed",
    resourceId: teamMemberId,
    label: `Calendar feed of clinician #${teamMemberId}`,
    details: { act: "revoked" },
  });
  return { path: null };
}

/** The feed's iCalendar text for a secret (`<token>.ics`), or null (404) for a revoked or unknown one. */
export async function feedText(db: Database, file: string, now = new Date()): Promise<string | null> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : file;
  // Every address is looked up (a malformed one too): the answer is the same 404, and a database that does not answer is a 503.
  const [clinician] = await db
    .select({ id: bookingClinicians.teamMemberId, name: teamMembers.name })
    .from(bookingClinicians)
    .innerJoin(teamMembers, eq(teamMembers.id, bookingClinicians.teamMemberId))
    .where(eq(bookingClinicians.feedTokenHash, hashOf(token)));
  if (!clinician) return null;
  const rows = await db
    .select({
      uid: bookings.calendarUid,
      sequence: bookings.calendarSequence,
      status: bookings.status,
      start: bookings.startsAt,
      end: bookings.endsAt,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.clinicianId, clinician.id),
        inArray(bookings.status, ["requested", "confirmed", "attended", "no_show"]),
        gt(bookings.endsAt, new Date(now.getTime() - PAST_DAYS * 86_400_000)),
        lt(bookings.startsAt, new Date(now.getTime() + AHEAD_DAYS * 86_400_000)),
      ),
    )
    .orderBy(bookings.startsAt);
  const calendar = icalGenerator({ name: `${FEED_WORDS.calendar}: ${clinician.name}`, prodId: "//Clinic//Bookings//EN", ttl: 900 });
  for (const row of rows)
    calendar.createEvent({
      id: row.uid,
      sequence: row.sequence,
      start: row.start,
      end: row.end,
      stamp: row.updatedAt,
      summary: row.status === "requested" ? FEED_WORDS.requested : FEED_WORDS.confirmed,
    });
  return calendar.toString();
}
