import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_WORDS } from "../src/server/services/booking-feed";
import { bookingSettings } from "./setup/booking-fixtures";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The portal's side of booking (issue 38), through the real HTTP server on the real database: a
 * clinician's calendar feed at a secret address (it names no patient and no service; revoked or
 * replaced, the old address answers 404; only the clinician or an administrator manages it), a linked
 * clinician's account seeing and working only its own calendar, the calendar's open hours, and a
 * booking request moving the portal's live count.
 */
let t: TestApp;
let cookie: string;
let clinicians: Array<{ teamMemberId: number; name: string }>;
let service: { id: number; slug: string; title: string };

async function ok(res: Response, status = 200) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const everyDay = Array.from({ length: 7 }, (_, weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
  clinicians = await ok(await t.request("/api/admin/booking/clinicians", { cookie }));
  for (const c of clinicians)
    await ok(
      await t.request("/api/admin/booking/availability/weekly", {
        method: "PUT",
        cookie,
        json: { ownerKind: "clinician", ownerId: c.teamMemberId, weekly: everyDay },
      }),
    );
  const title = "Portal Feed Therapy";
  const made = await ok(
    await t.request("/api/admin/services", {
      json: { title, slug: "portal-feed-therapy", shortDescription: "Short", description: "Long", imageAlt: "A picture" },
      cookie,
    }),
    201,
  );
  service = { ...made, title };
  await ok(
    await t.request("/api/admin/booking/services", {
      method: "PUT",
      cookie,
      json: bookingSettings(
        service.id,
        clinicians.slice(0, 2).map((c) => c.teamMemberId),
        { requiresConfirmation: true, lateCancelHours: 24 },
      ),
    }),
  );
});
afterAll(() => t.close());

let ips = 0;
/** Books the service's first free time with one clinician, as a visitor does (POST /api/booking). */
async function book(clinicianId: number): Promise<{ id: number; start: string }> {
  const free = await ok(await t.request(`/api/booking/free-times?service=${service.slug}&from=${today()}&to=${inDays(10)}`));
  const slot = free.times.find((time: { clinicianIds: number[] }) => time.clinicianIds.includes(clinicianId));
  return ok(
    await t.request("/api/booking", {
      ip: `198.51.100.${(++ips % 200) + 1}`,
      json: {
        name: "Avery Stonebridge",
        email: "avery.stonebridge@example.com",
        phone: "801-555-0199",
        healthConditions: "Chronic knee pain",
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
        service: service.slug,
        start: slot.start,
        clinicianId,
        idempotencyKey: `portal-${ips}-${Math.random().toString(36).slice(2)}`,
      },
    }),
    201,
  );
}

const feedPath = (path: string) => t.request(path);

describe("a clinician's calendar feed", () => {
  it("answers iCalendar naming no patient or service; revoked or replaced, the old address answers 404", async () => {
    const clinician = clinicians[0]!.teamMemberId;
    const booked = await book(clinician);
    const { path } = await ok(await t.request(`/api/admin/booking/clinicians/${clinician}/feed`, { cookie, json: {} }));
    expect(path).toMatch(/^\/api\/booking\/feed\/[A-Za-z0-9_-]{43}\.ics$/);

    const res = await feedPath(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    const [row] = await ok(
      await t.request(`/api/admin/booking/calendar?from=${today()}&to=${inDays(10)}&clinicianId=${clinician}`, { cookie }),
    ).then((rows: Array<{ id: number; calendarUid: string; startsAt: string }>) => rows.filter((r) => r.id === booked.id));
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain(`UID:${row!.calendarUid}`);
    expect(text).toContain(`SUMMARY:${FEED_WORDS.requested}`);
    const utc = new Date(row!.startsAt)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(text).toContain(`DTSTART:${utc}`);
    for (const secret of ["Avery", "Stonebridge", "avery.stonebridge", "801-555-0199", "knee", service.title, service.slug])
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());

    // Confirmed: the same event reads Booked.
    await ok(await t.request(`/api/admin/booking/${booked.id}/confirm`, { cookie, json: {} }));
    expect(await (await feedPath(path)).text()).toContain(`SUMMARY:${FEED_WORDS.confirmed}`);

    // A new address replaces the old one.
    const renewed = await ok(await t.request(`/api/admin/booking/clinicians/${clinician}/feed`, { cookie, json: {} }));
    expect(renewed.path).not.toBe(path);
    expect((await feedPath(path)).status).toBe(404);
    expect((await feedPath(renewed.path)).status).toBe(200);

    // Revoked: 404, and the answer holds no calendar.
    expect(await ok(await t.request(`/api/admin/booking/clinicians/${clinician}/feed`, { cookie, method: "DELETE" }))).toEqual({
      path: null,
    });
    const revoked = await feedPath(renewed.path);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).not.toContain("VCALENDAR");
    expect((await feedPath("/api/booking/feed/not-a-token.ics")).status).toBe(404);
  });

  it("only the clinician's own account or an administrator manages it", async () => {
    const [mine, other] = [clinicians[0]!.teamMemberId, clinicians[1]!.teamMemberId];
    const linked = await t.createAdmin({ role: "clinician" });
    await ok(
      await t.request("/api/admin/booking/clinicians", { method: "PUT", cookie, json: { teamMemberId: mine, staffUserId: linked.id } }),
    );
    const own = await t.cookieFor(linked);
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    const marketing = await t.cookieFor(await t.createAdmin({ role: "marketing" }));
    const feed = (id: number) => `/api/admin/booking/clinicians/${id}/feed`;
    expect((await t.request(feed(mine), { cookie: own, json: {} })).status).toBe(200);
    const refused = await t.request(feed(other), { cookie: own, json: {} });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/Access Denied/);
    expect((await t.request(feed(other), { cookie: own, method: "DELETE" })).status).toBe(403);
    expect((await t.request(feed(mine), { cookie: desk, json: {} })).status).toBe(403);
    expect((await t.request(feed(mine), { cookie: marketing, json: {} })).status).toBe(403);
    expect((await t.request(feed(mine), { json: {} })).status).toBe(401);
    expect((await t.request(feed(mine), { cookie: own, method: "DELETE" })).status).toBe(200);
    await ok(await t.request("/api/admin/booking/clinicians", { method: "PUT", cookie, json: { teamMemberId: mine, staffUserId: null } }));
  });
});

describe("whose calendar", () => {
  it("an account linked to a clinician sees and works only that clinician's bookings; the front desk sees all", async () => {
    const [mine, other] = [clinicians[0]!.teamMemberId, clinicians[1]!.teamMemberId];
    const linked = await t.createAdmin({ role: "clinician" });
    await ok(
      await t.request("/api/admin/booking/clinicians", { method: "PUT", cookie, json: { teamMemberId: mine, staffUserId: linked.id } }),
    );
    const own = await t.cookieFor(linked);
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    const ofMine = await book(mine);
    const ofOther = await book(other);
    const range = `from=${today()}&to=${inDays(10)}`;
    const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

    const seen = ids(await ok(await t.request(`/api/admin/booking/calendar?${range}`, { cookie: own })));
    expect(seen).toContain(ofMine.id);
    expect(seen).not.toContain(ofOther.id);
    expect((await t.request(`/api/admin/booking/calendar?${range}&clinicianId=${other}`, { cookie: own })).status).toBe(403);
    const deskSees = ids(await ok(await t.request(`/api/admin/booking/calendar?${range}`, { cookie: desk })));
    expect(deskSees).toEqual(expect.arrayContaining([ofMine.id, ofOther.id]));

    const context = await ok(await t.request("/api/admin/booking/calendar/context", { cookie: own }));
    expect(context).toMatchObject({ ownClinicianId: mine, ownOnly: true, timeZone: "America/Denver", resources: [] });
    expect(context.clinicians.map((c: { id: number }) => c.id)).toEqual([mine]);
    const deskContext = await ok(await t.request("/api/admin/booking/calendar/context", { cookie: desk }));
    expect(deskContext.ownOnly).toBe(false);
    expect(deskContext.clinicians.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([mine, other]));

    // Another clinician's booking: refused, unchanged; one's own: confirmed.
    const refused = await t.request(`/api/admin/booking/${ofOther.id}/confirm`, { cookie: own, json: {} });
    expect(refused.status).toBe(403);
    const after = await ok(await t.request(`/api/admin/booking/calendar?${range}`, { cookie: desk }));
    expect(after.find((r: { id: number }) => r.id === ofOther.id).status).toBe("requested");
    expect((await ok(await t.request(`/api/admin/booking/${ofMine.id}/confirm`, { cookie: own, json: {} }))).status).toBe("confirmed");
    await ok(await t.request(`/api/admin/booking/${ofOther.id}/decline`, { cookie: desk, json: {} }));
    await ok(await t.request(`/api/admin/booking/${ofMine.id}/cancel`, { cookie: desk, json: {} }));
    await ok(await t.request("/api/admin/booking/clinicians", { method: "PUT", cookie, json: { teamMemberId: mine, staffUserId: null } }));
  });

  it("the calendar's hours: the clinic's hours and the owner's, a closed date closed", async () => {
    const clinician = clinicians[0]!.teamMemberId;
    const day = inDays(20);
    await ok(
      await t.request("/api/admin/booking/availability/date", {
        method: "PUT",
        cookie,
        json: { ownerKind: "clinician", ownerId: clinician, date: day, closed: true },
      }),
    );
    const { days } = await ok(
      await t.request(`/api/admin/booking/calendar/hours?from=${inDays(14)}&to=${day}&clinicianId=${clinician}`, { cookie }),
    );
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toEqual({ date: day, open: [] });
    // Every hour of the clinician's day: what is open is the clinic's hours (Clinic details), some day of the week.
    expect(days.some((d: { open: unknown[] }) => d.open.length > 0)).toBe(true);
    for (const d of days) for (const s of d.open) expect(s.startMinute).toBeGreaterThan(0);
    expect((await t.request(`/api/admin/booking/calendar/hours?from=${today()}&to=${today()}`, { cookie })).status).toBe(400);
  });
});

describe("the live count", () => {
  it("a booking request is a New inquiry the portal counts the moment it arrives", async () => {
    const res = await t.request("/api/admin/events", {
      cookie,
      headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    const nextCount = async (): Promise<number> => {
      for (;;) {
        const match = buffer.match(/event: inquiries\ndata: (\{[^\n]*\})\n\n/);
        if (match) {
          buffer = buffer.slice(match.index! + match[0].length);
          return JSON.parse(match[1]!).new;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error("the stream ended");
        buffer += chunk.value;
      }
    };
    const before = await nextCount();
    await book(clinicians[1]!.teamMemberId);
    expect(await nextCount()).toBe(before + 1);
    await reader.cancel();
  });
});
