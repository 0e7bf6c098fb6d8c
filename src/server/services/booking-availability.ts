import { type AnyColumn, and, asc, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
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
import type { FreeTimesCache } from "./free-times-cache";
import { getClinic } from "./settings";
import {
  addDays,
  type Availability,
  type Busy,
  type FreeTime,
  freeTimes,
  lastBookableDay,
  localDate,
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
  /** The service's active clinicians, in its order (with their names: the Book page shows them). */
  clinicians: Array<{ id: number; name: string }>;
  clinicianIds: number[];
  /** Whether the resource it needs is active (none needed: true); an inactive one offers no time. */
  resourceActive: boolean;
};

/**
 * A bookable, published service's settings by its slug (or id), with its clinicians, in two reads; 400
 * otherwise (`unknownIs404`: 404 for a slug no published service has, as its page answers). `staff`: any
 * service with settings (staff move a booking of a service since taken off the site).
 */
export async function bookableService(
  db: Database,
  service: string | number,
  options: { staff?: boolean; unknownIs404?: boolean } = {},
): Promise<ServiceBooking> {
  const [row] = await db
    .select({ settings: bookingServiceSettings, title: services.title, slug: services.slug, resourceActive: bookingResources.isActive })
    .from(services)
    .leftJoin(bookingServiceSettings, eq(bookingServiceSettings.serviceId, services.id))
    .leftJoin(bookingResources, eq(bookingResources.id, bookingServiceSettings.resourceId))
    .where(
      and(
        typeof service === "number" ? eq(services.id, service) : eq(services.slug, service),
        options.staff ? undefined : eq(services.isPublished, true),
      ),
    );
  if (!row && options.unknownIs404) throw errors.notFound("Service not found");
  const settings = row?.settings;
  if (!settings || (!options.staff && !settings.bookable)) throw errors.invalidField(["service"], BOOKING_MESSAGES.serviceNotBookable);
  const clinicians = await db
    .select({ id: bookingServiceClinicians.teamMemberId, name: teamMembers.name })
    .from(bookingServiceClinicians)
    .innerJoin(bookingClinicians, eq(bookingClinicians.teamMemberId, bookingServiceClinicians.teamMemberId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookingServiceClinicians.teamMemberId))
    .where(and(eq(bookingServiceClinicians.serviceId, settings.serviceId), eq(bookingClinicians.isActive, true)))
    .orderBy(asc(bookingServiceClinicians.sortOrder), asc(bookingServiceClinicians.teamMemberId));
  return {
    ...settings,
    title: row.title,
    slug: row.slug,
    clinicians,
    clinicianIds: clinicians.map((c) => c.id),
    resourceActive: settings.resourceId === null || row.resourceActive === true,
  };
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

/** Whose availability to read: the clinic's own, and clinicians' and resources' by id. */
export interface Owners {
  clinic?: boolean;
  clinician?: number[];
  resource?: number[];
}

export type Availabilities = Record<BookingOwnerKind, Map<number, Availability>>;

/**
 * Owners' availability over a range of local dates (weekly hours and the overrides in the range), in at
 * most three reads whatever the number of owners: Clinic details (the clinic's weekly hours), every
 * owner's weekly hours, every owner's overrides (the free times' reads were a pair per kind of owner).
 */
export async function availabilitiesOf(db: Database, owners: Owners, from: string, to: string): Promise<Availabilities> {
  const blank = () => ({ weekly: Array.from({ length: 7 }, (): Stretch[] => []), overrides: new Map<string, Stretch[]>() });
  const result = {
    clinic: new Map<number, ReturnType<typeof blank>>(owners.clinic ? [[0, blank()]] : []),
    clinician: new Map((owners.clinician ?? []).map((id) => [id, blank()])),
    resource: new Map((owners.resource ?? []).map((id) => [id, blank()])),
  };
  const ofKind = (table: typeof bookingHours | typeof bookingOverrides, kind: "clinician" | "resource") =>
    result[kind].size ? and(eq(table.ownerKind, kind), inArray(table.ownerId, [...result[kind].keys()])) : undefined;
  const hoursWanted = or(ofKind(bookingHours, "clinician"), ofKind(bookingHours, "resource"));
  const overridesWanted = or(
    owners.clinic ? and(eq(bookingOverrides.ownerKind, "clinic"), eq(bookingOverrides.ownerId, 0)) : undefined,
    ofKind(bookingOverrides, "clinician"),
    ofKind(bookingOverrides, "resource"),
  );
  const [clinic, hours, overrides] = await Promise.all([
    owners.clinic ? getClinic(db) : null,
    hoursWanted ? db.select().from(bookingHours).where(hoursWanted).orderBy(asc(bookingHours.startMinute)) : [],
    overridesWanted
      ? db
          .select()
          .from(bookingOverrides)
          .where(and(overridesWanted, sql`${bookingOverrides.date} between ${from} and ${to}`))
      : [],
  ]);
  if (clinic) result.clinic.get(0)!.weekly = clinicWeekly(clinic.hours);
  for (const row of hours)
    result[row.ownerKind].get(row.ownerId)?.weekly[row.weekday]?.push({ start: row.startMinute, end: row.endMinute });
  for (const row of overrides) {
    const owner = result[row.ownerKind].get(row.ownerId);
    if (!owner) continue;
    const day = owner.overrides.get(row.date) ?? [];
    if (row.startMinute !== null && row.endMinute !== null) day.push({ start: row.startMinute, end: row.endMinute });
    owner.overrides.set(row.date, day);
  }
  return result;
}

/** One kind of owners' availability over a range of local dates (the clinic's: ids [0]). */
export async function availabilityOf(
  db: Database,
  kind: BookingOwnerKind,
  ids: number[],
  from: string,
  to: string,
): Promise<Map<number, Availability>> {
  if (ids.length === 0) return new Map();
  return (await availabilitiesOf(db, kind === "clinic" ? { clinic: true } : { [kind]: ids }, from, to))[kind];
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
 * The longest a booking holds before and after its start: the service settings' bounds (buffer before
 * at most 240 minutes; duration at most 720 and buffer after at most 240). They bound the held times
 * overlapping a window by their start, which the (clinician, starts_at) and (resource, starts_at)
 * indexes answer as a range, not every booking the owner ever had.
 */
const MAX_HELD_BEFORE_START = 240 * 60_000;
const MAX_HELD_AFTER_START = (720 + 240) * 60_000;

/**
 * The held times of the clinicians' and the resources' active bookings overlapping [from, to), in one
 * read (the dearest of the free times': a busy month is thousands of bookings). The database sends
 * them as one text per clinician and resource ("start end start end ...", epoch milliseconds) rather
 * than a row each: a row each was two thirds of the read's time on the embedded database (decoding
 * 2,000 rows), and no timestamp is parsed per booking.
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
  const epochMs = (column: AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::bigint`;
  const rows = await db
    .select({
      clinicianId: bookings.clinicianId,
      resourceId: bookings.resourceId,
      held: sql<string>`string_agg(${epochMs(bookings.blockStartsAt)} || ' ' || ${epochMs(bookings.blockEndsAt)}, ' ')`,
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
        // Implied by the two above (the bounds of a held time around its start): the indexes' range.
        gt(bookings.startsAt, new Date(from.getTime() - MAX_HELD_AFTER_START)),
        lt(bookings.startsAt, new Date(to.getTime() + MAX_HELD_BEFORE_START)),
        exceptBooking === undefined ? undefined : ne(bookings.id, exceptBooking),
      ),
    )
    .groupBy(bookings.clinicianId, bookings.resourceId);
  for (const row of rows) {
    const clinician = row.clinicianId === null ? undefined : result.clinician.get(row.clinicianId);
    const resource = row.resourceId === null ? undefined : result.resource.get(row.resourceId);
    const numbers = row.held.split(" ");
    for (let i = 0; i < numbers.length; i += 2) {
      const held = { start: Number(numbers[i]), end: Number(numbers[i + 1]) };
      clinician?.push(held);
      resource?.push(held);
    }
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
  if (clinicianIds.length === 0 || !service.resourceActive) return [];
  // Held times reach a day beyond each end (buffers cross midnight).
  const start = new Date(localToInstant(addDays(range.from, -1), 0, tz));
  const end = new Date(localToInstant(addDays(range.to, 2), 0, tz));
  const resourceId = service.resourceId;
  const resourceIds = resourceId === null ? [] : [resourceId];
  const [availability, busy] = await Promise.all([
    availabilitiesOf(db, { clinic: true, clinician: clinicianIds, resource: resourceIds }, range.from, range.to),
    options.ignoreBusy
      ? { clinician: new Map<number, Busy[]>(), resource: new Map<number, Busy[]>() }
      : busyOfBoth(db, clinicianIds, resourceIds, start, end, options.ignoreBooking),
  ]);
  const without = (busy: Busy[] | undefined) => busy ?? [];
  return freeTimes({
    from: range.from,
    to: range.to,
    now,
    timeZone: tz,
    rules: rulesOf(service),
    clinic: availability.clinic.get(0)!,
    resource:
      resourceId === null ? null : { availability: availability.resource.get(resourceId)!, busy: without(busy.resource.get(resourceId)) },
    clinicians: clinicianIds.map((id) => ({ id, availability: availability.clinician.get(id)!, busy: without(busy.clinician.get(id)) })),
  });
}

/**
 * GET /api/booking/free-times: the free times of a bookable service over local dates. With `cache`, the
 * days already listed since the last change are answered from it and only the others computed
 * (./free-times-cache.ts); the minimum notice is applied from `now` on every read.
 */
export async function listFreeTimes(
  db: Database,
  input: { service: string; from: string; to: string },
  now = new Date(),
  cache?: FreeTimesCache<ServiceBooking>,
) {
  const tz = BOOKING_TIME_ZONE;
  const today = localDate(now.getTime(), tz);
  const generation = cache?.generation ?? 0;
  let kept = cache?.get(input.service, today, now.getTime());
  if (!kept) {
    // A service that does not exist is a 404, as its page is; one that exists but is not bookable online a 400.
    const service = await bookableService(db, input.service, { unknownIs404: true });
    kept = { today, service, days: new Map(), computedAt: now.getTime(), madeAt: now.getTime() };
    cache?.put(input.service, kept, generation);
  }
  const { service, days } = kept;
  // Only today to today + days ahead can have times (the slot engine's window): no other day is kept.
  const lastAllowed = lastBookableDay(today, service.daysAhead);
  const first = [input.from, today].sort()[1]!;
  const last = [input.to, lastAllowed].sort()[0]!;
  const missing: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) if (!days.has(date)) missing.push(date);
  let computed = new Map<string, FreeTime[]>();
  if (missing.length > 0) {
    const span = { from: missing[0]!, to: missing[missing.length - 1]! };
    computed = byDate(await serviceFreeTimes(db, service, span, now), span);
    // Kept only when nothing changed while it was read (else this answer alone uses it).
    if (cache?.generation === generation) {
      for (const [date, times] of computed) days.set(date, times);
      kept.computedAt = Math.max(kept.computedAt, now.getTime());
    }
  }
  const earliest = now.getTime() + service.minNoticeMinutes * 60_000;
  const times: FreeTime[] = [];
  for (let date = first; date <= last; date = addDays(date, 1))
    for (const time of computed.get(date) ?? days.get(date) ?? []) if (time.start.getTime() >= earliest) times.push(time);
  return { timeZone: tz, clinicians: service.clinicians, times, lastDay: lastAllowed };
}

/** Free times (earliest first) by their local date, every date of `span` present (a date with none: []). */
function byDate(times: FreeTime[], span: { from: string; to: string }): Map<string, FreeTime[]> {
  const result = new Map<string, FreeTime[]>();
  let next = 0;
  for (let date = span.from; date <= span.to; date = addDays(date, 1)) {
    const dayEnd = localToInstant(addDays(date, 1), 0, BOOKING_TIME_ZONE);
    const day: FreeTime[] = [];
    while (next < times.length && times[next]!.start.getTime() < dayEnd) day.push(times[next++]!);
    result.set(date, day);
  }
  return result;
}
