import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/server/auth/tokens";
import { adminSessions } from "../src/server/db/schema";
import { FRESH_CHECK_MESSAGE } from "../src/server/errors";
import { BOOKING_MESSAGES } from "../src/shared/schemas/booking";
import { bookingSettings } from "./setup/booking-fixtures";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The Availability screen's procedures (issue 38; docs/decisions/0079-availability-screen.md), through
 * the real HTTP server on the real database (embedded, and PostgreSQL with TEST_DATABASE_URL): removing
 * a room or device (refused while a service needs it or a booking holds it), the team members and staff
 * accounts to choose from, overlapping or reversed intervals refused with their message and nothing
 * changed, a change of a clinician's linked account asking for a fresh check, and who may do it.
 */
let t: TestApp;
let cookie: string;

async function ok(res: Response, status = 200) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = (await t.deps.db.execute(statement)) as unknown;
  // PGlite answers { rows }, postgres.js the rows themselves.
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}
const addResource = async (name: string) =>
  (await ok(await t.request("/api/admin/booking/resources", { cookie, json: { name, kind: "room" } }))) as { id: number };
const weekly = (ownerId: number, rows: unknown[], as = cookie) =>
  t.request("/api/admin/booking/availability/weekly", {
    method: "PUT",
    cookie: as,
    json: { ownerKind: "resource", ownerId, weekly: rows },
  });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

describe("rooms and devices", () => {
  it("removes a room with its weekly hours and date overrides", async () => {
    const room = await addResource("Room to remove");
    await ok(await weekly(room.id, [{ weekday: 2, startMinute: 540, endMinute: 720 }]));
    await ok(
      await t.request("/api/admin/booking/availability/date", {
        method: "PUT",
        cookie,
        json: { ownerKind: "resource", ownerId: room.id, date: "2030-01-08", closed: true },
      }),
    );
    expect(await ok(await t.request(`/api/admin/booking/resources/${room.id}`, { method: "DELETE", cookie }))).toEqual({ success: true });
    const list = (await ok(await t.request("/api/admin/booking/resources", { cookie }))) as Array<{ id: number }>;
    expect(list.some((r) => r.id === room.id)).toBe(false);
    const left = await query(
      sql`select (select count(*) from booking_hours where owner_kind = 'resource' and owner_id = ${room.id}) as hours,
                 (select count(*) from booking_overrides where owner_kind = 'resource' and owner_id = ${room.id}) as overrides`,
    );
    expect(Number(left[0]!.hours)).toBe(0);
    expect(Number(left[0]!.overrides)).toBe(0);
    const again = await t.request(`/api/admin/booking/resources/${room.id}`, { method: "DELETE", cookie });
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe(BOOKING_MESSAGES.resourceNotFound);
    const [line] = await query(
      sql`select action, details from admin_activity_log where resource_type = 'booking_resource' and resource_id = ${String(room.id)} and action = 'delete'`,
    );
    expect(line).toBeDefined();
  });

  it("refuses to remove a room a service's online booking needs (409, nothing changes)", async () => {
    const room = await addResource("Needed room");
    const service = (await ok(
      await t.request("/api/admin/services", {
        json: { title: "Needs A Room", slug: "needs-a-room", shortDescription: "Short", description: "Long", imageAlt: "A picture" },
        cookie,
      }),
      201,
    )) as { id: number };
    await ok(
      await t.request("/api/admin/booking/services", {
        method: "PUT",
        cookie,
        json: bookingSettings(service.id, [], { resourceId: room.id, requiresConfirmation: true, lateCancelHours: 24 }),
      }),
    );
    const refused = await t.request(`/api/admin/booking/resources/${room.id}`, { method: "DELETE", cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(`${BOOKING_MESSAGES.resourceInUse} (Needs A Room)`);
    const list = (await ok(await t.request("/api/admin/booking/resources", { cookie }))) as Array<{ id: number }>;
    expect(list.some((r) => r.id === room.id)).toBe(true);
  });

  it("refuses to remove a room an active booking not yet ended holds", async () => {
    const room = await addResource("Booked room");
    const start = new Date(Date.now() + 2 * 86_400_000);
    const end = new Date(start.getTime() + 3_600_000);
    await t.deps.db.execute(sql`
      insert into bookings (resource_id, starts_at, ends_at, block_starts_at, block_ends_at, status, language, idempotency_key, calendar_uid, link_secret)
      values (${room.id}, ${start.toISOString()}, ${end.toISOString()}, ${start.toISOString()}, ${end.toISOString()}, 'confirmed', 'en',
              ${`room-hold-${room.id}`}, ${`room-hold-${room.id}@test`}, 'secret')`);
    const refused = await t.request(`/api/admin/booking/resources/${room.id}`, { method: "DELETE", cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(BOOKING_MESSAGES.resourceBooked);
  });
});

describe("intervals", () => {
  it("refuses overlapping intervals of a weekday and an end before its start, naming the interval; nothing changes", async () => {
    const room = await addResource("Interval room");
    await ok(await weekly(room.id, [{ weekday: 1, startMinute: 540, endMinute: 1020 }]));
    const overlap = await weekly(room.id, [
      { weekday: 2, startMinute: 540, endMinute: 720 },
      { weekday: 2, startMinute: 660, endMinute: 900 },
    ]);
    expect(overlap.status).toBe(400);
    expect((await overlap.json()).fieldErrors).toEqual({ "weekly.1.startMinute": [BOOKING_MESSAGES.overlap] });
    const reversed = await weekly(room.id, [{ weekday: 3, startMinute: 720, endMinute: 540 }]);
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).fieldErrors).toEqual({ "weekly.0.endMinute": [BOOKING_MESSAGES.stretch] });
    // Touching intervals and the same times on two weekdays are fine.
    await ok(
      await weekly(room.id, [
        { weekday: 4, startMinute: 540, endMinute: 720 },
        { weekday: 4, startMinute: 720, endMinute: 900 },
        { weekday: 5, startMinute: 540, endMinute: 720 },
      ]),
    );
    await ok(await weekly(room.id, [{ weekday: 1, startMinute: 540, endMinute: 1020 }]));
    const held = await ok(await t.request(`/api/admin/booking/availability?ownerKind=resource&ownerId=${room.id}`, { cookie }));
    expect(held.weekly).toEqual([{ weekday: 1, startMinute: 540, endMinute: 1020 }]);

    const date = await t.request("/api/admin/booking/availability/date", {
      method: "PUT",
      cookie,
      json: {
        ownerKind: "resource",
        ownerId: room.id,
        date: "2030-02-05",
        closed: false,
        stretches: [
          { startMinute: 600, endMinute: 800 },
          { startMinute: 540, endMinute: 660 },
        ],
      },
    });
    expect(date.status).toBe(400);
    expect((await date.json()).fieldErrors).toEqual({ "stretches.0.startMinute": [BOOKING_MESSAGES.overlap] });
    const after = await ok(await t.request(`/api/admin/booking/availability?ownerKind=resource&ownerId=${room.id}`, { cookie }));
    expect(after.overrides).toEqual([]);
  });
});

describe("clinicians", () => {
  it("lists every team member and the active staff accounts to choose from", async () => {
    const inactive = await t.createAdmin({ isActive: false });
    const active = await t.createAdmin({ role: "clinician" });
    const choices = await ok(await t.request("/api/admin/booking/choices", { cookie }));
    const [members] = await query(sql`select count(*) as n from team_members`);
    expect(choices.teamMembers).toHaveLength(Number(members!.n));
    const ids = (choices.staffAccounts as Array<{ id: number; username: string }>).map((a) => a.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
  });

  it("a change of the linked staff account asks for a fresh check; marking bookable does not", async () => {
    const [clinician] = (await ok(await t.request("/api/admin/booking/clinicians", { cookie }))) as Array<{
      teamMemberId: number;
      staffUserId: number | null;
    }>;
    const account = await t.createAdmin({ role: "clinician" });
    const stale = await t.cookieFor(await t.createAdmin());
    await t.deps.db
      .update(adminSessions)
      .set({ freshAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(adminSessions.id, hashToken(stale.split("=")[1]!)));
    const save = (json: Record<string, unknown>, as: string) =>
      t.request("/api/admin/booking/clinicians", { method: "PUT", cookie: as, json });
    const keep = { teamMemberId: clinician!.teamMemberId, staffUserId: clinician!.staffUserId, isActive: true };

    expect((await save(keep, stale)).status).toBe(200);
    const refused = await save({ ...keep, staffUserId: account.id }, stale);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: FRESH_CHECK_MESSAGE, requiresFreshCheck: true });
    const [row] = await query(sql`select staff_user_id from booking_clinicians where team_member_id = ${clinician!.teamMemberId}`);
    expect(row!.staff_user_id).toBe(clinician!.staffUserId);

    const linked = await ok(await save({ ...keep, staffUserId: account.id }, cookie));
    expect(linked.staffUserId).toBe(account.id);
    // One account, one clinician: the second link is named at its field.
    const members = (await ok(await t.request("/api/admin/booking/choices", { cookie }))).teamMembers as Array<{ id: number }>;
    const other = members.find((m) => m.id !== clinician!.teamMemberId)!;
    const twice = await save({ teamMemberId: other.id, staffUserId: account.id, isActive: true }, cookie);
    expect(twice.status).toBe(409);
    expect((await twice.json()).fieldErrors).toEqual({ staffUserId: ["This staff account is already linked to another clinician"] });
    await ok(await save(keep, cookie));
  });

  it("a role without availability.edit reads and changes none of it", async () => {
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    const room = await addResource("Desk room");
    expect((await t.request("/api/admin/booking/choices", { cookie: desk })).status).toBe(403);
    expect((await t.request(`/api/admin/booking/resources/${room.id}`, { method: "DELETE", cookie: desk })).status).toBe(403);
    expect((await t.request("/api/admin/booking/resources", { cookie: desk, json: { name: "Desk's room", kind: "room" } })).status).toBe(
      403,
    );
    expect((await weekly(room.id, [{ weekday: 1, startMinute: 540, endMinute: 600 }], desk)).status).toBe(403);
    const list = (await ok(await t.request("/api/admin/booking/resources", { cookie }))) as Array<{ id: number; name: string }>;
    expect(list.some((r) => r.id === room.id)).toBe(true);
    expect(list.some((r) => r.name === "Desk's room")).toBe(false);
  });
});
