import { and, asc, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import { CLINIC_TIME_ZONE } from "../../shared/clinic-date";
import { type ClinicDetails, WEEKDAYS } from "../../shared/clinic";
import { ACTIVE_BOOKING_STATUSES, BOOKING_MESSAGES } from "../../shared/schemas/booking";
import type { Database } from "../db/client";
import {
  type BookingOwnerKind,
  bookingClinicians,
  bookingHours,
  bookingOverrides,
  bookingResources,
  bookings,
  bookingServiceClinicians,
  bookingServiceSettings,
  services,
  teamMembers,
} from "../db/schema";
import { errors } from "../errors";
import { getClinic } from "./settings";
import {
  addDays,
  type Availability,
  type Busy,
  type FreeTime,
  freeTimes,
  localToInstant,
  type SlotRules,
  type Stretch,
} from "./booking-slots";

/**
 * What the slot engine (./booking-slots.ts) needs, read from the database: a service's booking settings
 * and clinicians, each owner's hours and overrides, and the held times of active bookings. The clinic's
 * weekly hours are Clinic details' (one place: the site shows the same), its overrides its holidays.
 */

export const BOOKING_TIME_ZONE = CLINIC_TIME_ZONE;

export type ServiceBooking = typeof bookingServiceSettings.$inferSelect & {
  title: string;
  slug: string;
  /** The service's active clinicians, in its order. */
  clinicianIds: number[];
};

/**
 * A bookable, published service's settings by its slug (or id); 400 otherwise. `staff`: any service with
 * settings (staff move a booking of a service since taken off the site).
 */
export async function bookableService(db: Database, service: string | number, options: { staff?: boolean } = {}): Promise<ServiceBooking> {
  const [row] = await db
    .select({ settings: bookingServiceSettings, title: services.title, slug: services.slug })
    .from(bookingServiceSettings)
    .innerJoin(services, eq(services.id, bookingServiceSettings.serviceId))
    .where(
      and(
        typeof service === "number" ? eq(services.id, service) : eq(services.slug, service),
        options.staff ? undefined : eq(services.isPublished, true),
        options.staff ? undefined : eq(bookingServiceSettings.bookable, true),
      ),
    );
  if (!row) throw errors.invalidField(["service"], BOOKING_MESSAGES.serviceNotBookable);
  const clinicians = await db
    .select({ id: bookingServiceClinicians.teamMemberId })
    .from(bookingServiceClinicians)
    .innerJoin(bookingClinicians, eq(bookingClinicians.teamMemberId, bookingServiceClinicians.teamMemberId))
    .where(and(eq(bookingServiceClinicians.serviceId, row.settings.serviceId), eq(bookingClinicians.isActive, true)))
    .orderBy(asc(bookingServiceClinicians.sortOrder), asc(bookingServiceClinicians.teamMemberId));
  return { ...row.settings, title: row.title, slug: row.slug, clinicianIds: clinicians.map((c) => c.id) };
}

export const rulesOf = (s: ServiceBooking): SlotRules => ({
  durationMinutes: s.durationMinutes,
  intervalMinutes: s.intervalMinutes,
  bufferBeforeMinutes: s.bufferBeforeMinutes,
  bufferAfterMinutes: s.bufferAfterMinutes,
  minNoticeMinutes: s.minNoticeMinutes,
  daysAhead: s.daysAhead,
});

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** Clinic details' weekly hours as stretches by weekday (0 Sunday). */
export function clinicWeekly(hours: ClinicDetails["hours"]): Stretch[][] {
  const byWeekday: Stretch[][] = Array.from({ length: 7 }, () => []);
  WEEKDAYS.forEach((day, index) => {
    const h = hours[day];
    if (!h.closed) byWeekday[(index + 1) % 7] = [{ start: toMinutes(h.opens), end: toMinutes(h.closes) }];
  });
  return byWeekday;
}

/** Owners' availability over a range of local dates: weekly hours and the overrides in the range. */
export async function availabilityOf(
  db: Database,
  kind: BookingOwnerKind,
  ids: number[],
  from: string,
  to: string,
): Promise<Map<number, Availability>> {
  const result = new Map<number, { weekly: Stretch[][]; overrides: Map<string, Stretch[]> }>();
  for (const ownerId of ids) result.set(ownerId, { weekly: Array.from({ length: 7 }, () => []), overrides: new Map() });
  if (ids.length === 0) return result;
  if (kind === "clinic") {
    const weekly = clinicWeekly((await getClinic(db)).hours);
    for (const owner of result.values()) owner.weekly = weekly;
  } else {
    const hours = await db
      .select()
      .from(bookingHours)
      .where(and(eq(bookingHours.ownerKind, kind), inArray(bookingHours.ownerId, ids)))
      .orderBy(asc(bookingHours.startMinute));
    for (const row of hours) result.get(row.ownerId)?.weekly[row.weekday]?.push({ start: row.startMinute, end: row.endMinute });
  }
  const overrides = await db
    .select()
    .from(bookingOverrides)
    .where(
      and(
        eq(bookingOverrides.ownerKind, kind),
        inArray(bookingOverrides.ownerId, ids),
        sql`${bookingOverrides.date} between ${from} and ${to}`,
      ),
    );
  for (const row of overrides) {
    const owner = result.get(row.ownerId);
    if (!owner) continue;
    const day = owner.overrides.get(row.date) ?? [];
    if (row.startMinute !== null && row.endMinute !== null) day.push({ start: row.startMinute, end: row.endMinute });
    owner.overrides.set(row.date, day);
  }
  return result;
}

/** Active bookings' held times per clinician or resource, overlapping [from, to) (instants). */
export async function busyOf(
  db: Database,
  kind: "clinician" | "resource",
  ids: number[],
  from: Date,
  to: Date,
  exceptBooking?: number,
): Promise<Map<number, Busy[]>> {
  return (await busyOfBoth(db, kind === "clinician" ? ids : [], kind === "resource" ? ids : [], from, to, exceptBooking))[kind];
}

/**
 * The held times of the clinicians' and the resources' active bookings overlapping [from, to), in one
 * read (the dearest of the free times': a busy month is thousands of rows), as epoch milliseconds
 * computed by the database (no timestamp parsed per row).
 */
export async function busyOfBoth(
  db: Database,
  clinicianIds: number[],
  resourceIds: number[],
  from: Date,
  to: Date,
  exceptBooking?: number,
): Promise<{ clinician: Map<number, Busy[]>; resource: Map<number, Busy[]> }> {
  const result = {
    clinician: new Map<number, Busy[]>(clinicianIds.map((ownerId) => [ownerId, []])),
    resource: new Map<number, Busy[]>(resourceIds.map((ownerId) => [ownerId, []])),
  };
  if (clinicianIds.length === 0 && resourceIds.length === 0) return result;
  const rows = await db
    .select({
      clinicianId: bookings.clinicianId,
      resourceId: bookings.resourceId,
      start: sql<string>`(extract(epoch from ${bookings.blockStartsAt}) * 1000)::bigint`,
      end: sql<string>`(extract(epoch from ${bookings.blockEndsAt}) * 1000)::bigint`,
    })
    .from(bookings)
    .where(
      and(
        or(
          clinicianIds.length ? inArray(bookings.clinicianId, clinicianIds) : undefined,
          resourceIds.length ? inArray(bookings.resourceId, resourceIds) : undefined,
        ),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        lt(bookings.blockStartsAt, to),
        gt(bookings.blockEndsAt, from),
        exceptBooking === undefined ? undefined : ne(bookings.id, exceptBooking),
      ),
    );
  for (const row of rows) {
    const held = { start: Number(row.start), end: Number(row.end) };
    if (row.clinicianId !== null) result.clinician.get(row.clinicianId)?.push(held);
    if (row.resourceId !== null) result.resource.get(row.resourceId)?.push(held);
  }
  return result;
}

/**
 * The free times of a service over local dates [from, to], as the slot engine finds them. `only` limits
 * the clinicians (a booking for a chosen one); `ignoreBooking` leaves one booking's own held time out
 * (a move may land on an overlap with itself); `ignoreBusy` leaves every booking out (the times the
 * hours offer: a time among them but not free was taken by another booking).
 */
export async function serviceFreeTimes(
  db: Database,
  service: ServiceBooking,
  range: { from: string; to: string },
  now: Date,
  options: { only?: number[]; ignoreBooking?: number; ignoreBusy?: boolean } = {},
): Promise<FreeTime[]> {
  const tz = BOOKING_TIME_ZONE;
  const clinicianIds = options.only ? service.clinicianIds.filter((id) => options.only!.includes(id)) : service.clinicianIds;
  if (clinicianIds.length === 0) return [];
  // Held times reach a day beyond each end (buffers cross midnight).
  const start = new Date(localToInstant(addDays(range.from, -1), 0, tz));
  const end = new Date(localToInstant(addDays(range.to, 2), 0, tz));
  const resourceId = service.resourceId;
  const resourceIds = resourceId === null ? [] : [resourceId];
  const [clinic, clinicians, resources, busy] = await Promise.all([
    availabilityOf(db, "clinic", [0], range.from, range.to),
    availabilityOf(db, "clinician", clinicianIds, range.from, range.to),
    resourceId === null ? null : availabilityOf(db, "resource", [resourceId], range.from, range.to),
    options.ignoreBusy
      ? { clinician: new Map<number, Busy[]>(), resource: new Map<number, Busy[]>() }
      : busyOfBoth(db, clinicianIds, resourceIds, start, end, options.ignoreBooking),
  ]);
  const clinicianBusy = busy.clinician;
  const resourceBusy = busy.resource;
  const without = (busy: Busy[] | undefined) => busy ?? [];
  const resourceActive =
    resourceId === null ||
    (
      await db
        .select({ id: bookingResources.id })
        .from(bookingResources)
        .where(and(eq(bookingResources.id, resourceId), eq(bookingResources.isActive, true)))
    ).length > 0;
  if (!resourceActive) return [];
  return freeTimes({
    from: range.from,
    to: range.to,
    now,
    timeZone: tz,
    rules: rulesOf(service),
    clinic: clinic.get(0)!,
    resource: resourceId === null ? null : { availability: resources!.get(resourceId)!, busy: without(resourceBusy.get(resourceId)) },
    clinicians: clinicianIds.map((id) => ({ id, availability: clinicians.get(id)!, busy: without(clinicianBusy.get(id)) })),
  });
}

/** The clinicians' names (team members'), for the Book page. */
export async function clinicianNames(db: Database, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).where(inArray(teamMembers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return ids.flatMap((id) => (byId.has(id) ? [{ id, name: byId.get(id)! }] : []));
}

/** GET /api/booking/free-times: the free times of a bookable service over local dates. */
export async function listFreeTimes(db: Database, input: { service: string; from: string; to: string }, now = new Date()) {
  // A service that does not exist is a 404, as its page is; one that exists but is not bookable online a 400.
  const [published] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.slug, input.service), eq(services.isPublished, true)));
  if (!published) throw errors.notFound("Service not found");
  const service = await bookableService(db, input.service);
  const times = await serviceFreeTimes(db, service, input, now);
  return { timeZone: BOOKING_TIME_ZONE, clinicians: await clinicianNames(db, service.clinicianIds), times };
}
