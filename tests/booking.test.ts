import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "../src/client/public/catalogue/all";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Booking a time (issue 38), through the real HTTP server on the real database (embedded, and
 * PostgreSQL with TEST_DATABASE_URL): free times, a booking that is an inquiry on the desk, the same
 * idempotency key answering the first result, a taken time answering 409 in the visitor's language (a
 * resource shared by two services too), declining and cancelling freeing the time, a move bumping the
 * calendar sequence, parallel requests for one time leaving one holder, and who may do what.
 */
let t: TestApp;
let cookie: string;
let clinicians: Array<{ teamMemberId: number; name: string }>;
let chairId: number;
let serviceA: { id: number; slug: string };
let serviceB: { id: number; slug: string };

async function ok(res: Response, status = 200) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

async function createService(title: string) {
  return (await ok(
    await t.request("/api/admin/services", {
      json: {
        title,
        slug: title.toLowerCase().replaceAll(" ", "-"),
        shortDescription: "Short",
        description: "Long",
        imageAlt: "A picture",
      },
      cookie,
    }),
    201,
  )) as { id: number; slug: string };
}

const everyDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));

async function settings(serviceId: number, clinicianIds: number[], extra: Record<string, unknown> = {}) {
  return ok(
    await t.request("/api/admin/booking/services", {
      method: "PUT",
      cookie,
      json: {
        serviceId,
        bookable: true,
        durationMinutes: 60,
        intervalMinutes: 60,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 15,
        minNoticeMinutes: 60,
        daysAhead: 14,
        resourceId: chairId,
        requiresConfirmation: true,
        lateCancelHours: 24,
        clinicianIds,
        ...extra,
      },
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
  clinicians = await ok(await t.request("/api/admin/booking/clinicians", { cookie }));
  expect(clinicians.length).toBeGreaterThanOrEqual(2);
  for (const c of clinicians)
    await ok(
      await t.request("/api/admin/booking/availability/weekly", {
        method: "PUT",
        cookie,
        json: { ownerKind: "clinician", ownerId: c.teamMemberId, weekly: everyDay },
      }),
    );
  chairId = (await ok(await t.request("/api/admin/booking/resources", { cookie, json: { name: "Test chair", kind: "device" } }))).id;
  await ok(
    await t.request("/api/admin/booking/availability/weekly", {
      method: "PUT",
      cookie,
      json: { ownerKind: "resource", ownerId: chairId, weekly: everyDay },
    }),
  );
  serviceA = await createService("Chair Service A");
  serviceB = await createService("Chair Service B");
  await settings(serviceA.id, [clinicians[0]!.teamMemberId]);
  await settings(serviceB.id, [clinicians[1]!.teamMemberId]);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function freeTimes(slug: string): Promise<Array<{ start: string; end: string; clinicianIds: number[] }>> {
  const body = await ok(await t.request(`/api/booking/free-times?service=${slug}&from=${today()}&to=${inDays(10)}`));
  return body.times;
}

let keys = 0;
let ips = 0;
function book(slug: string, start: string, extra: Record<string, unknown> = {}) {
  return t.request("/api/booking", {
    ip: `198.51.100.${(++ips % 200) + 1}`,
    json: {
      name: "Avery Stone",
      email: "avery@example.com",
      phone: "801-555-0133",
      healthConditions: "Knee pain",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: t.formToken(),
      service: slug,
      start,
      idempotencyKey: `key-${++keys}-${Math.random().toString(36).slice(2)}`,
      ...extra,
    },
  });
}

/** Rows of a raw query, on either engine (PGlite answers { rows }, postgres.js an array). */
async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = (await t.deps.db.execute(statement)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}

const inquiryCount = async () => Number((await query(sql`select count(*)::int as n from contact_submissions`))[0]!.n);

describe("booking a time", () => {
  it("answers free times, books one as an inquiry on the desk, and a repeated key answers the first result", async () => {
    const times = await freeTimes(serviceA.slug);
    expect(times.length).toBeGreaterThan(0);
    const slot = times[0]!;
    expect(slot.clinicianIds).toEqual([clinicians[0]!.teamMemberId]);
    const before = await inquiryCount();
    const key = `repeat-${Math.random().toString(36).slice(2)}`;
    const first = await ok(await book(serviceA.slug, slot.start, { idempotencyKey: key }), 201);
    expect(first).toMatchObject({ success: true, status: "requested", start: slot.start, end: slot.end });
    const again = await ok(await book(serviceA.slug, slot.start, { idempotencyKey: key }), 201);
    expect(again.id).toBe(first.id);
    expect(await inquiryCount()).toBe(before + 1);
    const [row] = await query(
      sql`select b.status, c.status as inquiry_status, c.has_health_details from bookings b join contact_submissions c on c.id = b.inquiry_id where b.id = ${first.id}`,
    );
    expect(row).toMatchObject({ status: "requested", inquiry_status: "new", has_health_details: true });
    expect((await freeTimes(serviceA.slug)).map((s) => s.start)).not.toContain(slot.start);
  });

  it("a taken time answers 409 in the visitor's language and saves no inquiry; the shared resource is taken for the other service too", async () => {
    const slot = (await freeTimes(serviceA.slug))[0]!;
    await ok(await book(serviceA.slug, slot.start), 201);
    const before = await inquiryCount();
    // The other service's clinician is free, but the chair is not: not offered, and refused when sent.
    expect((await freeTimes(serviceB.slug)).map((s) => s.start)).not.toContain(slot.start);
    const other = await book(serviceB.slug, slot.start, { language: "es" });
    // A time the hours offer but another booking holds: "just taken" (409), not "no longer available".
    expect(other.status).toBe(409);
    expect((await other.json()).message).toBe(CATALOGUES.es.B.taken);
    expect(await inquiryCount()).toBe(before);
  });

  it("of parallel requests for one time exactly one holds it; the others answer 409 'That time was just taken'", async () => {
    const slot = (await freeTimes(serviceA.slug))[0]!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(serviceA.slug, slot.start, { language: "zh" })));
    const statuses = answers.map((res) => res.status).sort();
    // Whether a request read the time after the winner saved or raced it past the check: 409, "just taken".
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status !== 201)) expect((await res.json()).message).toBe(CATALOGUES.zh.B.taken);
    const held = await query(
      sql`select count(*)::int as n from bookings where starts_at = ${slot.start}::timestamptz and status in ('requested', 'confirmed')`,
    );
    expect(held[0]!.n).toBe(1);
  });

  it("the claims refuse a second holder even past the free-times check (the 409)", async () => {
    const slot = (await freeTimes(serviceA.slug))[0]!;
    const first = await ok(await book(serviceA.slug, slot.start), 201);
    // Stand in for a racer that read the time as free: the first's row says nothing yet of its status.
    await t.deps.db.execute(sql`update bookings set status = 'declined' where id = ${first.id}`);
    const racer = await book(serviceA.slug, slot.start, { language: "es" });
    expect(racer.status).toBe(409);
    expect((await racer.json()).message).toBe(CATALOGUES.es.B.taken);
    // Put it back as it was, and decline it through the door, which frees the time for the next test.
    await t.deps.db.execute(sql`update bookings set status = 'requested' where id = ${first.id}`);
    await ok(await t.request(`/api/admin/booking/${first.id}/decline`, { cookie, json: {} }));
  });

  it("declining and cancelling free the time; a move bumps the calendar sequence; staff acts are logged", async () => {
    const times = await freeTimes(serviceA.slug);
    // Two times far enough apart that neither one's held time (15 minutes after) reaches the other.
    const [a, b] = [times[0], times[3]];
    const first = await ok(await book(serviceA.slug, a!.start), 201);
    await ok(await t.request(`/api/admin/booking/${first.id}/decline`, { cookie, json: { message: "We are away that day" } }));
    expect((await freeTimes(serviceA.slug)).map((s) => s.start)).toContain(a!.start);
    const second = await ok(await book(serviceA.slug, a!.start), 201);
    const confirmed = await ok(await t.request(`/api/admin/booking/${second.id}/confirm`, { cookie, json: {} }));
    expect(confirmed.status).toBe("confirmed");
    const moved = await ok(await t.request(`/api/admin/booking/${second.id}/move`, { cookie, json: { start: b!.start } }));
    expect(moved.calendarSequence).toBe(confirmed.calendarSequence + 1);
    expect(moved.calendarUid).toBe(confirmed.calendarUid);
    const free = (await freeTimes(serviceA.slug)).map((s) => s.start);
    expect(free).toContain(a!.start);
    expect(free).not.toContain(b!.start);
    const cancelled = await ok(await t.request(`/api/admin/booking/${second.id}/cancel`, { cookie, json: {} }));
    expect(cancelled.status).toBe("cancelled");
    expect((await freeTimes(serviceA.slug)).map((s) => s.start)).toContain(b!.start);
    const calendar = await ok(await t.request(`/api/admin/booking/calendar?from=${today()}&to=${inDays(10)}`, { cookie }));
    expect(calendar.find((row: { id: number }) => row.id === first.id)).toMatchObject({
      status: "declined",
      staffMessage: "We are away that day",
    });
    const acts = await query(
      sql`select details->>'act' as act from admin_activity_log where resource_type = 'booking' and resource_id = ${String(second.id)} order by id`,
    );
    expect(acts.map((r) => r.act)).toEqual(["confirmed", "moved", "cancelled"]);
    // Acting again on a finished booking is refused.
    expect((await t.request(`/api/admin/booking/${second.id}/confirm`, { cookie, json: {} })).status).toBe(400);
  });

  it("a move keeps to the notice and the window, and answers in the booking's language (409 onto another's time)", async () => {
    const times = await freeTimes(serviceA.slug);
    const [mine, theirs] = [times[6]!, times[9]!];
    const booking = await ok(await book(serviceA.slug, mine.start, { language: "es" }), 201);
    await ok(await book(serviceA.slug, theirs.start), 201);
    const move = (start: string) => t.request(`/api/admin/booking/${booking.id}/move`, { cookie, json: { start } });
    // Inside the minimum notice (60 minutes): the next full hour may be less than an hour away; an hour from now on the hour is.
    const soon = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 3_600_000).toISOString();
    const inNotice = await move(soon);
    expect(inNotice.status).toBe(400);
    expect((await inNotice.json()).message).toBe(CATALOGUES.es.B.notFree);
    // Past the window (14 days ahead), on the hour, every hour being open for this service.
    const beyond = new Date(Date.parse(`${inDays(20)}T12:00:00Z`)).toISOString();
    const late = await move(beyond);
    expect(late.status).toBe(400);
    expect((await late.json()).message).toBe(CATALOGUES.es.B.notFree);
    const taken = await move(theirs.start);
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(CATALOGUES.es.B.taken);
    // Nothing moved: the booking keeps its time and its sequence.
    const [row] = await query(sql`select starts_at, calendar_sequence from bookings where id = ${booking.id}`);
    expect(new Date(row!.starts_at as string).toISOString()).toBe(mine.start);
    expect(row!.calendar_sequence).toBe(0);
  });

  it("who may do what: the calendar needs bookings.work, the setup availability.edit, the visitor neither", async () => {
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    const marketing = await t.cookieFor(await t.createAdmin({ role: "marketing" }));
    const calendar = `/api/admin/booking/calendar?from=${today()}&to=${inDays(1)}`;
    expect((await t.request(calendar, { cookie: desk })).status).toBe(200);
    expect((await t.request(calendar, { cookie: marketing })).status).toBe(403);
    expect((await t.request(calendar)).status).toBe(401);
    expect((await t.request("/api/admin/booking/resources", { cookie: desk })).status).toBe(403);
    expect((await t.request(`/api/admin/booking/services/${serviceA.id}`, { cookie: marketing })).status).toBe(403);
  });

  it("refuses a time that is not free and a service that is not bookable", async () => {
    const past = await book(serviceA.slug, new Date(Date.now() - 3_600_000).toISOString());
    expect(past.status).toBe(400);
    expect((await past.json()).message).toBe(CATALOGUES.en.B.notFree);
    const notBookable = await t.request(`/api/booking/free-times?service=no-such-service&from=${today()}&to=${inDays(1)}`);
    // No such service: 404, as its page (a service that exists but is not bookable is a 400).
    expect(notBookable.status).toBe(404);
    const badRange = await t.request(`/api/booking/free-times?service=${serviceA.slug}&from=${inDays(5)}&to=${today()}`);
    expect(badRange.status).toBe(400);
  });
});
