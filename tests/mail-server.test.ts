import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/server/auth/secret-box";
import { adminActivityLog, adminSessions, adminUsers, mailServer } from "../src/server/db/schema";
import { dispatchDueMail } from "../src/server/services/mail-outbox";
import { MAIL_SERVER_MESSAGES } from "../src/shared/schemas/settings";
import { selfSignedCertificate, startSmtpServer, type TestSmtpServer } from "./setup/smtp";
import { auditKeyOf, createTestApp, TEST_SECRET_KEY, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * The mail server set up in the portal (issue 36, Settings > E-mail): saved through its procedure with
 * the password encrypted at rest and never answered; used by the next message without a restart (here,
 * and on another instance through the cache bus); the environment's SMTP_URL and MAIL_FROM win; the
 * test message says what failed against a real SMTP server (smtp-server); and the dashboard's question,
 * whether a new inquiry is e-mailed to anyone.
 */
const PASSWORD = "Pa55-word-never-shown";

let smtp: TestSmtpServer;
let t: TestApp;
let chief: TestAdmin;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // A fresh install's environment: no SMTP_URL, no MAIL_FROM.
  t = await createTestApp({ mailFrom: null });
  chief = await t.createAdmin({ role: "super_admin", email: "chief@clinic.test", notifyNewInquiries: true });
  cookie = await t.cookieFor(chief);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

const put = (app: TestApp, body: unknown, as = cookie) =>
  app.request("/api/admin/settings/mail-server", { method: "PUT", json: body, cookie: as });
const testMail = async (app: TestApp, as = cookie, to = "check@clinic.test") =>
  (await (await app.request("/api/admin/settings/test-mail", { json: { to }, cookie: as })).json()) as { sent: boolean; error?: string };

describe("Settings > E-mail: the mail server", () => {
  it("starts with none: no mail goes out, the test message says where to set one up", async () => {
    const answer = await (await t.request("/api/admin/settings/mail-server", { cookie })).json();
    expect(answer).toEqual({
      source: "none",
      host: null,
      port: null,
      security: null,
      user: "",
      passwordSet: false,
      from: "",
      fromEnvironment: false,
    });
    expect(await testMail(t)).toEqual({
      sent: false,
      error: "No mail server is set up: enter one under Mail server above and save it, then send the test again.",
    });
    expect(await (await t.request("/api/admin/settings/mail-alerts", { cookie })).json()).toEqual({ alerted: false, reason: "no_server" });
  });

  it("stores the password encrypted, never answers it or logs it, and keeps it when a save leaves it out", async () => {
    const res = await put(t, {
      host: "smtp.example.com",
      port: 587,
      security: "starttls",
      user: "clinic@example.com",
      password: PASSWORD,
      from: "clinic@example.com",
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(PASSWORD);
    expect(JSON.parse(text)).toEqual({
      source: "settings",
      host: "smtp.example.com",
      port: 587,
      security: "starttls",
      user: "clinic@example.com",
      passwordSet: true,
      from: "clinic@example.com",
      fromEnvironment: false,
    });
    const read = await (await t.request("/api/admin/settings/mail-server", { cookie })).text();
    expect(read).not.toContain(PASSWORD);

    // At rest: the row holds a v2 ciphertext bound to its place, nothing of the password in clear.
    const [raw] = rowsOf<Record<string, unknown>>(await t.deps.db.execute(sql`select * from mail_server`));
    expect(JSON.stringify(raw)).not.toContain(PASSWORD);
    expect(String(raw!.password)).toMatch(/^v2:[0-9a-f]{8}:/);
    const box = createSecretBox(TEST_SECRET_KEY);
    expect(box.decrypt(String(raw!.password), { table: "mail_server", column: "password", id: 1 })).toBe(PASSWORD);
    expect(() => box.decrypt(String(raw!.password), { table: "mail_server", column: "password", id: 2 })).toThrow();
    // The activity log says what changed, not the password.
    const logged = await t.deps.db.select().from(adminActivityLog).where(eq(adminActivityLog.adminId, chief.id));
    const line = logged.find((entry) => entry.resourceId === "mail_server");
    expect(line?.details).toMatchObject({ label: "mail_server", host: "smtp.example.com", port: 587, passwordChanged: true });
    expect(JSON.stringify(logged)).not.toContain(PASSWORD);

    // A save without a password keeps the stored one.
    const again = await put(t, {
      host: "smtp.example.com",
      port: 2587,
      security: "starttls",
      user: "clinic@example.com",
      from: "clinic@example.com",
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ port: 2587, passwordSet: true });
    const [kept] = await t.deps.db.select().from(mailServer);
    expect(box.decrypt(kept!.password!, { table: "mail_server", column: "password", id: 1 })).toBe(PASSWORD);
  });

  it("refuses bad input with a clear message and changes nothing; a change needs a fresh check and settings.manage", async () => {
    const before = await t.deps.db.select().from(mailServer);
    const cases: Array<[unknown, string, string]> = [
      [
        { host: "smtp.example.com", port: 25, security: "none", user: "clinic", password: "x", from: "a@b.co" },
        "security",
        MAIL_SERVER_MESSAGES.passwordInClear,
      ],
      [
        { host: "smtp.example.com", port: 587, security: "starttls", user: "", password: "x", from: "a@b.co" },
        "user",
        MAIL_SERVER_MESSAGES.passwordWithoutUser,
      ],
      [{ host: "http://smtp.example.com", port: 587, security: "starttls", from: "a@b.co" }, "host", MAIL_SERVER_MESSAGES.host],
      [{ host: "smtp.example.com", port: 70000, security: "starttls", from: "a@b.co" }, "port", MAIL_SERVER_MESSAGES.port],
      [{ host: "smtp.example.com", port: 587, security: "ssl", from: "a@b.co" }, "security", MAIL_SERVER_MESSAGES.security],
      [{ host: "smtp.example.com", port: 587, security: "starttls", from: "not an address" }, "from", MAIL_SERVER_MESSAGES.from],
      // Without MAIL_FROM the sender is required.
      [{ host: "smtp.example.com", port: 587, security: "starttls", from: "" }, "from", MAIL_SERVER_MESSAGES.from],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(t, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).fieldErrors?.[field], JSON.stringify(body)).toContain(message);
    }
    // Not fresh: "Confirm it's you" first.
    await t.deps.db
      .update(adminSessions)
      .set({ freshAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(adminSessions.adminId, chief.id));
    const stale = await put(t, { host: "evil.example.com", port: 587, security: "starttls", from: "a@b.co" });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ requiresFreshCheck: true });
    // Another role: no.
    const admin = await t.createAdmin({ role: "admin" });
    expect(
      (await put(t, { host: "evil.example.com", port: 587, security: "starttls", from: "a@b.co" }, await t.cookieFor(admin))).status,
    ).toBe(403);
    expect((await t.request("/api/admin/settings/mail-server", { cookie: await t.cookieFor(admin) })).status).toBe(403);
    expect(await t.deps.db.select().from(mailServer)).toEqual(before);
    cookie = await t.cookieFor(chief);
  });

  it("is used by the next message without a restart: the test message, then an inquiry's alert", async () => {
    // The previous server (smtp.example.com) was read once; the save tells the mailer to read again.
    expect((await t.deps.mail.current())?.endpoint.host).toBe("smtp.example.com");
    const saved = await put(t, { host: "127.0.0.1", port: smtp.port, security: "none", user: "", from: "front-desk@clinic.test" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ passwordSet: false, user: "" });

    expect(await testMail(t)).toEqual({ sent: true });
    const test = smtp.messages.find((m) => m.to.includes("check@clinic.test"));
    expect(test?.from).toBe("front-desk@clinic.test");
    expect(test?.subject).toMatch(/^Test e-mail/);

    expect(await (await t.request("/api/admin/settings/mail-alerts", { cookie })).json()).toEqual({ alerted: true, reason: null });
    const inquiry = await t.request("/api/contact", {
      json: {
        name: "Quinn Visitor",
        email: "quinn@example.org",
        phone: "(801) 555-0111",
        servicesInterested: ["Utah Stem Cell Therapy"],
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
      },
      ip: "198.51.100.77",
    });
    expect(inquiry.status, await inquiry.clone().text()).toBe(201);
    const { id: inquiryId } = (await inquiry.json()) as { id: number };
    await dispatchDueMail(t.deps);
    const alert = smtp.messages.find((m) => m.to.includes("chief@clinic.test") && m.text.includes(`open=${inquiryId}`));
    expect(alert?.subject).toBe("New appointment inquiry");
    expect(alert?.from).toBe("front-desk@clinic.test");
  });

  it("the dashboard's question: is a new inquiry e-mailed to anyone, and why not", async () => {
    const alerts = async () => (await t.request("/api/admin/settings/mail-alerts", { cookie })).json();
    const setMail = (enabled: boolean) =>
      t.request("/api/admin/settings", {
        method: "PUT",
        json: { mail: { enabled, acknowledgement: true, overdueReminders: true } },
        cookie,
      });
    expect((await setMail(false)).status).toBe(200);
    expect(await alerts()).toEqual({ alerted: false, reason: "mail_off" });
    expect((await setMail(true)).status).toBe(200);
    const receiving = await t.deps.db
      .update(adminUsers)
      .set({ notifyNewInquiries: false })
      .where(eq(adminUsers.notifyNewInquiries, true))
      .returning({ id: adminUsers.id });
    expect(await alerts()).toEqual({ alerted: false, reason: "no_recipient" });
    await t.deps.db
      .update(adminUsers)
      .set({ notifyNewInquiries: true })
      .where(
        sql`${adminUsers.id} in (${sql.join(
          receiving.map((r) => r.id),
          sql`, `,
        )})`,
      );
    expect(await alerts()).toEqual({ alerted: true, reason: null });
  });
});

describe("test message failures, in words that say what failed", () => {
  it("a closed port, a refused login, STARTTLS not offered, TLS on a plain port, a refused sender", async () => {
    const tls = selfSignedCertificate();
    const down = await startSmtpServer();
    await down.stop();
    const guarded = await startSmtpServer({ auth: { user: "clinic", pass: "right-password" }, tls });
    const plain = await startSmtpServer({ auth: { user: "clinic", pass: "right-password" } });
    const app = await createTestApp({ mailFrom: null, smtpCa: tls.cert });
    try {
      const owner = await app.createAdmin({ role: "super_admin", email: "owner@clinic.test" });
      const as = await app.cookieFor(owner);
      const server = (body: Record<string, unknown>) => put(app, { from: "clinic@clinic.test", user: "", ...body }, as);

      expect((await server({ host: "127.0.0.1", port: down.port, security: "none" })).status).toBe(200);
      expect(await testMail(app, as)).toEqual({
        sent: false,
        error: `Cannot connect to 127.0.0.1:${down.port}: the connection was refused. Is the mail server running, and are the host and port right?`,
      });

      expect(
        (await server({ host: "127.0.0.1", port: guarded.port, security: "starttls", user: "clinic", password: "wrong-password" })).status,
      ).toBe(200);
      const refused = await testMail(app, as);
      expect(refused.sent).toBe(false);
      expect(refused.error).toMatch(
        new RegExp(
          `^The mail server at 127\\.0\\.0\\.1:${guarded.port} refused the login: check the user name and password \\(it answered: 535 `,
        ),
      );
      expect(refused.error).not.toMatch(/\n\s+at /); // no stack trace

      // The right password: sent (through STARTTLS).
      expect(
        (await server({ host: "127.0.0.1", port: guarded.port, security: "starttls", user: "clinic", password: "right-password" })).status,
      ).toBe(200);
      expect(await testMail(app, as)).toEqual({ sent: true });

      expect(
        (await server({ host: "127.0.0.1", port: plain.port, security: "starttls", user: "clinic", password: "right-password" })).status,
      ).toBe(200);
      expect(await testMail(app, as)).toEqual({
        sent: false,
        error:
          `The mail server at 127.0.0.1:${plain.port} does not offer STARTTLS, so nothing was sent. Choose TLS (usually port 465), ` +
          `or None if the server takes mail without a password.`,
      });
      expect(plain.authAttempts).toBe(0);

      expect(
        (await server({ host: "127.0.0.1", port: plain.port, security: "tls", user: "clinic", password: "right-password" })).status,
      ).toBe(200);
      const tlsFailed = await testMail(app, as);
      expect(tlsFailed.error).toBe(
        `TLS failed with 127.0.0.1:${plain.port} (wrong version number: the server does not speak TLS on this port). ` +
          `Check the security: port 465 usually takes TLS, port 587 STARTTLS.`,
      );

      // A sender the provider does not take: refused at MAIL FROM, in its words.
      const picky = await startSmtpServer({ refuseSenders: ["clinic@clinic.test"] });
      try {
        expect((await server({ host: "127.0.0.1", port: picky.port, security: "none" })).status).toBe(200);
        expect(await testMail(app, as)).toEqual({
          sent: false,
          error:
            `The mail server at 127.0.0.1:${picky.port} refused the sender's address: check the sender (it answered: ` +
            `553 Sender address rejected: not owned by user).`,
        });
      } finally {
        await picky.stop();
      }
      expect(
        (await server({ host: "127.0.0.1", port: plain.port, security: "tls", user: "clinic", password: "right-password" })).status,
      ).toBe(200);
      expect((await testMail(app, as)).error).toBe(tlsFailed.error);

      // The settings screen's status shows the last failure; a new server clears it.
      const status = await (await app.request("/api/admin/settings/mail-status", { cookie: as })).json();
      expect(status.lastError).toBe(tlsFailed.error);
      expect(
        (await server({ host: "127.0.0.1", port: guarded.port, security: "starttls", user: "clinic", password: "right-password" })).status,
      ).toBe(200);
      expect(await (await app.request("/api/admin/settings/mail-status", { cookie: as })).json()).toMatchObject({
        lastError: null,
        failingSince: null,
      });
    } finally {
      await app.close();
      await guarded.stop();
      await plain.stop();
    }
  });
});

describe("the environment wins where set", () => {
  it("SMTP_URL: the form shows it read-only (never its password), a save is refused and nothing is stored", async () => {
    const app = await createTestApp({ smtpUrl: `smtp://clinic:env-secret@127.0.0.1:${smtp.port}`, mailFrom: "env@clinic.test" });
    try {
      const owner = await app.createAdmin({ role: "super_admin", email: "owner@clinic.test" });
      const as = await app.cookieFor(owner);
      const read = await (await app.request("/api/admin/settings/mail-server", { cookie: as })).text();
      expect(read).not.toContain("env-secret");
      expect(JSON.parse(read)).toEqual({
        source: "environment",
        host: "127.0.0.1",
        port: smtp.port,
        security: "starttls",
        user: "clinic",
        passwordSet: true,
        from: "env@clinic.test",
        fromEnvironment: true,
      });
      const res = await put(app, { host: "smtp.example.com", port: 587, security: "starttls", from: "a@b.co" }, as);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toMatch(/^The server's environment sets the mail server \(SMTP_URL\), and it wins/);
      expect(await app.deps.db.select().from(mailServer)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("MAIL_FROM: the portal's server sends from it, whatever the form's sender", async () => {
    const app = await createTestApp({ mailFrom: "Clinic <env-sender@clinic.test>" });
    try {
      const owner = await app.createAdmin({ role: "super_admin", email: "owner@clinic.test" });
      const as = await app.cookieFor(owner);
      const res = await put(app, { host: "127.0.0.1", port: smtp.port, security: "none", from: "" }, as);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ source: "settings", from: "Clinic <env-sender@clinic.test>", fromEnvironment: true });
      expect(await testMail(app, as, "from-check@clinic.test")).toEqual({ sent: true });
      expect(smtp.messages.find((m) => m.to.includes("from-check@clinic.test"))?.from).toBe("env-sender@clinic.test");
    } finally {
      await app.close();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances on one PostgreSQL", () => {
  it("a save on one is used by the other's next message, without a restart", async () => {
    const [current] = rowsOf<{ name: string }>(await t.deps.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const { openPostgres } = await import("../src/server/db/client");
    const handle = await openPostgres(url.toString(), auditKeyOf());
    const second = await createTestApp({ mailFrom: null, database: { handle, drop: () => handle.close(), engine: "postgres" } });
    const stops = [await t.deps.cacheBus.connect(t.deps.database), await second.deps.cacheBus.connect(second.deps.database)];
    try {
      // The second instance has read the server in force (the one saved above) and keeps it.
      expect((await second.deps.mail.current())?.endpoint).toEqual({ host: "127.0.0.1", port: smtp.port, source: "settings" });
      const other = await startSmtpServer();
      try {
        expect((await put(t, { host: "127.0.0.1", port: other.port, security: "none", from: "second@clinic.test" })).status).toBe(200);
        await expect.poll(async () => (await second.deps.mail.current())?.endpoint.port, { timeout: 10_000 }).toBe(other.port);
        const owner = await second.createAdmin({ role: "super_admin", email: "owner2@clinic.test" });
        expect(await testMail(second, await second.cookieFor(owner), "via-second@clinic.test")).toEqual({ sent: true });
        expect(other.messages.some((m) => m.to.includes("via-second@clinic.test") && m.from === "second@clinic.test")).toBe(true);
      } finally {
        await other.stop();
      }
    } finally {
      for (const stop of stops) await stop();
      await second.close();
    }
  });
});
