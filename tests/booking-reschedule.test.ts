import { sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "../src/client/public/catalogue/all";
import { bookingTime } from "../src/server/mail/booking-text";
import { DEFAULT_MAIL_TIMING, type MailTiming } from "../src/server/mail/timing";
import { BOOKING_TIME_ZONE } from "../src/server/services/booking-availability";
import { linkToken } from "../src/server/services/booking-mail";
import { addDays } from "../src/server/services/booking-slots";
import { dispatchDueMail } from "../src/server/services/mail-outbox";
import { makeBookableService, okBody, openFirstClinician } from "./setup/booking-fixtures";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "./setup/smtp";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The visitor's reschedule link (issue 38, item 6; docs/decisions/0081-reschedule-link.md), through a
 * real SMTP server: the link in the booking's mail opens a page without script that lists the free
 * times and moves the booking; the old time is free afterwards, the calendar entry keeps its UID with a
 * higher SEQUENCE and the new UTC times (parsed with node-ical); the link is single-purpose (a cancel
 * token does not move, a reschedule token does not cancel) and bound to the time it was mailed for;
 * inside the late-cancel window it refuses and says to call; a time taken meanwhile answers 409; a
 * confirmed booking of a service that requires confirmation goes back to requested.
 */
const SERVICE = "Hidden Reschedule Service";

let smtp: TestSmtpServer;
let t: TestApp;
let cookie: string;
let clinicianId: number;
const services: Record<"atOnce" | "request" | "late", { id: number; slug: string }> = {} as never;

/** A bookable service of the clinician, confirmed at once unless `extra` says otherwise. */
const bookableService = (title: string, extra: Record<string, unknown>) =>
  makeBookableService(t, cookie, title, [clinicianId], { requiresConfirmation: false, ...extra });

beforeAll(async () => {
  smtp = await startSmtpServer();
  const timing: MailTiming = { ...DEFAULT_MAIL_TIMING, pollMs: 60_000 };
  t = await createTestApp({ smtpUrl: smtp.url(), mailTiming: timing, web: true });
  cookie = await t.cookieFor(await t.createAdmin());
  clinicianId = (await openFirstClinician(t, cookie)).id;
  // Each test's service of its own: no test reads another's times.
  services.atOnce = await bookableService(`${SERVICE} C`, {});
  services.request = await bookableService(`${SERVICE} R`, { requiresConfirmation: true });
  services.late = await bookableService(`${SERVICE} L`, { lateCancelHours: 24 * 14 });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
async function freeStarts(slug: string): Promise<string[]> {
  const body = await okBody(await t.request(`/api/booking/free-times?service=${slug}&from=${inDays(0)}&to=${inDays(13)}`));
  return (body.times as Array<{ start: string }>).map((time) => time.start);
}

let run = 0;
async function book(slug: string, start: string, language: "en" | "es" | "zh") {
  run += 1;
  const email = `mover${run}.${Math.random().toString(36).slice(2, 7)}@example.org`;
  const body = await okBody(
    await t.request("/api/booking", {
      ip: `198.51.100.${run}`,
      json: {
        name: `Robin Mover${run}`,
        email,
        phone: "801-555-0177",
        healthConditions: "Sore shoulder",
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
        language,
        service: slug,
        start,
        idempotencyKey: `move-${run}-${Math.random().toString(36).slice(2)}`,
      },
    }),
    201,
  );
  return { ...(body as { id: number; status: string; start: string; end: string }), email };
}

/** Every MIME part of a received message, decoded (quoted-printable or base64), with its content type. */
function partsOf(mail: ReceivedMail): Array<{ type: string; body: string }> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  const chunks = boundary ? mail.raw.split(`--${boundary}`).slice(1, -1) : [mail.raw];
  return chunks.map((chunk) => {
    const split = chunk.indexOf("\r\n\r\n");
    const head = chunk.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    let body = chunk.slice(split + 4);
    if (/Content-Transfer-Encoding:\s*base64/i.test(head)) body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    else if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head))
      body = Buffer.from(
        body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    return { type: /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? "", body };
  });
}
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const textOf = (mail: ReceivedMail) => partsOf(mail).find((p) => p.type === "text/plain")!.body;
function calendarOf(mail: ReceivedMail) {
  const part = partsOf(mail).find((p) => p.type === "text/calendar");
  if (!part) return null;
  const events = Object.values(ical.sync.parseICS(part.body)).filter((entry): entry is VEvent => entry?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return { raw: part.body, event: events[0]! };
}
const linkIn = (mail: ReceivedMail, purpose: "cancel" | "reschedule") =>
  new RegExp(`https?://\\S+/booking/${purpose}\\?token=\\S+`).exec(textOf(mail))?.[0];
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = (await t.deps.db.execute(statement)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}
const bookingRow = async (id: number) =>
  (await query(sql`select status, starts_at, calendar_uid, calendar_sequence, inquiry_id from bookings where id = ${id}`))[0]!;

describe("the visitor's reschedule link", () => {
  it("moves the booking from the mail's link on a page without script: same UID, higher SEQUENCE, new UTC times, the old time free", async () => {
    const starts = await freeStarts(services.atOnce.slug);
    const booked = await book(services.atOnce.slug, starts[0]!, "es");
    expect(booked.status).toBe("confirmed");
    await dispatchDueMail(t.deps);
    const first = mailsTo(booked.email)[0]!;
    const link = linkIn(first, "reschedule")!;
    expect(link).toContain("/es/booking/reschedule?token=");
    // The link names the booking by number only: no service, no one's name.
    expect(link.toLowerCase()).not.toContain("reschedule-service");
    const before = await bookingRow(booked.id);

    // The page the link opens: the current time, the free times as radio buttons in a plain form.
    const url = new URL(link);
    const page = await t.request(url.pathname + url.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("<script");
    expect(html).toContain(CATALOGUES.es.B.rescheduleTitle);
    expect(html).toContain(bookingTime(new Date(starts[0]!), "es", BOOKING_TIME_ZONE));
    expect(html).toContain('method="post"');
    // Its own time is not offered; the next hours are (its own held time does not block them).
    expect(html).not.toContain(`value="${new Date(starts[0]!).toISOString()}"`);
    const target = starts[2]!;
    expect(html).toContain(`value="${new Date(target).toISOString()}"`);
    expect(html).not.toMatch(/reschedule service|sore shoulder|robin/i);

    const form = new FormData();
    form.set("token", tokenOf(link));
    form.set("start", new Date(target).toISOString());
    const posted = await t.request(url.pathname, { form });
    expect(posted.status).toBe(200);
    const answer = await posted.text();
    expect(answer).toContain(CATALOGUES.es.B.rescheduleDone);
    expect(answer).toContain(bookingTime(new Date(target), "es", BOOKING_TIME_ZONE));

    const after = await bookingRow(booked.id);
    expect(new Date(after.starts_at as string).toISOString()).toBe(new Date(target).toISOString());
    expect(Number(after.calendar_sequence)).toBe(Number(before.calendar_sequence) + 1);
    const free = await freeStarts(services.atOnce.slug);
    expect(free).toContain(starts[0]);
    expect(free).not.toContain(target);

    // The mail of the move: the updated .ics (same UID, higher SEQUENCE, the new UTC times), fresh links.
    await dispatchDueMail(t.deps);
    const moved = mailsTo(booked.email).at(-1)!;
    expect(moved).not.toBe(first);
    const calendar = calendarOf(moved)!;
    expect(calendar.raw).toMatch(/METHOD:REQUEST/);
    expect(calendar.raw).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(calendar.event.uid).toBe(before.calendar_uid);
    expect(Number(calendar.event.sequence)).toBe(Number(before.calendar_sequence) + 1);
    expect(calendar.event.start.toISOString()).toBe(new Date(target).toISOString());
    expect(calendar.event.end?.toISOString()).toBe(new Date(new Date(target).getTime() + 60 * 60_000).toISOString());
    expect(textOf(moved)).toContain(bookingTime(new Date(target), "es", BOOKING_TIME_ZONE));
    expect(textOf(moved).toLowerCase()).not.toMatch(/reschedule service|sore shoulder|robin/);
    const fresh = linkIn(moved, "reschedule")!;
    expect(fresh).not.toBe(link);

    // The same post again (a double click) answers the move, not an error; another time with the old link is refused.
    const again = await t.request(url.pathname, { form });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(CATALOGUES.es.B.rescheduleDone);
    const other = await t.request("/api/booking/reschedule", { json: { token: tokenOf(link), start: starts[4] } });
    expect((await okBody(other)).state).toBe("gone");
    expect((await t.request(url.pathname + url.search)).status).toBe(404);
    // The fresh link reads the new time.
    const read = await okBody(await t.request(`/api/booking/reschedule?token=${encodeURIComponent(tokenOf(fresh))}`));
    expect(read).toMatchObject({ state: "open", start: new Date(target).toISOString(), status: "confirmed", language: "es" });
  });

  it("offers later days up to the service's booking window (14 days here), and no later page past it", async () => {
    const service = await bookableService(`${SERVICE} W`, {});
    const booked = await book(service.slug, (await freeStarts(service.slug))[0]!, "en");
    await dispatchDueMail(t.deps);
    const link = new URL(linkIn(mailsTo(booked.email)[0]!, "reschedule")!);
    const token = encodeURIComponent(tokenOf(link.href));
    const laterLinks = (html: string) => [...html.matchAll(/<a href="[^"]+">([^<]+)<\/a>/g)].filter((m) => m[1] === CATALOGUES.en.B.later);
    expect(laterLinks(await (await t.request(link.pathname + link.search)).text())).toHaveLength(1);
    const read = await okBody(await t.request(`/api/booking/reschedule?token=${token}`));
    const today = read.from as string;
    expect(read.lastDay).toBe(addDays(today, 14));
    // From day 8 the page holds days 8 to 14, the window's last: earlier days, no later ones.
    const lastPage = await (await t.request(`${link.pathname}?token=${token}&from=${addDays(today, 8)}`)).text();
    expect(laterLinks(lastPage)).toHaveLength(0);
    expect(lastPage).toContain(CATALOGUES.en.B.earlier);
    // An address past the window starts at the window's last day, not on an empty week.
    const past = await okBody(await t.request(`/api/booking/reschedule?token=${token}&from=${addDays(today, 40)}`));
    expect(past.from).toBe(addDays(today, 14));
  });

  it("is single-purpose: a cancel token does not reschedule, a reschedule token does not cancel", async () => {
    const starts = await freeStarts(services.atOnce.slug);
    const booked = await book(services.atOnce.slug, starts[starts.length - 1]!, "en");
    await dispatchDueMail(t.deps);
    const mail = mailsTo(booked.email)[0]!;
    const cancel = tokenOf(linkIn(mail, "cancel")!);
    const reschedule = tokenOf(linkIn(mail, "reschedule")!);
    const before = await bookingRow(booked.id);

    expect((await okBody(await t.request(`/api/booking/reschedule?token=${encodeURIComponent(cancel)}`))).state).toBe("gone");
    expect((await okBody(await t.request("/api/booking/reschedule", { json: { token: cancel, start: starts[1] } }))).state).toBe("gone");
    const form = new FormData();
    form.set("token", cancel);
    form.set("start", starts[1]!);
    expect((await t.request("/booking/reschedule", { form })).status).toBe(404);
    expect((await okBody(await t.request("/api/booking/cancel", { json: { token: reschedule } }))).state).toBe("gone");

    expect(await bookingRow(booked.id)).toEqual(before);
    expect(before.status).toBe("confirmed");
    // Each works for its own purpose.
    expect((await okBody(await t.request(`/api/booking/reschedule?token=${encodeURIComponent(reschedule)}`))).state).toBe("open");
    expect((await okBody(await t.request(`/api/booking/cancel?token=${encodeURIComponent(cancel)}`))).state).toBe("open");
  });

  it("inside the late-cancel window: no link in the mail, the page says to call, the post refuses and changes nothing", async () => {
    const starts = await freeStarts(services.late.slug);
    const booked = await book(services.late.slug, starts[0]!, "zh");
    await dispatchDueMail(t.deps);
    const mail = mailsTo(booked.email)[0]!;
    expect(linkIn(mail, "reschedule")).toBeUndefined();
    expect(linkIn(mail, "cancel")).toBeUndefined();
    const [row] = await query(sql`select id, starts_at, link_secret from bookings where id = ${booked.id}`);
    const token = linkToken(
      t.deps,
      { id: booked.id, startsAt: new Date(starts[0]!), linkSecret: row!.link_secret as string },
      "reschedule",
    );

    const read = await okBody(await t.request(`/api/booking/reschedule?token=${encodeURIComponent(token)}`));
    expect(read).toMatchObject({ state: "late", language: "zh" });
    expect(read.times).toBeUndefined();
    const page = await t.request(`/zh/booking/reschedule?token=${encodeURIComponent(token)}`);
    const html = await page.text();
    expect(html).toContain(CATALOGUES.zh.B.rescheduleLate.replace("{phone}", read.phone));
    expect(html).not.toContain("<form");
    const refused = await okBody(await t.request("/api/booking/reschedule", { json: { token, start: starts[2] } }));
    expect(refused.state).toBe("late");
    const form = new FormData();
    form.set("token", token);
    form.set("start", starts[2]!);
    expect(await (await t.request("/zh/booking/reschedule", { form })).text()).toContain(
      CATALOGUES.zh.B.rescheduleLate.replace("{phone}", read.phone),
    );
    const after = await bookingRow(booked.id);
    expect(new Date(after.starts_at as string).toISOString()).toBe(new Date(starts[0]!).toISOString());
    expect(Number(after.calendar_sequence)).toBe(0);
    expect(await freeStarts(services.late.slug)).toContain(starts[2]);
  });

  it("a time taken meanwhile answers 409 'just taken' in the booking's language, above fresh times; nothing moves", async () => {
    const starts = await freeStarts(services.atOnce.slug);
    const mine = await book(services.atOnce.slug, starts[1]!, "es");
    await dispatchDueMail(t.deps);
    const token = tokenOf(linkIn(mailsTo(mine.email)[0]!, "reschedule")!);
    const offered = await okBody(await t.request(`/api/booking/reschedule?token=${encodeURIComponent(token)}`));
    const wanted = (offered.times as Array<{ start: string }>).at(-1)!.start;
    // Another visitor books it first.
    await book(services.atOnce.slug, wanted, "en");

    const refused = await t.request("/api/booking/reschedule", { json: { token, start: wanted } });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(CATALOGUES.es.B.taken);
    const form = new FormData();
    form.set("token", token);
    form.set("start", wanted);
    const page = await t.request("/es/booking/reschedule", { form });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain(CATALOGUES.es.B.taken);
    expect(html).not.toContain(`value="${new Date(wanted).toISOString()}"`);
    const row = await bookingRow(mine.id);
    expect(new Date(row.starts_at as string).toISOString()).toBe(new Date(starts[1]!).toISOString());
    expect(Number(row.calendar_sequence)).toBe(0);
  });

  it("a confirmed booking of a service that requires confirmation goes back to requested (its inquiry to New), with a tentative .ics", async () => {
    const starts = await freeStarts(services.request.slug);
    const booked = await book(services.request.slug, starts[0]!, "en");
    expect(booked.status).toBe("requested");
    await okBody(await t.request(`/api/admin/booking/${booked.id}/confirm`, { cookie, json: {} }));
    await dispatchDueMail(t.deps);
    const confirmed = mailsTo(booked.email).at(-1)!;
    const token = tokenOf(linkIn(confirmed, "reschedule")!);

    const moved = await okBody(await t.request("/api/booking/reschedule", { json: { token, start: starts[3] } }));
    expect(moved).toMatchObject({ state: "moved", status: "requested", start: new Date(starts[3]!).toISOString() });
    const row = await bookingRow(booked.id);
    expect(row.status).toBe("requested");
    const [inquiry] = await query(sql`select status from contact_submissions where id = ${row.inquiry_id as number}`);
    expect(inquiry!.status).toBe("new");
    expect(await freeStarts(services.request.slug)).toContain(starts[0]);
    expect(await freeStarts(services.request.slug)).not.toContain(starts[3]);

    await dispatchDueMail(t.deps);
    const mail = mailsTo(booked.email).at(-1)!;
    expect(textOf(mail)).toContain("as a request");
    const calendar = calendarOf(mail)!;
    expect(calendar.raw).toMatch(/STATUS:TENTATIVE/);
    expect(Number(calendar.event.sequence)).toBe(1);
    expect(calendar.event.start.toISOString()).toBe(new Date(starts[3]!).toISOString());
  });
});
