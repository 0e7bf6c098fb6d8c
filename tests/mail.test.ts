import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, mailOutbox } from "../src/server/db/schema";
import { dispatchDueMail, queueOverdueReminders, startMailDispatcher } from "../src/server/services/mail-outbox";
import { DEFAULT_MAIL_TIMING, type MailTiming } from "../src/server/mail/timing";
import { DEFAULT_CLINIC } from "../src/shared/clinic";
import { selfSignedCertificate, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "./setup/smtp";
import { auditKeyOf, createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * New-inquiry mail, reminders and acknowledgements through a real SMTP server that the test starts
 * (the smtp-server package): who receives what, that no mail holds anything the inquirer wrote, that
 * a mail server down for a while loses and doubles nothing, that two instances on one PostgreSQL send
 * each message once, and the test button's plain words.
 */
const FAST: MailTiming = { ...DEFAULT_MAIL_TIMING, pollMs: 100, retryBaseMs: 500, retryCapMs: 2_000, reminderCheckMs: 100 };
const HOUR = 60 * 60_000;

let smtp: TestSmtpServer;
let t: TestApp;
let chief: TestAdmin;
let chiefCookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url(), mailTiming: FAST });
  chief = await t.createAdmin({ role: "super_admin", email: "chief@clinic.test", notifyNewInquiries: true });
  chiefCookie = await t.cookieFor(chief);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let run = 0;
function inquiry(overrides: Record<string, unknown> = {}) {
  run += 1;
  return {
    name: `Quinn Visitor${run}`,
    email: `quinn.visitor${run}@example.org`,
    phone: `(801) 555-01${String(run).padStart(2, "0")}`,
    servicesInterested: ["Utah Stem Cell Therapy"],
    healthConditions: `Torn meniscus ${run}`,
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
    formToken: t.formToken(),
    ...overrides,
  };
}

async function send(body: Record<string, unknown>, app: TestApp = t) {
  const res = await app.request("/api/contact", { json: body, ip: `198.51.100.${run}` });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { success: true; id: number };
}

/** Nothing of the inquiry is in the mail: not the name, e-mail, phone, service or health details. */
function expectNothingPrivate(mail: ReceivedMail, body: ReturnType<typeof inquiry>) {
  const words = [body.name, "Quinn", body.email.split("@")[0]!, body.phone, body.phone.replace(/\D/g, ""), "Stem Cell", "meniscus"];
  const visible = `${mail.subject}\n${mail.text}`.toLowerCase();
  for (const word of words) expect(visible, `mail holds "${word}"`).not.toContain(word.toLowerCase());
}

const mailsFor = (id: number) => smtp.messages.filter((m) => m.text.includes(`open=${id}`));

describe("new-inquiry mail and the acknowledgement", () => {
  it("reach the chosen recipients and the visitor, and hold nothing the visitor wrote", async () => {
    const quiet = await t.createAdmin({ email: "quiet@clinic.test", notifyNewInquiries: false });
    const inactive = await t.createAdmin({ email: "gone@clinic.test", notifyNewInquiries: true, isActive: false });
    const noAddress = await t.createAdmin({ notifyNewInquiries: true });
    const body = inquiry();
    const { id } = await send(body);
    expect(await dispatchDueMail(t.deps)).toBeGreaterThanOrEqual(2);

    const notices = mailsFor(id);
    expect(notices.flatMap((m) => m.to)).toEqual(["chief@clinic.test"]);
    const notice = notices[0]!;
    expect(notice.subject).toBe("New appointment inquiry");
    expect(notice.text).toContain(`http://clinic.test/admin/contact?open=${id}`);
    expect(notice.text).toMatch(/arrived on \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) M[SD]T/);
    expect(notice.from).toBe("clinic@clinic.test");
    expectNothingPrivate(notice, body);

    const ack = smtp.messages.find((m) => m.to.includes(body.email))!;
    expect(ack.subject).toBe(`We received your inquiry - ${DEFAULT_CLINIC.name}`);
    expect(ack.text).toContain("will reply within 24 hours");
    expect(ack.text).toContain(DEFAULT_CLINIC.phone);
    expect(ack.text).toContain("Monday - Friday: 9:00 AM - 5:00 PM");
    expectNothingPrivate(ack, body);
    for (const staff of [quiet, inactive, noAddress]) expect(smtp.messages.some((m) => m.to.includes(`${staff.username}`))).toBe(false);
    expect(smtp.messages.some((m) => m.to.includes("quiet@clinic.test") || m.to.includes("gone@clinic.test"))).toBe(false);
  });

  it("a staff member turns new-inquiry mail on in My Account; the acknowledgement can be turned off", async () => {
    const staff = await t.createAdmin({ email: "desk@clinic.test" });
    const staffCookie = await t.cookieFor(staff);
    expect(await (await t.request("/api/admin/account/notifications", { cookie: staffCookie })).json()).toEqual({
      newInquiries: false,
      hasEmail: true,
    });
    const on = await t.request("/api/admin/account/notifications", { method: "PUT", json: { newInquiries: true }, cookie: staffCookie });
    expect(await on.json()).toEqual({ newInquiries: true, hasEmail: true });
    await t.request("/api/admin/settings", {
      method: "PUT",
      json: { mail: { enabled: true, acknowledgement: false, overdueReminders: true } },
      cookie: chiefCookie,
    });
    try {
      const body = inquiry();
      const { id } = await send(body);
      await dispatchDueMail(t.deps);
      expect(
        mailsFor(id)
          .flatMap((m) => m.to)
          .sort(),
      ).toEqual(["chief@clinic.test", "desk@clinic.test"]);
      expect(smtp.messages.some((m) => m.to.includes(body.email))).toBe(false);
    } finally {
      await t.request("/api/admin/settings", {
        method: "PUT",
        json: { mail: { enabled: true, acknowledgement: true, overdueReminders: true } },
        cookie: chiefCookie,
      });
      await t.request("/api/admin/account/notifications", { method: "PUT", json: { newInquiries: false }, cookie: staffCookie });
    }
  });

  it("with mail turned off in Settings, an inquiry is saved and queues nothing", async () => {
    await t.request("/api/admin/settings", {
      method: "PUT",
      json: { mail: { enabled: false, acknowledgement: true, overdueReminders: true } },
      cookie: chiefCookie,
    });
    try {
      const { id } = await send(inquiry());
      expect(await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id))).toHaveLength(0);
    } finally {
      await t.request("/api/admin/settings", {
        method: "PUT",
        json: { mail: { enabled: true, acknowledgement: true, overdueReminders: true } },
        cookie: chiefCookie,
      });
    }
  });
});

describe("spam without a CAPTCHA", () => {
  it("a filled honeypot, a form sent too fast, no token or a forged one: the same answer, stored as Spam, no mail", async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ["honeypot", { website: "http://spam.example" }],
      ["too_fast", { formToken: t.formToken(500) }],
      ["no_token", { formToken: undefined }],
      ["bad_token", { formToken: `${t.formToken().split(".")[0]}.forged` }],
    ];
    const real = await (await t.request("/api/contact", { json: inquiry(), ip: "198.51.100.200" })).json();
    for (const [reason, change] of cases) {
      const res = await t.request("/api/contact", { json: inquiry(change), ip: `198.51.100.${210 + run}` });
      expect(res.status).toBe(201);
      const answer = await res.json();
      expect(Object.keys(answer).sort()).toEqual(Object.keys(real).sort());
      const [row] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, answer.id));
      expect(row).toMatchObject({ status: "spam", spamReason: reason });
      expect(await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, answer.id))).toHaveLength(0);
    }
  });

  it("a token from GET /api/contact/form-token, used 2 seconds later, is a person's", async () => {
    const res = await t.request("/api/contact/form-token");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { formToken } = await res.json();
    expect(formToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const early = await send(inquiry({ formToken }));
    expect((await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, early.id)))[0]!.spamReason).toBe("too_fast");
    const { id } = await send(inquiry({ formToken: t.formToken(2_100) }));
    expect((await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0]).toMatchObject({
      status: "new",
      spamReason: null,
    });
  });
});

describe("the overdue reminder", () => {
  it("an inquiry still New 24 hours after arrival sends one reminder, to its assignee or else to the recipients", async () => {
    const assignee = await t.createAdmin({ email: "assignee@clinic.test" });
    const assigned = await t.addInquiry({ createdAt: new Date(Date.now() - 25 * HOUR), assigneeId: assignee.id });
    const unassigned = await t.addInquiry({ createdAt: new Date(Date.now() - 26 * HOUR) });
    const fresh = await t.addInquiry({ createdAt: new Date(Date.now() - 23 * HOUR) });
    const answered = await t.addInquiry({ createdAt: new Date(Date.now() - 30 * HOUR), status: "contacted" });
    expect(await queueOverdueReminders(t.deps)).toBeGreaterThanOrEqual(2);
    expect(await queueOverdueReminders(t.deps)).toBe(0);
    await dispatchDueMail(t.deps);
    const reminders = (id: number) => mailsFor(id).filter((m) => m.subject === "Reminder: an inquiry is still waiting for a reply");
    expect(reminders(assigned.id).flatMap((m) => m.to)).toEqual(["assignee@clinic.test"]);
    expect(reminders(unassigned.id).flatMap((m) => m.to)).toEqual(["chief@clinic.test"]);
    expect(reminders(fresh.id)).toHaveLength(0);
    expect(reminders(answered.id)).toHaveLength(0);
    expect(reminders(assigned.id)[0]!.text).toContain("is still New after 24 hours");
    expect(reminders(assigned.id)[0]!.text).not.toContain(assigned.name);
  });
});

describe("a mail server that is down", () => {
  it("down for 30 s and then back: tried again after 10 s, then 20 s, then 40 s; every notification arrives exactly once, and the portal says since when mail failed", async () => {
    await smtp.stop();
    let down = true;
    const ids = [(await send(inquiry())).id, (await send(inquiry())).id, (await send(inquiry())).id];
    const rows = async () =>
      (
        await t.deps.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.submissionId} in (${sql.join(ids, sql`, `)})`)
      ).sort((a, b) => a.id - b.id);
    const queued = await rows();
    expect(queued).toHaveLength(6); // the chief's notice and the acknowledgement, for each
    // The outbox's clock, moved by this test: the server's own waits (10 s after a first failure,
    // doubling) pass at once, and every time the outbox writes is known exactly. It starts when the
    // last message was queued (the database's clock, in microseconds: the next millisecond), so all six are due.
    let now = Math.max(...queued.map((row) => row.nextAttemptAt.getTime())) + 1;
    const downSince = new Date(now).toISOString();
    const stop = startMailDispatcher(t.deps, { ...DEFAULT_MAIL_TIMING, pollMs: 20, now: () => new Date(now) });
    const attempts = async () => (await rows()).map((row) => row.attempts);
    const settled = { timeout: 15_000, interval: 20 };
    try {
      // Down: each message is tried once and waits 10 s; then 20 s; then 40 s. While the clock stands
      // still nothing is tried again, so the counts cannot run ahead of the clock.
      for (const [tries, wait] of [
        [1, 10_000],
        [2, 20_000],
        [3, 40_000],
      ] as const) {
        await expect.poll(attempts, settled).toEqual(Array(6).fill(tries));
        for (const row of await rows()) {
          expect(row.nextAttemptAt.getTime(), `outbox ${row.id} after ${tries} tries`).toBe(now + wait);
          expect(row.sentAt).toBeNull();
          expect(row.lastError).toMatch(/connection was refused/);
        }
        if (tries < 3) now += wait; // 10 s, then 30 s after the first failure
      }
      const status = await (await t.request("/api/admin/settings/mail-status", { cookie: chiefCookie })).json();
      expect(status.failingSince).toBe(downSince);
      expect(status.lastError).toMatch(/connection was refused/);
      expect(status.waiting).toBeGreaterThanOrEqual(6);
      const messageIds = queued.map((row) => `<outbox-${row.id}@clinic.test>`);
      expect(smtp.messages.filter((m) => messageIds.includes(m.messageId))).toEqual([]);

      // Back: at the next retry every message goes out, once.
      await smtp.start();
      down = false;
      now += 40_000;
      await expect.poll(async () => (await rows()).every((row) => row.sentAt !== null), settled).toBe(true);
      for (const messageId of messageIds)
        expect(
          smtp.messages.filter((m) => m.messageId === messageId),
          messageId,
        ).toHaveLength(1);
      for (const row of await rows())
        expect({ attempts: row.attempts, sentAt: row.sentAt?.getTime(), lastError: row.lastError }).toEqual({
          attempts: 4,
          sentAt: now,
          lastError: null,
        });
      const after = await (await t.request("/api/admin/settings/mail-status", { cookie: chiefCookie })).json();
      expect(after).toMatchObject({ failingSince: null, lastError: null, configured: true, lastSentAt: new Date(now).toISOString() });
    } finally {
      await stop();
      if (down) await smtp.start(); // for the tests after this one
    }
  });
});

describe("Send test e-mail", () => {
  it("sends, or says the mail server's error in plain words", async () => {
    const ok = await t.request("/api/admin/settings/test-mail", { json: { to: "check@clinic.test" }, cookie: chiefCookie });
    expect(await ok.json()).toEqual({ sent: true });
    expect(smtp.messages.some((m) => m.to.includes("check@clinic.test") && m.subject.startsWith("Test e-mail"))).toBe(true);

    const down = await startSmtpServer();
    await down.stop();
    const refused = await createTestApp({ smtpUrl: down.url(), mailTiming: FAST });
    // A password travels only inside STARTTLS (requireTLS for smtp:// with credentials): this server offers it.
    const tls = selfSignedCertificate();
    const guarded = await startSmtpServer({ auth: { user: "clinic", pass: "right-password" }, tls });
    const wrongPassword = await createTestApp({
      smtpUrl: `smtp://clinic:wrong-password@127.0.0.1:${guarded.port}`,
      smtpCa: tls.cert,
      mailTiming: FAST,
    });
    try {
      const admin = await refused.createAdmin({ role: "super_admin", email: "a@clinic.test" });
      const answer = await (
        await refused.request("/api/admin/settings/test-mail", { json: {}, cookie: await refused.cookieFor(admin) })
      ).json();
      expect(answer).toEqual({
        sent: false,
        error: `Could not connect to the mail server at 127.0.0.1:${down.port}: the connection was refused. Is the mail server running, and is SMTP_URL right?`,
      });
      const other = await wrongPassword.createAdmin({ role: "super_admin", email: "b@clinic.test" });
      const denied = await (
        await wrongPassword.request("/api/admin/settings/test-mail", { json: {}, cookie: await wrongPassword.cookieFor(other) })
      ).json();
      expect(denied.sent).toBe(false);
      expect(denied.error).toMatch(/^The mail server at 127\.0\.0\.1:\d+ refused the user name or password in SMTP_URL/);
      const admin2 = await t.createAdmin({ role: "admin" });
      expect((await t.request("/api/admin/settings/test-mail", { json: {}, cookie: await t.cookieFor(admin2) })).status).toBe(403);
    } finally {
      await refused.close();
      await wrongPassword.close();
      await guarded.stop();
    }
  });

  it("sends an smtp:// password only inside STARTTLS: a server that does not offer it never receives the password", async () => {
    const tls = selfSignedCertificate();
    const plain = await startSmtpServer({ auth: { user: "clinic", pass: "right-password" } });
    const secured = await startSmtpServer({ auth: { user: "clinic", pass: "right-password" }, tls });
    const overPlain = await createTestApp({
      smtpUrl: `smtp://clinic:right-password@127.0.0.1:${plain.port}`,
      smtpCa: tls.cert,
      mailTiming: FAST,
    });
    const overTls = await createTestApp({
      smtpUrl: `smtp://clinic:right-password@127.0.0.1:${secured.port}`,
      smtpCa: tls.cert,
      mailTiming: FAST,
    });
    try {
      const a = await overPlain.createAdmin({ role: "super_admin", email: "plain@clinic.test" });
      const refused = await (
        await overPlain.request("/api/admin/settings/test-mail", { json: {}, cookie: await overPlain.cookieFor(a) })
      ).json();
      expect(refused).toEqual({
        sent: false,
        error: `The mail server at 127.0.0.1:${plain.port} does not offer STARTTLS, so the password in SMTP_URL was not sent. Use a server that offers STARTTLS, or smtps:// (port 465).`,
      });
      expect(plain.authAttempts).toBe(0);
      expect(plain.messages).toHaveLength(0);
      const b = await overTls.createAdmin({ role: "super_admin", email: "tls@clinic.test" });
      const sent = await (await overTls.request("/api/admin/settings/test-mail", { json: {}, cookie: await overTls.cookieFor(b) })).json();
      expect(sent).toEqual({ sent: true });
      expect(secured.authAttempts).toBe(1);
      expect(secured.messages.some((m) => m.to.includes("tls@clinic.test"))).toBe(true);
    } finally {
      await overPlain.close();
      await overTls.close();
      await plain.stop();
      await secured.stop();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances on one PostgreSQL", () => {
  it("each notification arrives once", { timeout: 120_000 }, async () => {
    // A second instance: its own app, connection pool and dispatcher, on this test file's database.
    const [current] = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const { openPostgres } = await import("../src/server/db/client");
    const handle = await openPostgres(url.toString(), auditKeyOf());
    const second = await createTestApp({
      smtpUrl: smtp.url(),
      mailTiming: FAST,
      database: { handle, drop: () => handle.close(), engine: "postgres" },
    });
    const stops = [startMailDispatcher(t.deps, FAST), startMailDispatcher(second.deps, FAST)];
    try {
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push((await send(inquiry(), i % 2 ? t : second)).id);
      const rows = () =>
        t.deps.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.submissionId} in (${sql.join(ids, sql`, `)})`);
      await expect.poll(async () => (await rows()).every((r) => r.sentAt !== null), { timeout: 60_000 }).toBe(true);
      const all = await rows();
      expect(all.length).toBeGreaterThanOrEqual(24);
      for (const row of all)
        expect(
          smtp.messages.filter((m) => m.messageId === `<outbox-${row.id}@clinic.test>`),
          `outbox ${row.id}`,
        ).toHaveLength(1);
    } finally {
      for (const stop of stops) await stop();
      await second.close();
    }
  });
});
