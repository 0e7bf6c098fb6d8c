import { and, asc, eq } from "drizzle-orm";
import type { Permission } from "../../shared/permissions";
import { CALENDAR_MESSAGES } from "../../shared/schemas/booking-staff";
import type { Database } from "../db/client";
import { bookingClinicians, bookingResources, bookingServiceSettings, bookings, services, teamMembers } from "../db/schema";
import { errors } from "../errors";
import { availabilityOf, BOOKING_TIME_ZONE } from "./booking-availability";
import { addDays, intersect, stretchesOn } from "./booking-slots";

/**
 * Whose calendar a staff member sees (issue 38; docs/decisions/0077-booking-portal.md). A staff account
 * linked to a clinician (booking_clinicians.staff_user_id) sees and works only that clinician's
 * bookings, unless its role edits availability (an administrator); an account linked to none (the
 * front desk) sees every calendar. The server applies it to the calendar, its hours and every act.
 */
export type CalendarScope = { clinicianId: number } | null;

export async function calendarScopeOf(db: Database, user: { id: number }, permissions: readonly Permission[]): Promise<CalendarScope> {
  if (permissions.includes("availability.edit")) return null;
  const [own] = await db
    .select({ id: bookingClinicians.teamMemberId })
    .from(bookingClinicians)
    .where(eq(bookingClinicians.staffUserId, user.id));
  return own ? { clinicianId: own.id } : null;
}

/** The calendar's filter, narrowed to the caller's own clinician when their scope says so (403 for another's). */
export function scopedFilter<T extends { clinicianId?: number; resourceId?: number }>(scope: CalendarScope, input: T): T {
  if (!scope) return input;
  if (input.clinicianId !== undefined && input.clinicianId !== scope.clinicianId) throw errors.forbidden(CALENDAR_MESSAGES.ownOnly);
  const { resourceId: _resource, ...rest } = input;
  return { ...rest, clinicianId: scope.clinicianId } as T;
}

/** 403 when the booking is another clinician's and the caller sees only their own. */
export async function assertBookingInScope(db: Database, scope: CalendarScope, bookingId: number): Promise<void> {
  if (!scope) return;
  const [row] = await db.select({ clinicianId: bookings.clinicianId }).from(bookings).where(eq(bookings.id, bookingId));
  if (row && row.clinicianId !== scope.clinicianId) throw errors.forbidden(CALENDAR_MESSAGES.ownOnly);
}

/** Whose calendars the caller sees, the resources, the bookable services' titles. */
export async function calendarContext(db: Database, user: { id: number }, permissions: readonly Permission[]) {
  const scope = await calendarScopeOf(db, user, permissions);
  const rows = await db
    .select({
      id: bookingClinicians.teamMemberId,
      name: teamMembers.name,
      staffUserId: bookingClinicians.staffUserId,
      feedTokenHash: bookingClinicians.feedTokenHash,
    })
    .from(bookingClinicians)
    .innerJoin(teamMembers, eq(teamMembers.id, bookingClinicians.teamMemberId))
    .where(and(eq(bookingClinicians.isActive, true), scope ? eq(bookingClinicians.teamMemberId, scope.clinicianId) : undefined))
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
  const admin = permissions.includes("availability.edit");
  const resources = scope
    ? []
    : await db
        .select({ id: bookingResources.id, name: bookingResources.name })
        .from(bookingResources)
        .where(eq(bookingResources.isActive, true))
        .orderBy(asc(bookingResources.name));
  const titles = await db
    .select({ id: services.id, title: services.title })
    .from(services)
    .innerJoin(bookingServiceSettings, eq(bookingServiceSettings.serviceId, services.id))
    .orderBy(asc(services.title));
  const [own] = await db
    .select({ id: bookingClinicians.teamMemberId })
    .from(bookingClinicians)
    .where(eq(bookingClinicians.staffUserId, user.id));
  return {
    timeZone: BOOKING_TIME_ZONE,
    ownClinicianId: own?.id ?? null,
    ownOnly: scope !== null,
    clinicians: rows.map((row) => ({
      id: row.id,
      name: row.name,
      hasFeed: row.feedTokenHash !== null,
      mayManageFeed: admin || row.staffUserId === user.id,
    })),
    resources,
    services: titles,
  };
}

/** A clinician's or resource's open hours per local date: the clinic's ∩ the owner's (overrides first). */
export async function calendarHours(db: Database, input: { from: string; to: string; clinicianId?: number; resourceId?: number }) {
  const kind = input.clinicianId !== undefined ? "clinician" : "resource";
  const ownerId = (input.clinicianId ?? input.resourceId)!;
  const [clinic, owner] = await Promise.all([
    availabilityOf(db, "clinic", [0], input.from, input.to),
    availabilityOf(db, kind, [ownerId], input.from, input.to),
  ]);
  const days: Array<{ date: string; open: Array<{ startMinute: number; endMinute: number }> }> = [];
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    const open = intersect(stretchesOn(clinic.get(0)!, date), stretchesOn(owner.get(ownerId)!, date));
    days.push({ date, open: open.map((s) => ({ startMinute: s.start, endMinute: s.end })) });
  }
  return { days };
}
