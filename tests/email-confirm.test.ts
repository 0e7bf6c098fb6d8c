import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActivityLog, adminUsers, mailOutbox } from "../src/server/db/schema";
import { DEFAULT_MAIL_TIMING } from "../src/server/mail/timing";
import { EMAIL_CONFIRM_MESSAGES } from "../src/server/services/own-account";
import { dispatchDueMail } from "../src/server/services/mail-outbox";
import { startSmtpServer, type TestSmtpServer } from "./setup/smtp";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * My Account's e-mail change when mail is on: the new address waits until its owner opens the link
 * mailed to it (docs/decisions/0053-passwords-and-account-setup.md). Without mail the change is saved at
 * once (tests/account-setup.test.ts).
 */
let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url(), mailTiming: { ...DEFAULT_MAIL_TIMING, pollMs: 60_000 } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const saveProfile = (cookie: string, json: Record<string, unknown>) =>
  t.request("/api/admin/account/profile", { method: "PUT", json, cookie });
const confirmEmail = (cookie: string, token: unknown) => t.request("/api/admin/account/confirm-email", { json: { token }, cookie });

/** Sends what is due and answers the confirmation mail that reached `to`, with the token in its link. */
async function mailTo(to: string) {
  await dispatchDueMail(t.deps);
  const mail = await vi.waitFor(() => {
    const found = smtp.messages.find((m) => m.to.includes(to));
    if (!found) throw new Error(`no mail to ${to} yet`);
    return found;
  });
  const link = /https?:\/\/\S+\/admin\/account\/confirm-email\?token=(\S+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { mail, token: decodeURIComponent(link![1]!) };
}

describe("a changed e-mail is confirmed by a link when mail is on", () => {
  it("the new address waits, a link goes to it, and opening it (signed in) makes it the account's e-mail", async () => {
    const staff = await t.createAdmin({ email: "old@clinic.test" });
    const cookie = await t.cookieFor(staff);
    const saved = await saveProfile(cookie, { firstName: "Ann", lastName: "Lee", email: "new@clinic.test" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual({ firstName: "Ann", lastName: "Lee", email: "old@clinic.test", pendingEmail: "new@clinic.test" });
    // Names are saved at once; the e-mail is not.
    let row = (await t.userRow(staff.id))!;
    expect(row).toMatchObject({ firstName: "Ann", lastName: "Lee", email: "old@clinic.test", pendingEmail: "new@clinic.test" });
    expect(row.pendingEmailTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await t.request("/api/admin/me", { cookie })).json()).toMatchObject({
      email: "old@clinic.test",
      pendingEmail: "new@clinic.test",
    });

    const { mail, token } = await mailTo("new@clinic.test");
    expect(mail.to).toEqual(["new@clinic.test"]);
    expect(mail.subject).toBe("Confirm your new e-mail address");
    expect(smtp.messages.some((m) => m.to.includes("old@clinic.test"))).toBe(false);
    // The database holds the token's hash only: not the token, not in the outbox either.
    const outbox = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "email_confirm"), eq(mailOutbox.recipientAdminId, staff.id)));
    expect(outbox).toHaveLength(1);
    expect(JSON.stringify(outbox[0])).not.toContain(token);
    expect(row.pendingEmailTokenHash).not.toBe(token);

    // A wrong token is refused and changes nothing.
    const wrong = await confirmEmail(cookie, "not-the-token");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: EMAIL_CONFIRM_MESSAGES.invalidLink });
    expect((await t.userRow(staff.id))!.email).toBe("old@clinic.test");
    // Another account cannot use it.
    const other = await t.createAdmin();
    expect((await confirmEmail(await t.cookieFor(other), token)).status).toBe(400);
    expect((await t.userRow(staff.id))!.email).toBe("old@clinic.test");

    const confirmed = await confirmEmail(cookie, token);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await confirmed.json()).toEqual({ firstName: "Ann", lastName: "Lee", email: "new@clinic.test", pendingEmail: null });
    row = (await t.userRow(staff.id))!;
    expect(row).toMatchObject({ email: "new@clinic.test", pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null });
    const [logged] = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(eq(adminActivityLog.adminId, staff.id))
      .orderBy(desc(adminActivityLog.id))
      .limit(1);
    expect(logged!.details).toMatchObject({ emailChanged: true, emailConfirmed: true });
    expect(JSON.stringify(logged)).not.toContain(token);

    // Used once: the same link is refused the second time.
    const used = await confirmEmail(cookie, token);
    expect(used.status).toBe(400);
    expect(await used.json()).toMatchObject({ message: EMAIL_CONFIRM_MESSAGES.invalidLink });
  }, 120_000);

  it("an expired link is refused and changes nothing; a newer change replaces the older link", async () => {
    const staff = await t.createAdmin({ email: "first@clinic.test" });
    const cookie = await t.cookieFor(staff);
    expect((await saveProfile(cookie, { email: "second@clinic.test" })).status).toBe(200);
    const { token: older } = await mailTo("second@clinic.test");
    expect((await saveProfile(cookie, { email: "third@clinic.test" })).status).toBe(200);
    const { token } = await mailTo("third@clinic.test");
    expect((await confirmEmail(cookie, older)).status).toBe(400);

    await t.deps.db
      .update(adminUsers)
      .set({ pendingEmailExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(adminUsers.id, staff.id));
    const expired = await confirmEmail(cookie, token);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: EMAIL_CONFIRM_MESSAGES.expiredLink });
    expect((await t.userRow(staff.id))!).toMatchObject({ email: "first@clinic.test", pendingEmail: "third@clinic.test" });
    // An expired change is no longer announced as waiting.
    expect(await (await t.request("/api/admin/me", { cookie })).json()).toMatchObject({ email: "first@clinic.test", pendingEmail: null });

    // Putting the old address back cancels the pending one.
    const back = await saveProfile(cookie, { email: "first@clinic.test" });
    expect(await back.json()).toMatchObject({ email: "first@clinic.test", pendingEmail: null });
    expect((await t.userRow(staff.id))!.pendingEmailTokenHash).toBeNull();
  }, 120_000);

  it("a missing token is a 400 naming it; a signed-out request is refused", async () => {
    const staff = await t.createAdmin();
    const cookie = await t.cookieFor(staff);
    const missing = await t.request("/api/admin/account/confirm-email", { json: {}, cookie });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("confirmation link is incomplete");
    expect((await t.request("/api/admin/account/confirm-email", { json: { token: "x" } })).status).toBe(401);
  }, 60_000);
});
