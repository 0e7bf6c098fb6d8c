import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "../src/shared/schemas/passkeys";
import { validateSessionToken } from "../src/server/auth/sessions";
import { hashToken } from "../src/server/auth/tokens";
import { adminActivityLog, adminPasskeys, adminSessions, adminUsers, webauthnChallenges } from "../src/server/db/schema";
import { deleteExpiredRows } from "../src/server/services/maintenance";
import { hasPasskey, startPasskeyCheck, verifyPasskeyForUser } from "../src/server/services/passkeys";
import { softAuthenticator } from "./setup/soft-authenticator";
import { createTestApp, ORIGIN, sessionCookieFrom, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Passkeys through the REST doors, on the real database, answered by a software authenticator
 * (tests/setup/soft-authenticator.ts: real P-256 signatures, "none" attestation): adding one in My
 * Account, signing in with it alone, and the refusals: another origin, an unknown passkey, a used
 * or expired challenge, no user verification, a challenge of another session; failures count toward
 * the sign-in lockout.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RP_ID = new URL(ORIGIN).hostname;
let ipCounter = 0;
/** Each test its own address, so the address's sign-in limit of one test does not reach another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

/** Adds a passkey through the two REST steps; returns the authenticator, the answer and the passkey. */
async function enrol(cookie: string, name = "Work laptop", authenticator = softAuthenticator()) {
  const start = await t.request("/api/admin/account/passkeys/options", { json: { name }, cookie });
  expect(start.status, await start.clone().text()).toBe(200);
  const { options } = await start.json();
  const response = authenticator.register(options, { origin: ORIGIN });
  const finish = await t.request("/api/admin/account/passkeys", { json: { response }, cookie });
  return { authenticator, finish, options, response };
}

async function signInOptions(ip: string) {
  const res = await t.request("/api/admin/login/passkey/options", { method: "POST", ip });
  expect(res.status).toBe(200);
  return (await res.json()) as { attemptId: string; options: { challenge: string; rpId: string } };
}

const passkeySignIn = (body: unknown, ip: string) => t.request("/api/admin/login/passkey", { json: body, ip });

async function lastActivity(adminId: number | null, action: string) {
  const where =
    adminId === null
      ? eq(adminActivityLog.action, action)
      : and(eq(adminActivityLog.adminId, adminId), eq(adminActivityLog.action, action));
  const [row] = await t.deps.db.select().from(adminActivityLog).where(where).orderBy(desc(adminActivityLog.id)).limit(1);
  return row;
}

describe("adding a passkey in My Account", () => {
  it("stores it named, lists it with its dates, logs it; the options ask for user verification and a discoverable credential", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    expect(await hasPasskey(t.deps.db, admin.id)).toBe(false);
    const { finish, options } = await enrol(cookie, "Work laptop");
    expect(options.rp.id).toBe(RP_ID);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(finish.status).toBe(201);
    const added = await finish.json();
    expect(added).toEqual({ id: expect.any(Number), name: "Work laptop", createdAt: expect.any(String), lastUsedAt: null });
    const list = await (await t.request("/api/admin/account/passkeys", { cookie })).json();
    expect(list).toEqual([added]);
    expect(await hasPasskey(t.deps.db, admin.id)).toBe(true);
    expect(await lastActivity(admin.id, "passkey_add")).toMatchObject({
      resourceType: "passkey",
      resourceId: String(added.id),
      details: { label: "Work laptop" },
    });
    // The challenge was used up.
    expect(await t.deps.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.purpose, "register"))).toEqual([]);
  });

  it("refuses an answer made for another origin, one without user verification, and a challenge used once already", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const authenticator = softAuthenticator();
    const startFor = async () =>
      (await (await t.request("/api/admin/account/passkeys/options", { json: { name: "Phone" }, cookie })).json()).options;

    const elsewhere = authenticator.register(await startFor(), { origin: "https://clinic.test.evil.example" });
    const refused = await t.request("/api/admin/account/passkeys", { json: { response: elsewhere }, cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(PASSKEY_MESSAGES.wrongSite);

    const unverified = authenticator.register(await startFor(), { origin: ORIGIN, userVerified: false });
    expect((await t.request("/api/admin/account/passkeys", { json: { response: unverified }, cookie })).status).toBe(400);

    const good = authenticator.register(await startFor(), { origin: ORIGIN });
    expect((await t.request("/api/admin/account/passkeys", { json: { response: good }, cookie })).status).toBe(201);
    const replay = await t.request("/api/admin/account/passkeys", { json: { response: good }, cookie });
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toBe(PASSKEY_MESSAGES.expired);
    expect((await t.request("/api/admin/account/passkeys", { cookie }).then((r) => r.json())).length).toBe(1);
  });

  it("takes a challenge only from the session that asked for it", async () => {
    const admin = await t.createAdmin();
    const first = await t.cookieFor(admin);
    const second = await t.cookieFor(admin);
    const { options } = await (await t.request("/api/admin/account/passkeys/options", { json: { name: "Desk" }, cookie: first })).json();
    const response = softAuthenticator().register(options, { origin: ORIGIN });
    const other = await t.request("/api/admin/account/passkeys", { json: { response }, cookie: second });
    expect(other.status).toBe(400);
    expect((await other.json()).message).toBe(PASSKEY_MESSAGES.expired);
    expect((await t.request("/api/admin/account/passkeys", { json: { response }, cookie: first })).status).toBe(201);
  });

  it("asks for a name and needs a session", async () => {
    const cookie = await t.cookieFor(await t.createAdmin());
    const blank = await t.request("/api/admin/account/passkeys/options", { json: { name: "  " }, cookie });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ fieldErrors: { name: [PASSKEY_MESSAGES.name] } });
    expect((await t.request("/api/admin/account/passkeys/options", { json: { name: "x" } })).status).toBe(401);
    expect((await t.request("/api/admin/account/passkeys")).status).toBe(401);
  });
});

describe("renaming and removing", () => {
  it("renames and removes one's own passkeys, logged; another's is not found", async () => {
    const admin = await t.createAdmin();
    const other = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const otherCookie = await t.cookieFor(other);
    const { id } = await (await enrol(cookie, "Old name")).finish.json();

    const renamed = await t.request(`/api/admin/account/passkeys/${id}`, { method: "PUT", json: { name: "Home desktop" }, cookie });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id, name: "Home desktop" });
    expect(await lastActivity(admin.id, "passkey_rename")).toMatchObject({ details: { label: "Home desktop", from: "Old name" } });

    expect((await t.request(`/api/admin/account/passkeys/${id}`, { method: "DELETE", cookie: otherCookie })).status).toBe(404);
    expect(
      (await t.request(`/api/admin/account/passkeys/${id}`, { method: "PUT", json: { name: "Mine now" }, cookie: otherCookie })).status,
    ).toBe(404);

    expect((await t.request(`/api/admin/account/passkeys/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(await lastActivity(admin.id, "passkey_remove")).toMatchObject({ resourceId: String(id), details: { label: "Home desktop" } });
    expect(await hasPasskey(t.deps.db, admin.id)).toBe(false);
    expect((await t.request(`/api/admin/account/passkeys/${id}`, { method: "DELETE", cookie })).status).toBe(404);
  });
});

describe("signing in with a passkey alone", () => {
  let admin: TestAdmin;
  let authenticator: ReturnType<typeof softAuthenticator>;
  beforeAll(async () => {
    admin = await t.createAdmin({ role: "super_admin" });
    ({ authenticator } = await enrol(await t.cookieFor(admin), "Laptop"));
  });

  it("signs in with the same session a password sign-in makes, logged as a passkey sign-in; the passkey's last use is kept", async () => {
    const ip = nextIp();
    const { attemptId, options } = await signInOptions(ip);
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(options).not.toHaveProperty("allowCredentials");
    const res = await passkeySignIn({ attemptId, response: authenticator.assert(options, { origin: ORIGIN }) }, ip);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { username: admin.username, role: "super_admin" } });
    const cookie = sessionCookieFrom(res)!;
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/);
    expect(await validateSessionToken(t.deps.db, cookie.split("=")[1]!)).toMatchObject({ user: { id: admin.id } });
    expect(await (await t.request("/api/admin/me", { cookie })).json()).toMatchObject({ username: admin.username });
    expect(await lastActivity(admin.id, "login")).toMatchObject({ details: { method: "passkey", passkey: "Laptop" }, ipAddress: ip });
    const [row] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, admin.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    expect(row!.counter).toBeGreaterThan(0);
    expect((await t.userRow(admin.id))!.lastLogin).toBeInstanceOf(Date);
  });

  it("keeps the session past the browser's closing only when asked, as a password sign-in does", async () => {
    const ip = nextIp();
    const plain = await signInOptions(ip);
    const ended = await passkeySignIn(
      { attemptId: plain.attemptId, response: authenticator.assert(plain.options, { origin: ORIGIN }) },
      ip,
    );
    expect(ended.status).toBe(200);
    expect(ended.headers.get("set-cookie")).not.toMatch(/Max-Age|Expires/i);
    const kept = await signInOptions(ip);
    const res = await passkeySignIn(
      { attemptId: kept.attemptId, response: authenticator.assert(kept.options, { origin: ORIGIN }), keepSignedIn: true },
      ip,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=43200/);
  });

  it("refuses a challenge used once already (a replayed answer), and an attempt id it never gave", async () => {
    const ip = nextIp();
    const { attemptId, options } = await signInOptions(ip);
    const response = authenticator.assert(options, { origin: ORIGIN });
    expect((await passkeySignIn({ attemptId, response }, ip)).status).toBe(200);
    const replay = await passkeySignIn({ attemptId, response }, ip);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ message: PASSKEY_MESSAGES.expired });
    expect(sessionCookieFrom(replay)).toBeNull();
    const invented = await passkeySignIn({ attemptId: "a".repeat(52), response }, ip);
    expect(invented.status).toBe(401);
    expect(await lastActivity(null, "login_failed")).toMatchObject({ details: { reason: "passkey_challenge_expired" }, adminId: null });
  });

  it("refuses an answer signed for another origin (a phishing page relaying it), logged against the account", async () => {
    const ip = nextIp();
    const { attemptId, options } = await signInOptions(ip);
    const phished = authenticator.assert(options, { origin: "https://clinic-test.example" });
    const res = await passkeySignIn({ attemptId, response: phished }, ip);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: PASSKEY_MESSAGES.wrongSite });
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await lastActivity(admin.id, "login_failed")).toMatchObject({ details: { reason: "passkey_wrong_site" }, ipAddress: ip });
  });

  it("refuses another relying party's passkey answer, and one without user verification", async () => {
    const ip = nextIp();
    const first = await signInOptions(ip);
    const otherRp = authenticator.assert(first.options, { origin: ORIGIN, rpId: "evil.example" });
    expect((await passkeySignIn({ attemptId: first.attemptId, response: otherRp }, ip)).status).toBe(401);
    const second = await signInOptions(ip);
    const unverified = authenticator.assert(second.options, { origin: ORIGIN, userVerified: false });
    const res = await passkeySignIn({ attemptId: second.attemptId, response: unverified }, ip);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: PASSKEY_MESSAGES.signInFailed });
  });

  it("refuses an unknown passkey", async () => {
    const ip = nextIp();
    const { attemptId, options } = await signInOptions(ip);
    const stranger = softAuthenticator();
    stranger.register({ challenge: "x", rp: { id: RP_ID }, user: { id: "c29tZW9uZQ" } }, { origin: ORIGIN });
    const res = await passkeySignIn({ attemptId, response: stranger.assert(options, { origin: ORIGIN }) }, ip);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: PASSKEY_MESSAGES.unknownPasskey });
    expect(await lastActivity(null, "login_failed")).toMatchObject({ details: { reason: "unknown_passkey" }, adminId: null });
  });

  it("refuses an expired challenge (the hourly housekeeping removes it too)", async () => {
    const ip = nextIp();
    const { attemptId, options } = await signInOptions(ip);
    await t.deps.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    await deleteExpiredRows(t.deps.db);
    expect(await t.deps.db.select().from(webauthnChallenges)).toEqual([]);
    expect((await passkeySignIn({ attemptId, response: authenticator.assert(options, { origin: ORIGIN }) }, ip)).status).toBe(401);
  });

  it("answers a deactivated account's passkey with the deactivated message", async () => {
    const ip = nextIp();
    const inactive = await t.createAdmin();
    const { authenticator: own } = await enrol(await t.cookieFor(inactive));
    // Deactivated as before issue 34 (a deactivation through the portal now removes the passkeys too).
    await t.deps.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, inactive.id));
    const { attemptId, options } = await signInOptions(ip);
    const res = await passkeySignIn({ attemptId, response: own.assert(options, { origin: ORIGIN }) }, ip);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/deactivated/);
  });
});

describe("a deactivated account's passkey (issue 34, item 5)", () => {
  it("is refused before anything of the passkey is written: its counter and last use stay as they were", async () => {
    const ip = nextIp();
    const inactive = await t.createAdmin();
    const { authenticator: own } = await enrol(await t.cookieFor(inactive));
    // Deactivated before issue 34, when a deactivation left the passkeys (it removes them now).
    await t.deps.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, inactive.id));
    const [before] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, inactive.id));
    const { attemptId, options } = await signInOptions(ip);
    const res = await passkeySignIn({ attemptId, response: own.assert(options, { origin: ORIGIN }) }, ip);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/deactivated/);
    const [after] = await t.deps.db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, inactive.id));
    expect({ counter: after!.counter, lastUsedAt: after!.lastUsedAt }).toEqual({
      counter: before!.counter,
      lastUsedAt: before!.lastUsedAt,
    });
  });
});

describe("a reset or a deactivation removes the account's passkeys (issue 34, item 5)", () => {
  it("a super admin's password reset removes them (logged) and ends the sessions: the passkey no longer signs in", async () => {
    const ip = nextIp();
    const owner = await t.createAdmin({ role: "super_admin" });
    const user = await t.createAdmin();
    const userCookie = await t.cookieFor(user);
    const { authenticator } = await enrol(userCookie, "Taken laptop");
    const reset = await t.request(`/api/admin/users/${user.id}/reset-password`, {
      json: { newPassword: "a-new-long-password-for-them" },
      cookie: await t.cookieFor(owner),
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await hasPasskey(t.deps.db, user.id)).toBe(false);
    expect((await t.request("/api/admin/me", { cookie: userCookie })).status).toBe(401);
    expect(await lastActivity(owner.id, "password_reset")).toMatchObject({
      resourceId: String(user.id),
      details: { passkeysRemoved: ["Taken laptop"] },
    });
    const { attemptId, options } = await signInOptions(ip);
    const res = await passkeySignIn({ attemptId, response: authenticator.assert(options, { origin: ORIGIN }) }, ip);
    expect(res.status).toBe(401);
    expect(sessionCookieFrom(res)).toBeNull();
  });

  it("a deactivation removes them (logged) and ends the sessions", async () => {
    const owner = await t.createAdmin({ role: "super_admin" });
    const user = await t.createAdmin();
    const userCookie = await t.cookieFor(user);
    await enrol(userCookie, "Desk key");
    const res = await t.request(`/api/admin/users/${user.id}`, {
      method: "PUT",
      json: { isActive: false },
      cookie: await t.cookieFor(owner),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await hasPasskey(t.deps.db, user.id)).toBe(false);
    expect((await t.request("/api/admin/me", { cookie: userCookie })).status).toBe(401);
    expect(await lastActivity(owner.id, "update")).toMatchObject({
      resourceId: String(user.id),
      details: { isActive: false, passkeysRemoved: ["Desk key"] },
    });
  });
});

describe("a passkey is a password's second step (issue 34, item 1)", () => {
  const login = (body: Record<string, unknown>, ip: string) => t.request("/api/admin/login", { json: body, ip });

  it("the password alone of an account with a passkey gets no session: a 422 asks for the passkey, whose answer signs in", async () => {
    const ip = nextIp();
    const admin = await t.createAdmin();
    const { authenticator } = await enrol(await t.cookieFor(admin), "Office key");
    const first = await login({ username: admin.username, password: admin.password }, ip);
    expect(first.status).toBe(422);
    expect(sessionCookieFrom(first)).toBeNull();
    const asked = await first.json();
    expect(asked).toMatchObject({
      requiresTwoFactor: true,
      secondFactors: ["passkey"],
      message: "Please confirm with your passkey to continue.",
    });
    expect(asked.passkeyStep.options).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(asked.passkeyStep.options.allowCredentials).toHaveLength(1);

    // A code is no second step for an account without an authenticator app: asked again, no session.
    const withCode = await login({ username: admin.username, password: admin.password, twoFactorToken: "123456" }, ip);
    expect(withCode.status).toBe(422);
    expect(sessionCookieFrom(withCode)).toBeNull();

    const response = authenticator.assert(asked.passkeyStep.options, { origin: ORIGIN });
    const second = await login(
      { username: admin.username, password: admin.password, passkey: { attemptId: asked.passkeyStep.attemptId, response } },
      ip,
    );
    expect(second.status, await second.clone().text()).toBe(200);
    expect(sessionCookieFrom(second)).not.toBeNull();
    expect(await lastActivity(admin.id, "login")).toMatchObject({
      details: { twoFactor: true, method: "password_passkey", passkey: "Office key" },
    });
    // The challenge answers once.
    const replay = await login(
      { username: admin.username, password: admin.password, passkey: { attemptId: asked.passkeyStep.attemptId, response } },
      ip,
    );
    expect(replay.status).toBe(401);
  });

  it("refuses another account's passkey and another account's challenge, each a failure of the account", async () => {
    const ip = nextIp();
    const admin = await t.createAdmin();
    const other = await t.createAdmin();
    await enrol(await t.cookieFor(admin), "Mine");
    const { authenticator: theirs } = await enrol(await t.cookieFor(other), "Theirs");
    const ask = async (who: TestAdmin) => (await (await login({ username: who.username, password: who.password }, ip)).json()).passkeyStep;

    const mine = await ask(admin);
    const foreignKey = await login(
      {
        username: admin.username,
        password: admin.password,
        passkey: { attemptId: mine.attemptId, response: theirs.assert(mine.options, { origin: ORIGIN }) },
      },
      ip,
    );
    expect(foreignKey.status).toBe(401);
    const theirStep = await ask(other);
    const foreignChallenge = await login(
      {
        username: admin.username,
        password: admin.password,
        passkey: { attemptId: theirStep.attemptId, response: theirs.assert(theirStep.options, { origin: ORIGIN }) },
      },
      ip,
    );
    expect(foreignChallenge.status).toBe(401);
    expect(await lastActivity(admin.id, "login_failed")).toMatchObject({ details: { reason: "wrong_passkey" } });
  });

  it("an account with an authenticator app and a passkey may answer with either", async () => {
    const ip = nextIp();
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    await t.enrolTwoFactor(cookie);
    const { authenticator } = await enrol(cookie, "Both");
    const asked = await (await login({ username: admin.username, password: admin.password }, ip)).json();
    expect(asked).toMatchObject({
      requiresTwoFactor: true,
      secondFactors: ["totp", "passkey"],
      message: "Please enter your 2FA code to continue.",
    });
    const response = authenticator.assert(asked.passkeyStep.options, { origin: ORIGIN });
    const byPasskey = await login(
      { username: admin.username, password: admin.password, passkey: { attemptId: asked.passkeyStep.attemptId, response } },
      ip,
    );
    expect(byPasskey.status, await byPasskey.clone().text()).toBe(200);
  });

  it("an 8-character password is allowed while the passkey follows it; removing the last passkey then asks for a new one of 15", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const { finish } = await enrol(cookie, "Only key");
    const short = await t.request("/api/admin/account/password", {
      json: { currentPassword: admin.password, newPassword: "kq8#Zp2m" },
      cookie,
    });
    expect(short.status, await short.clone().text()).toBe(200);
    expect((await t.request("/api/admin/dashboard", { cookie })).status).toBe(200);
    const { id } = await finish.json();
    expect((await t.request(`/api/admin/account/passkeys/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    // The password alone is all that is left: it must be one of 15 characters before anything else.
    expect(await (await t.request("/api/admin/me", { cookie })).json()).toMatchObject({ accountSetup: "password" });
    const gated = await t.request("/api/admin/dashboard", { cookie });
    expect(gated.status).toBe(403);
    expect(await gated.json()).toMatchObject({ requiresPasswordChange: true });
    const again = await t.request("/api/admin/account/password", {
      json: { currentPassword: "kq8#Zp2m", newPassword: "kq8#Zp2m-and-now-longer" },
      cookie,
    });
    expect(again.status, await again.clone().text()).toBe(200);
    expect((await t.request("/api/admin/dashboard", { cookie })).status).toBe(200);
  });

  it("Confirm it's you does not take the password alone from an account whose second factor is a passkey", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    await enrol(cookie, "Desk key");
    await t.deps.db
      .update(adminSessions)
      .set({ freshAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(adminSessions.id, hashToken(cookie.split("=")[1]!)));
    const refused = await t.request("/api/admin/confirm", { json: { password: admin.password }, cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      password: ["Confirm with your passkey: your password alone is not enough for this account."],
    });
    expect((await t.request("/api/admin/contact/export", { cookie })).status).toBe(403);
  });
});

describe("the sign-in lockout", () => {
  it("counts failed passkey answers toward the account's lockout: after 5, the right passkey answers 429", async () => {
    const admin = await t.createAdmin();
    const { authenticator } = await enrol(await t.cookieFor(admin));
    for (let n = 0; n < 5; n += 1) {
      const ip = nextIp();
      const { attemptId, options } = await signInOptions(ip);
      const res = await passkeySignIn({ attemptId, response: authenticator.assert(options, { origin: "https://elsewhere.example" }) }, ip);
      expect(res.status).toBe(401);
    }
    expect(await lastActivity(admin.id, "lockout")).toBeDefined();
    const ip = nextIp();
    const { attemptId, options } = await signInOptions(ip);
    const locked = await passkeySignIn({ attemptId, response: authenticator.assert(options, { origin: ORIGIN }) }, ip);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    // The password sign-in is locked too: one lockout.
    expect(
      (await t.request("/api/admin/login", { json: { username: admin.username, password: admin.password }, ip: nextIp() })).status,
    ).toBe(429);
  });

  it("counts unknown passkeys and used challenges against the address", async () => {
    const ip = nextIp();
    const stranger = softAuthenticator();
    stranger.register({ challenge: "x", rp: { id: RP_ID }, user: { id: "eA" } }, { origin: ORIGIN });
    const limit = t.deps.limits.loginIp.limit;
    for (let n = 0; n < limit; n += 1) {
      const { attemptId, options } = await signInOptions(ip);
      expect((await passkeySignIn({ attemptId, response: stranger.assert(options, { origin: ORIGIN }) }, ip)).status).toBe(401);
    }
    const { attemptId, options } = await signInOptions(ip);
    expect((await passkeySignIn({ attemptId, response: stranger.assert(options, { origin: ORIGIN }) }, ip)).status).toBe(429);
  });
});

describe("a passkey check for the signed-in user (the fresh check's passkey)", () => {
  it("verifies an answer by one of the user's own passkeys to their session's challenge, once", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const { authenticator } = await enrol(cookie, "Mine");
    const auth = (await validateSessionToken(t.deps.db, cookie.split("=")[1]!))!;
    const meta = { ip: nextIp(), userAgent: null };
    const { options } = await startPasskeyCheck(t.deps, auth);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString("base64url")]);
    const response = authenticator.assert(options, { origin: ORIGIN });
    expect(await verifyPasskeyForUser(t.deps, auth, meta, response)).toEqual({ passkey: "Mine" });
    await expect(verifyPasskeyForUser(t.deps, auth, meta, response)).rejects.toThrow(PASSKEY_MESSAGES.expired);

    // Another account's passkey does not stand for this user.
    const other = await t.createAdmin();
    const { authenticator: theirs } = await enrol(await t.cookieFor(other));
    const again = await startPasskeyCheck(t.deps, auth);
    await expect(verifyPasskeyForUser(t.deps, auth, meta, theirs.assert(again.options, { origin: ORIGIN }))).rejects.toThrow(
      PASSKEY_MESSAGES.notVerified,
    );
    expect(await lastActivity(admin.id, "identity_check_failed")).toMatchObject({ details: { reason: "passkey_check_failed" } });
  });
});

describe("Confirm it's you with a passkey", () => {
  it("a stale session's export is refused, a passkey check through the REST doors makes it fresh (logged), and the export goes", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const { authenticator } = await enrol(cookie, "Desk key");
    // Six minutes after the last check, as if signed in long ago.
    await t.deps.db
      .update(adminSessions)
      .set({ freshAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(adminSessions.id, hashToken(cookie.split("=")[1]!)));
    const refused = await t.request("/api/admin/contact/export", { cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ requiresFreshCheck: true });

    const start = await t.request("/api/admin/confirm/passkey/options", { method: "POST", cookie });
    expect(start.status, await start.clone().text()).toBe(200);
    const { options } = await start.json();
    // An answer made on another origin does not count, and the challenge is spent.
    const forged = await t.request("/api/admin/confirm/passkey", {
      json: { response: authenticator.assert(options, { origin: "https://elsewhere.example" }) },
      cookie,
    });
    expect(forged.status).toBe(400);
    expect((await t.request("/api/admin/contact/export", { cookie })).status).toBe(403);

    const again = await (await t.request("/api/admin/confirm/passkey/options", { method: "POST", cookie })).json();
    const passed = await t.request("/api/admin/confirm/passkey", {
      json: { response: authenticator.assert(again.options, { origin: ORIGIN }) },
      cookie,
    });
    expect(passed.status, await passed.clone().text()).toBe(200);
    expect(new Date((await passed.json()).freshUntil).getTime()).toBeGreaterThan(Date.now());
    expect(await lastActivity(admin.id, "fresh_check")).toMatchObject({ details: { method: "passkey", passkey: "Desk key" } });
    expect((await t.request("/api/admin/contact/export", { cookie })).status).toBe(200);
  });

  it("an account without a passkey is told so", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const res = await t.request("/api/admin/confirm/passkey/options", { method: "POST", cookie });
    expect(res.status).toBe(400);
  });
});
