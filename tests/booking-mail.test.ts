import { sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "../src/client/public/catalogue/all";
import { bookingTime } from "../src/server/mail/booking-text";
import { DEFAULT_MAIL_TIMING, type MailTiming } from "../src/server/mail/timing";
import { BOOKING_TIME_ZONE } from "../src/server/services/booking-availability";
import { queueBookingReminders } from "../src/server/services/booking-mail";
import { dispatchDueMail } from "../src/server/services/mail-outbox";
import { makeBookableService, okBody, openFirstClinician } from "./setup/booking-fixtures";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "./setup/smtp";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * A visitor's booking mails (issue 38) through the outbox to a real SMTP server (smtp-server): the
 * requested, confirmed and cancelled mails in the visitor's language, the .ics (parsed with node-ical)
 * with a stable UID, a sequence that a move and a cancel raise and UTC times; the reminder queued once,
 * 24 hours before; no mail or .ics naming the service, the clinician or anything the visitor wrote; the
 * signed cancel link freeing the time, and refusing inside the late-cancel window with the clinic's phone.
 */
const HOUR = 60 * 60_000;
const SERVICE = "Secret Ozone Service";
const HEALTH = "Torn meniscus and chronic fatigue";

let smtp: TestSmtpServer;
let t: TestApp;
let cookie: string;
let clinicianName: string;
let clinicianId: number;
const services: Record<"request" | "atOnce" | "late", { id: number; slug: string }> = {} as never;

/** A bookable service of the clinician, confirmed by staff unless `extra` says otherwise. */
const bookableService = (title: string, extra: Record<string, unknown>) =>
  makeBookableService(t, cookie, title, [clinicianId], { requiresConfirmation: true, ...extra });

beforeAll(async () => {
  smtp = await startSmtpServer();
  const timing: MailTiming = { ...DEFAULT_MAIL_TIMING, pollMs: 60_000 };
  t = await createTestApp({ smtpUrl: smtp.url(), mailTiming: timing, web: true });
  cookie = await t.cookieFor(await t.createAdmin());
  ({ id: clinicianId, name: clinicianName } = await openFirstClinician(t, cookie));
  services.request = await bookableService(`${SERVICE} R`, {});
  services.atOnce = await bookableService(`${SERVICE} C`, { requiresConfirmation: false });
  services.late = await bookableService(`${SERVICE} L`, { requiresConfirmation: false, lateCancelHours: 24 * 14 });
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
  const email = `visitor${run}.${Math.random().toString(36).slice(2, 7)}@example.org`;
  const body = await okBody(
    await t.request("/api/booking", {
      ip: `203.0.113.${run}`,
      json: {
        name: `Quinn Private${run}`,
        email,
        phone: "801-555-0199",
        healthConditions: HEALTH,
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
        language,
        service: slug,
        start,
        idempotencyKey: `mail-${run}-${Math.random().toString(36).slice(2)}`,
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

/** A header's RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) decoded. */
const decodeHeader = (value: string) =>
  value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
    how.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
const mailsTo = (email: string) =>
  smtp.messages.filter((m) => m.to.includes(email)).map((m) => ({ ...m, subject: decodeHeader(m.subject) }));
const textOf = (mail: ReceivedMail) => partsOf(mail).find((p) => p.type === "text/plain")!.body;
function calendarOf(mail: ReceivedMail) {
  const part = partsOf(mail).find((p) => p.type === "text/calendar");
  if (!part) return null;
  const parsed = ical.sync.parseICS(part.body);
  const events = Object.values(parsed).filter((entry): entry is VEvent => entry?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return { raw: part.body, event: events[0]! };
}

/** Nothing of the service, the clinician or what the visitor wrote, anywhere in the message (its .ics included). */
function expectNothingPrivate(mail: ReceivedMail, run: number) {
  const visible = partsOf(mail)
    .map((p) => p.body)
    .concat(mail.subject)
    .join("\n")
    .toLowerCase();
  for (const word of [SERVICE, "ozone", "meniscus", "fatigue", `Private${run}`, "quinn", "555-0199", clinicianName])
    expect(visible, `mail holds "${word}"`).not.toContain(word.toLowerCase());
}

async function query(statement: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  const result = (await t.deps.db.execute(statement)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}

describe("booking mails", () => {
  it("confirmed at once: a mail in the visitor's language with an .ics (stable UID, sequence 0, UTC times), naming nothing private", async () => {
    const start = (await freeStarts(services.atOnce.slug))[0]!;
    const booked = await book(services.atOnce.slug, start, "es");
    expect(booked.status).toBe("confirmed");
    await dispatchDueMail(t.deps);
    const mails = mailsTo(booked.email);
    // The booking's own mail, not the inquiry form's acknowledgement as well.
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain("Su cita está confirmada");
    expect(textOf(mail)).toContain(bookingTime(new Date(start), "es", BOOKING_TIME_ZONE));
    const [row] = await query(sql`select calendar_uid, calendar_sequence from bookings where id = ${booked.id}`);
    const calendar = calendarOf(mail)!;
    expect(calendar.event.uid).toBe(row!.calendar_uid);
    expect(Number(calendar.event.sequence)).toBe(0);
    expect(calendar.raw).toMatch(/METHOD:REQUEST/);
    expect(calendar.raw).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(calendar.event.start.toISOString()).toBe(new Date(start).toISOString());
    expect(calendar.event.end?.toISOString()).toBe(booked.end);
    expectNothingPrivate(mail, run);
  });

  it("a request is acknowledged; staff confirm (.ics, sequence 0), move (same UID, sequence 1) and cancel (METHOD:CANCEL, sequence 2)", async () => {
    const starts = await freeStarts(services.request.slug);
    const booked = await book(services.request.slug, starts[0]!, "zh");
    const mine = run;
    expect(booked.status).toBe("requested");
    await dispatchDueMail(t.deps);
    expect(mailsTo(booked.email).map((m) => m.subject)).toEqual([expect.stringContaining("我们已收到您的预约申请")]);
    expect(calendarOf(mailsTo(booked.email)[0]!)).toBeNull();

    const last = async (act: string, json: Record<string, unknown> = {}) => {
      await okBody(await t.request(`/api/admin/booking/${booked.id}/${act}`, { cookie, json }));
      await dispatchDueMail(t.deps);
      return calendarOf(mailsTo(booked.email).at(-1)!)!;
    };
    const confirmed = await last("confirm");
    const moved = await last("move", { start: starts[3] });
    const cancelled = await last("cancel");
    const [row] = await query(sql`select calendar_uid from bookings where id = ${booked.id}`);
    expect([confirmed, moved, cancelled].map((c) => c.event.uid)).toEqual([row!.calendar_uid, row!.calendar_uid, row!.calendar_uid]);
    expect([confirmed, moved, cancelled].map((c) => Number(c.event.sequence))).toEqual([0, 1, 2]);
    expect([confirmed, moved, cancelled].map((c) => c.raw.match(/METHOD:(\w+)/)![1])).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
    expect(confirmed.event.start.toISOString()).toBe(new Date(starts[0]!).toISOString());
    expect(moved.event.start.toISOString()).toBe(new Date(starts[3]!).toISOString());
    expect(mailsTo(booked.email)).toHaveLength(4);
    for (const mail of mailsTo(booked.email)) expectNothingPrivate(mail, mine);
  });

  it("staff move a request before confirming it: the visitor gets the new time and fresh links (no .ics), and the old links find nothing", async () => {
    const starts = await freeStarts(services.request.slug);
    const booked = await book(services.request.slug, starts[1]!, "es");
    const mine = run;
    await dispatchDueMail(t.deps);
    const cancelLink = (mail: ReceivedMail) => /https?:\/\/\S+\/booking\/cancel\?token=\S+/.exec(textOf(mail))?.[0];
    const tokenOf = (mail: ReceivedMail) => decodeURIComponent(new URL(cancelLink(mail)!).searchParams.get("token")!);
    const oldToken = tokenOf(mailsTo(booked.email)[0]!);
    await okBody(await t.request(`/api/admin/booking/${booked.id}/move`, { cookie, json: { start: starts[4] } }));
    await dispatchDueMail(t.deps);
    const mails = mailsTo(booked.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("Recibimos su solicitud de cita"),
      expect.stringContaining("Su cita solicitada tiene un nuevo horario"),
    ]);
    const moved = mails[1]!;
    expect(calendarOf(moved)).toBeNull();
    expect(textOf(moved)).toContain(bookingTime(new Date(starts[4]!), "es", BOOKING_TIME_ZONE));
    expect(textOf(moved)).not.toContain(bookingTime(new Date(starts[1]!), "es", BOOKING_TIME_ZONE));
    expectNothingPrivate(moved, mine);
    // The old mail's link was signed for the old time; the new one opens the request at its new time.
    expect((await okBody(await t.request(`/api/booking/cancel?token=${encodeURIComponent(oldToken)}`))).state).toBe("gone");
    const fresh = await okBody(await t.request(`/api/booking/cancel?token=${encodeURIComponent(tokenOf(moved))}`));
    expect(fresh).toMatchObject({ state: "open", start: new Date(starts[4]!).toISOString() });
  });

  it("a mail whose moment passed before it went is skipped (a confirmation queued, then cancelled before sending)", async () => {
    const start = (await freeStarts(services.atOnce.slug))[0]!;
    const booked = await book(services.atOnce.slug, start, "en");
    await okBody(await t.request(`/api/admin/booking/${booked.id}/cancel`, { cookie, json: {} }));
    await dispatchDueMail(t.deps);
    expect(mailsTo(booked.email).map((m) => m.subject)).toEqual([expect.stringContaining("Your appointment is cancelled")]);
  });
});

describe("the reminder", () => {
  it("is queued once, 24 hours before, and goes through the outbox", async () => {
    const start = (await freeStarts(services.atOnce.slug)).at(-1)!;
    const booked = await book(services.atOnce.slug, start, "en");
    await dispatchDueMail(t.deps);
    const at = new Date(start).getTime();
    const reminders = async () =>
      Number(
        (
          await query(
            sql`select count(*)::int as n from mail_outbox where kind = 'booking_reminder' and (payload->>'bookingId')::int = ${booked.id}`,
          )
        )[0]!.n,
      );
    // 25 hours before: not yet.
    await queueBookingReminders(t.deps.db, new Date(at - 25 * HOUR));
    expect(await reminders()).toBe(0);
    // Just inside 24 hours: queued, and never again.
    const now = new Date(at - 24 * HOUR + 60_000);
    await queueBookingReminders(t.deps.db, now);
    await queueBookingReminders(t.deps.db, new Date(now.getTime() + HOUR));
    expect(await reminders()).toBe(1);
    await dispatchDueMail(t.deps, { ...DEFAULT_MAIL_TIMING, now: () => now });
    await dispatchDueMail(t.deps, { ...DEFAULT_MAIL_TIMING, now: () => new Date(now.getTime() + HOUR) });
    const sent = mailsTo(booked.email).filter((m) => m.subject.startsWith("Reminder: your appointment is tomorrow"));
    expect(sent).toHaveLength(1);
    expect(textOf(sent[0]!)).toContain(bookingTime(new Date(start), "en", BOOKING_TIME_ZONE));
    expectNothingPrivate(sent[0]!, run);
  });
});

describe("the visitor's cancel link", () => {
  const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/booking\/cancel\?token=\S+/.exec(textOf(mail))?.[0];

  it("cancels from the mail's link, frees the time and mails the cancellation; the link is single-purpose", async () => {
    const start = (await freeStarts(services.atOnce.slug))[0]!;
    const booked = await book(services.atOnce.slug, start, "es");
    await dispatchDueMail(t.deps);
    const link = linkIn(mailsTo(booked.email)[0]!)!;
    expect(link).toContain("/es/booking/cancel?token=");
    const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
    expect(await freeStarts(services.atOnce.slug)).not.toContain(start);
    // A changed signature, or the token of another purpose's shape, finds nothing.
    const forged = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
    expect((await okBody(await t.request("/api/booking/cancel", { json: { token: forged } }))).state).toBe("gone");
    expect((await okBody(await t.request(`/api/booking/cancel?token=${encodeURIComponent(token)}`))).state).toBe("open");

    // The page the link opens, without JavaScript: the question and a form that posts the token.
    const page = await t.request(new URL(link).pathname + new URL(link).search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(CATALOGUES.es.B.cancelAsk);
    expect(html).toContain('method="post"');
    const form = new FormData();
    form.set("token", token);
    const posted = await t.request(new URL(link).pathname, { form });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(CATALOGUES.es.B.cancelDone);

    expect(await freeStarts(services.atOnce.slug)).toContain(start);
    expect((await okBody(await t.request("/api/booking/cancel", { json: { token } }))).state).toBe("cancelled");
    await dispatchDueMail(t.deps);
    const last = mailsTo(booked.email).at(-1)!;
    expect(last.subject).toContain("Su cita está cancelada");
    expect(calendarOf(last)!.raw).toMatch(/METHOD:CANCEL/);
  });

  it("inside the late-cancel window changes nothing and says to call, with the clinic's phone", async () => {
    const start = (await freeStarts(services.late.slug))[0]!;
    const booked = await book(services.late.slug, start, "en");
    await dispatchDueMail(t.deps);
    const mail = mailsTo(booked.email)[0]!;
    // Already inside the window when it is sent: no link, the words to call.
    expect(linkIn(mail)).toBeUndefined();
    expect(textOf(mail)).toMatch(/please call us to cancel/);
    const [row] = await query(sql`select id, starts_at, link_secret from bookings where id = ${booked.id}`);
    const { cancelToken } = await import("../src/server/services/booking-mail");
    const token = cancelToken(t.deps, { id: booked.id, startsAt: new Date(start), linkSecret: row!.link_secret as string });
    const answer = await okBody(await t.request("/api/booking/cancel", { json: { token } }));
    expect(answer.state).toBe("late");
    expect(answer.phone).toBeTruthy();
    const page = await t.request(`/booking/cancel?token=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain(CATALOGUES.en.B.lateCall.replace("{phone}", answer.phone));
    expect((await query(sql`select status from bookings where id = ${booked.id}`))[0]!.status).toBe("confirmed");
    expect(await freeStarts(services.late.slug)).not.toContain(start);
  });
});
