import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { z } from "zod";
import {
  clinicianInput as clinicianInputSchema,
  type clinicianInput,
  type dateOverrideInput,
  type resourceInput,
  type serviceBookingInput,
  type weeklyHoursInput,
} from "../../shared/schemas/booking";
import { ACTIVE_BOOKING_STATUSES, BOOKING_MESSAGES } from "../../shared/schemas/booking";
import type { Database } from "../db/client";
import {
  type BookingOwnerKind,
  bookingClinicians,
  bookingHours,
  bookingOverrides,
  bookingResources,
  bookingServiceClinicians,
  bookingServiceSettings,
  bookings,
  services,
  teamMembers,
  adminUsers,
} from "../db/schema";
import { errors } from "../errors";
import { type Actor, recordChange } from "./activity";

/**
 * Staff's setup of booking (issue 38; permission availability.edit): resources, which team members are
 * bookable clinicians (and whose staff account sees their calendar), weekly hours and date overrides
 * per owner (the clinic's overrides are its holidays), and each service's booking settings. Each write
 * records its activity-log line.
 */

const log = (
  db: Database,
  actor: Actor,
  resourceType: string,
  resourceId: number | string,
  label: string,
  details?: Record<string, unknown>,
) => recordChange(db, actor, { action: "update", resourceType, resourceId, label, details });

async function assertOwner(db: Database, kind: BookingOwnerKind, id: number, field?: string) {
  if (kind === "clinic") {
    if (id !== 0) throw errors.invalidField(["ownerId"], "The clinic's owner id is 0");
    return;
  }
  const found =
    kind === "clinician"
      ? await db.select({ id: bookingClinicians.teamMemberId }).from(bookingClinicians).where(eq(bookingClinicians.teamMemberId, id))
      : await db.select({ id: bookingResources.id }).from(bookingResources).where(eq(bookingResources.id, id));
  const message = kind === "clinician" ? BOOKING_MESSAGES.clinicianNotFound : BOOKING_MESSAGES.resourceNotFound;
  // A field of a save naming no such record: a bad field (400), as its other fields; the owner addressed: 404.
  if (found.length === 0) throw field ? errors.invalidField([field], message) : errors.notFound(message);
}

/** An owner's weekly hours and every override (the clinic's weekly hours are Clinic details': none here). */
export async function getAvailability(db: Database, owner: { ownerKind: BookingOwnerKind; ownerId: number }) {
  await assertOwner(db, owner.ownerKind, owner.ownerId);
  const weekly = await db
    .select({ weekday: bookingHours.weekday, startMinute: bookingHours.startMinute, endMinute: bookingHours.endMinute })
    .from(bookingHours)
    .where(and(eq(bookingHours.ownerKind, owner.ownerKind), eq(bookingHours.ownerId, owner.ownerId)))
    .orderBy(asc(bookingHours.weekday), asc(bookingHours.startMinute));
  const overrides = await db
    .select({
      date: bookingOverrides.date,
      startMinute: bookingOverrides.startMinute,
      endMinute: bookingOverrides.endMinute,
      note: bookingOverrides.note,
    })
    .from(bookingOverrides)
    .where(and(eq(bookingOverrides.ownerKind, owner.ownerKind), eq(bookingOverrides.ownerId, owner.ownerId)))
    .orderBy(asc(bookingOverrides.date), asc(bookingOverrides.startMinute));
  return { ...owner, weekly, overrides };
}

/** Replaces a clinician's or resource's weekly hours. */
export async function setWeeklyHours(db: Database, actor: Actor, input: z.output<typeof weeklyHoursInput>) {
  await assertOwner(db, input.ownerKind, input.ownerId);
  await db.transaction(async (tx) => {
    await tx.delete(bookingHours).where(and(eq(bookingHours.ownerKind, input.ownerKind), eq(bookingHours.ownerId, input.ownerId)));
    if (input.weekly.length)
      await tx.insert(bookingHours).values(input.weekly.map((w) => ({ ...w, ownerKind: input.ownerKind, ownerId: input.ownerId })));
    await log(tx, actor, `${input.ownerKind}_hours`, input.ownerId, `Weekly hours of ${input.ownerKind} #${input.ownerId}`);
  });
  return getAvailability(db, input);
}

/** Replaces (or removes) an owner's overrides of one date: closed, or that day's hours. */
export async function setDateOverride(db: Database, actor: Actor, input: z.output<typeof dateOverrideInput>) {
  await assertOwner(db, input.ownerKind, input.ownerId);
  await db.transaction(async (tx) => {
    const mine = and(
      eq(bookingOverrides.ownerKind, input.ownerKind),
      eq(bookingOverrides.ownerId, input.ownerId),
      eq(bookingOverrides.date, input.date),
    );
    await tx.delete(bookingOverrides).where(mine);
    if (!input.remove) {
      const base = { ownerKind: input.ownerKind, ownerId: input.ownerId, date: input.date, note: input.note ?? null };
      const rows =
        input.closed || input.stretches.length === 0
          ? [{ ...base, startMinute: null, endMinute: null }]
          : input.stretches.map((s) => ({ ...base, startMinute: s.startMinute, endMinute: s.endMinute }));
      await tx.insert(bookingOverrides).values(rows);
    }
    await log(tx, actor, `${input.ownerKind}_override`, input.ownerId, `${input.date} of ${input.ownerKind} #${input.ownerId}`, {
      removed: Boolean(input.remove),
      closed: input.closed,
    });
  });
  return getAvailability(db, input);
}

export const listResources = (db: Database) =>
  db.select().from(bookingResources).orderBy(asc(bookingResources.name), asc(bookingResources.id));

/** Creates (no id) or updates a resource. */
export async function saveResource(db: Database, actor: Actor, input: z.output<typeof resourceInput>) {
  const values = { name: input.name, kind: input.kind, isActive: input.isActive, updatedAt: new Date() };
  const [row] =
    input.id === undefined
      ? await db.insert(bookingResources).values(values).returning()
      : await db.update(bookingResources).set(values).where(eq(bookingResources.id, input.id)).returning();
  if (!row) throw errors.notFound(BOOKING_MESSAGES.resourceNotFound);
  await log(db, actor, "booking_resource", row.id, row.name, { created: input.id === undefined });
  return row;
}

/**
 * Removes a resource with its weekly hours and date overrides. Refused (409, nothing changes) while a
 * service's online booking needs it or an active booking that has not ended holds it: removing it
 * would silently change how that service books, or leave a booked chair double-bookable. Past
 * bookings keep their history (their resource becomes none).
 */
export async function removeResource(db: Database, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookingResources).where(eq(bookingResources.id, id));
    if (!row) throw errors.notFound(BOOKING_MESSAGES.resourceNotFound);
    const needing = await tx
      .select({ title: services.title })
      .from(bookingServiceSettings)
      .innerJoin(services, eq(services.id, bookingServiceSettings.serviceId))
      .where(eq(bookingServiceSettings.resourceId, id))
      .orderBy(asc(services.title));
    if (needing.length) throw errors.conflict(`${BOOKING_MESSAGES.resourceInUse} (${needing.map((s) => s.title).join(", ")})`);
    const held = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.resourceId, id), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]), gt(bookings.blockEndsAt, new Date())))
      .limit(1);
    if (held.length) throw errors.conflict(BOOKING_MESSAGES.resourceBooked);
    const mine = (table: typeof bookingHours | typeof bookingOverrides) => and(eq(table.ownerKind, "resource"), eq(table.ownerId, id));
    await tx.delete(bookingHours).where(mine(bookingHours));
    await tx.delete(bookingOverrides).where(mine(bookingOverrides));
    await tx.delete(bookingResources).where(eq(bookingResources.id, id));
    await recordChange(tx, actor, { action: "delete", resourceType: "booking_resource", resourceId: id, label: row.name });
  });
}

/** What the Availability screen chooses from: every team member, and the active staff accounts a clinician may be linked to. */
export async function setupChoices(db: Database) {
  const teamMembersList = await db
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
  const accounts = await db
    .select({ id: adminUsers.id, username: adminUsers.username, firstName: adminUsers.firstName, lastName: adminUsers.lastName })
    .from(adminUsers)
    .where(eq(adminUsers.isActive, true))
    .orderBy(asc(adminUsers.username));
  return {
    teamMembers: teamMembersList,
    staffAccounts: accounts.map((a) => ({
      id: a.id,
      username: a.username,
      name: [a.firstName, a.lastName].filter(Boolean).join(" ") || null,
    })),
  };
}

/**
 * Whether a clinician's save changes which staff account is linked to them (the caller's schema parses
 * it again): the link decides whose calendar an account sees and whose feed it manages, so it asks for
 * a fresh check, as a change of someone's role does. Marking a member bookable or not does not.
 */
export async function changesClinicianLink(db: Database, raw: unknown): Promise<boolean> {
  const parsed = clinicianInputSchema.safeParse(raw);
  if (!parsed.success) return false;
  const [row] = await db
    .select({ staffUserId: bookingClinicians.staffUserId })
    .from(bookingClinicians)
    .where(eq(bookingClinicians.teamMemberId, parsed.data.teamMemberId));
  return (row?.staffUserId ?? null) !== parsed.data.staffUserId;
}

export async function listClinicians(db: Database) {
  return db
    .select({
      teamMemberId: bookingClinicians.teamMemberId,
      name: teamMembers.name,
      staffUserId: bookingClinicians.staffUserId,
      isActive: bookingClinicians.isActive,
    })
    .from(bookingClinicians)
    .innerJoin(teamMembers, eq(teamMembers.id, bookingClinicians.teamMemberId))
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.id));
}

/** Marks a team member bookable (or changes whose account sees the calendar, or whether bookable now). */
export async function saveClinician(db: Database, actor: Actor, input: z.output<typeof clinicianInput>) {
  const [member] = await db.select({ name: teamMembers.name }).from(teamMembers).where(eq(teamMembers.id, input.teamMemberId));
  if (!member) throw errors.notFound(BOOKING_MESSAGES.clinicianNotFound);
  if (input.staffUserId !== null && input.staffUserId !== undefined) {
    const [account] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.id, input.staffUserId));
    if (!account) throw errors.invalidField(["staffUserId"], "No staff account has this id");
  }
  const values = { staffUserId: input.staffUserId, isActive: input.isActive, updatedAt: new Date() };
  await db
    .insert(bookingClinicians)
    .values({ teamMemberId: input.teamMemberId, ...values })
    .onConflictDoUpdate({ target: bookingClinicians.teamMemberId, set: values });
  await log(db, actor, "booking_clinician", input.teamMemberId, member.name, { isActive: input.isActive });
  return { teamMemberId: input.teamMemberId, name: member.name, ...values };
}

/** A service's booking settings (defaults, not bookable, when it has none yet). */
export async function getServiceBooking(db: Database, serviceId: number) {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw errors.notFound("Service not found");
  const [row] = await db.select().from(bookingServiceSettings).where(eq(bookingServiceSettings.serviceId, serviceId));
  const clinicians = await db
    .select({ id: bookingServiceClinicians.teamMemberId })
    .from(bookingServiceClinicians)
    .where(eq(bookingServiceClinicians.serviceId, serviceId))
    .orderBy(asc(bookingServiceClinicians.sortOrder));
  const settings = row ?? {
    serviceId,
    bookable: false,
    durationMinutes: 60,
    intervalMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minNoticeMinutes: 1440,
    daysAhead: 30,
    resourceId: null,
    requiresConfirmation: true,
    lateCancelHours: 24,
  };
  return {
    serviceId,
    bookable: settings.bookable,
    durationMinutes: settings.durationMinutes,
    intervalMinutes: settings.intervalMinutes,
    bufferBeforeMinutes: settings.bufferBeforeMinutes,
    bufferAfterMinutes: settings.bufferAfterMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    daysAhead: settings.daysAhead,
    resourceId: settings.resourceId,
    requiresConfirmation: settings.requiresConfirmation,
    lateCancelHours: settings.lateCancelHours,
    clinicianIds: clinicians.map((c) => c.id),
  };
}

/** Saves a service's booking settings and its clinicians (in the order given). */
export async function saveServiceBooking(db: Database, actor: Actor, input: z.output<typeof serviceBookingInput>) {
  const [service] = await db.select({ title: services.title }).from(services).where(eq(services.id, input.serviceId));
  if (!service) throw errors.notFound("Service not found");
  const { clinicianIds, ...settings } = input;
  await db.transaction(async (tx) => {
    if (settings.resourceId !== null) await assertOwner(tx, "resource", settings.resourceId, "resourceId");
    for (const id of clinicianIds) await assertOwner(tx, "clinician", id, "clinicianIds");
    await tx
      .insert(bookingServiceSettings)
      .values({ ...settings, updatedAt: new Date() })
      .onConflictDoUpdate({ target: bookingServiceSettings.serviceId, set: { ...settings, updatedAt: new Date() } });
    await tx.delete(bookingServiceClinicians).where(eq(bookingServiceClinicians.serviceId, input.serviceId));
    const unique = [...new Set(clinicianIds)];
    if (unique.length)
      await tx
        .insert(bookingServiceClinicians)
        .values(unique.map((teamMemberId, sortOrder) => ({ serviceId: input.serviceId, teamMemberId, sortOrder })));
    await log(tx, actor, "service_booking", input.serviceId, service.title, { bookable: input.bookable });
  });
  return getServiceBooking(db, input.serviceId);
}
