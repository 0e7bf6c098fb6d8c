import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgres } from "../src/server/db/client";
import { bookingOverrides } from "../src/server/db/schema";
import { BOOKING_TIME_ZONE } from "../src/server/services/booking-availability";
import { addDays, localDate } from "../src/server/services/booking-slots";
import { makeBookableService, okBody, openFirstClinician } from "./setup/booking-fixtures";
import { auditKeyOf, createTestApp, type TestApp } from "./setup/test-app";

/**
 * The free times kept between changes (issue 38's bench; decision 0084), through the real HTTP server on
 * the real database (embedded, and PostgreSQL with TEST_DATABASE_URL): a listing is answered from what
 * was kept (a row written behind the app's back is not seen until the cache bus says something
 * changed), yet a booking made, a booking cancelled, a closed day and a changed setting show in the very
 * next listing; the minimum notice is applied from the moment of each read as the clock moves; and on
 * PostgreSQL a second instance sees a booking made through the first (NOTIFY).
 */
let t: TestApp;
let cookie: string;
let clinicianId: number;

type Time = { start: string; end: string; clinicianIds: number[] };

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
  clinicianId = (await openFirstClinician(t, cookie)).id;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const today = () => localDate(Date.now(), BOOKING_TIME_ZONE);

async function freeTimes(app: TestApp, slug: string, days = 3): Promise<Time[]> {
  const from = today();
  const body = await okBody(await app.request(`/api/booking/free-times?service=${slug}&from=${from}&to=${addDays(from, days)}`));
  return body.times as Time[];
}

const starts = (times: Time[]) => times.map((time) => time.start);
const dateOf = (time: Time) => localDate(new Date(time.start).getTime(), BOOKING_TIME_ZONE);

let keys = 0;
function book(app: TestApp, slug: string, start: string) {
  return app.request("/api/booking", {
    ip: `198.51.100.${(++keys % 200) + 1}`,
    json: {
      name: "Avery Stone",
      email: "avery@example.com",
      phone: "801-555-0133",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: app.formToken(),
      service: slug,
      start,
      idempotencyKey: `cache-${process.pid}-${++keys}`,
    },
  });
}

describe("free times kept between changes", () => {
  it("a listing is answered from what was kept: a day closed behind the app's back shows only once the cache bus says something changed", async () => {
    const service = await makeBookableService(t, cookie, "Kept Times", [clinicianId]);
    const times = await freeTimes(t, service.slug);
    const closed = dateOf(times[times.length - 1]!);
    // Written straight into the database: no staff change, no message on the bus.
    await t.deps.db.insert(bookingOverrides).values({ ownerKind: "clinic", ownerId: 0, date: closed, startMinute: null, endMinute: null });
    try {
      expect(starts(await freeTimes(t, service.slug))).toEqual(starts(times));
      await t.deps.cacheBus.changed();
      const after = await freeTimes(t, service.slug);
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((time) => dateOf(time) === closed)).toEqual([]);
    } finally {
      await t.deps.db.delete(bookingOverrides).where(and(eq(bookingOverrides.ownerKind, "clinic"), eq(bookingOverrides.date, closed)));
      await t.deps.cacheBus.changed();
    }
  });

  it("a booking made takes its time out of the very next listing; cancelled, the time is offered again", async () => {
    const service = await makeBookableService(t, cookie, "Booked Times", [clinicianId]);
    const times = await freeTimes(t, service.slug);
    const taken = times[1]!.start;
    const booked = await okBody(await book(t, service.slug, taken), 201);
    expect(starts(await freeTimes(t, service.slug))).not.toContain(taken);
    // The booking path stays the authority: the same time again is refused, whatever a listing says.
    expect((await book(t, service.slug, taken)).status).toBe(409);
    await okBody(await t.request(`/api/admin/booking/${booked.id}/cancel`, { method: "POST", cookie, json: {} }));
    expect(starts(await freeTimes(t, service.slug))).toContain(taken);
  });

  it("a day closed on the Availability screen and a longer notice in the service's settings show in the very next listing", async () => {
    const service = await makeBookableService(t, cookie, "Changed Times", [clinicianId]);
    const times = await freeTimes(t, service.slug);
    const closed = dateOf(times[times.length - 1]!);
    await okBody(
      await t.request("/api/admin/booking/availability/date", {
        method: "PUT",
        cookie,
        json: { ownerKind: "clinician", ownerId: clinicianId, date: closed, closed: true },
      }),
    );
    try {
      expect((await freeTimes(t, service.slug)).filter((time) => dateOf(time) === closed)).toEqual([]);
    } finally {
      await okBody(
        await t.request("/api/admin/booking/availability/date", {
          method: "PUT",
          cookie,
          json: { ownerKind: "clinician", ownerId: clinicianId, date: closed, closed: false, remove: true },
        }),
      );
    }
    expect(starts(await freeTimes(t, service.slug))).toEqual(starts(times));
    const day = 24 * 60;
    await okBody(
      await t.request("/api/admin/booking/services", {
        method: "PUT",
        cookie,
        json: { ...(await okBody(await t.request(`/api/admin/booking/services/${service.id}`, { cookie }))), minNoticeMinutes: day },
      }),
    );
    const later = await freeTimes(t, service.slug);
    expect(later.length).toBeGreaterThan(0);
    expect(Math.min(...later.map((time) => new Date(time.start).getTime()))).toBeGreaterThanOrEqual(Date.now() + day * 60_000 - 60_000);
  });

  it("the minimum notice holds as the clock moves: a kept time that comes inside the notice is no longer offered", async () => {
    // The app's Date is the test's (its timers stay real): the seconds pass when the test says. Half a
    // minute before an hour's notice reaches a time on the hour (the fixture: an hour's notice, on the hour).
    const hour = 60 * 60_000;
    const service = await makeBookableService(t, cookie, "Notice Times", [clinicianId]);
    // The first time offered now (the clinic's own hours decide which: late in its day, the next
    // morning's), so the test holds whatever the hour it runs at.
    const onTheHour = new Date((await freeTimes(t, service.slug, 7))[0]!.start).getTime();
    // (Only the public listing is asked on the test's clock: a staff session is not stamped in its future.)
    vi.useFakeTimers({ toFake: ["Date"], now: onTheHour - hour - 30_000 });
    const times = await freeTimes(t, service.slug);
    expect(new Date(times[0]!.start).getTime()).toBe(onTheHour);
    // Forty seconds on (well inside what is kept): that time is inside the notice now, the next one is not.
    vi.setSystemTime(Date.now() + 40_000);
    const later = await freeTimes(t, service.slug);
    expect(starts(later)).toEqual(starts(times).slice(1));
    // Past the clinic's midnight: today's times are gone and the window of days ahead moved on.
    const dayAfter = addDays(today(), 1);
    vi.setSystemTime(new Date(`${dayAfter}T12:00:00Z`).getTime());
    const nextDay = await freeTimes(t, service.slug, 15);
    expect(nextDay.length).toBeGreaterThan(0);
    for (const time of nextDay) expect(new Date(time.start).getTime()).toBeGreaterThanOrEqual(Date.now() + 60 * 60_000);
    expect(dateOf(nextDay[nextDay.length - 1]!)).toBe(addDays(today(), 14));
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances on one PostgreSQL", () => {
  it("a booking made through one instance is out of the other's kept listing at once (NOTIFY)", async () => {
    const [current] = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const handle = await openPostgres(url.toString(), auditKeyOf());
    const b = await createTestApp({ database: { handle, drop: () => handle.close(), engine: "postgres" } });
    const stops = [await t.deps.cacheBus.connect(t.deps.database), await b.deps.cacheBus.connect(b.deps.database)];
    try {
      const service = await makeBookableService(t, cookie, "Shared Times", [clinicianId]);
      const times = await freeTimes(b, service.slug);
      const taken = times[0]!.start;
      // b keeps its listing: asked again, it answers the same.
      expect(starts(await freeTimes(b, service.slug))).toEqual(starts(times));
      await okBody(await book(t, service.slug, taken), 201);
      await expect.poll(async () => starts(await freeTimes(b, service.slug)), { timeout: 5_000, interval: 20 }).not.toContain(taken);
      // Its own booking path refuses the time too (the claims, not any listing).
      expect((await book(b, service.slug, taken)).status).toBe(409);
    } finally {
      for (const stop of stops) await stop();
      await b.close();
    }
  });
});
