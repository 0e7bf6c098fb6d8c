import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { totpCodeAt } from "../src/server/auth/totp";
import { verificationCounts } from "../src/server/auth/verification-counts";
import { adminSessions } from "../src/server/db/schema";
import { createTestApp, sessionCookieFrom, type TestAdmin, type TestApp } from "./setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const login = (body: Record<string, unknown>, ip = "203.0.113.10") => t.request("/api/admin/login", { json: body, ip });

/** Moves the clock to the next 30-second TOTP step (Date only; timers stay real). */
function nextTotpStep(steps = 1) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + steps * 30_000);
}

describe("sign-in with a password", () => {
  it("signs in, sets an HttpOnly SameSite=Strict session cookie, and /api/admin/me answers username and role", async () => {
    const admin = await t.createAdmin({ role: "super_admin" });
    const res = await login({ username: admin.username, password: admin.password });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { username: admin.username, role: "super_admin" } });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = sessionCookieFrom(res)!;
    const me = await t.request("/api/admin/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: admin.username, role: "super_admin", twoFactorEnabled: false });
    expect((await t.userRow(admin.id))!.lastLogin).toBeInstanceOf(Date);
  });

  it("matches the username without regard to case", async () => {
    const admin = await t.createAdmin({ username: "CaseSensitive" });
    expect((await login({ username: "casesensitive", password: admin.password })).status).toBe(200);
  });

  it("answers the same 401 for a wrong password and for an unknown user", async () => {
    const admin = await t.createAdmin();
    const wrong = await login({ username: admin.username, password: "not-the-password" });
    const unknown = await login({ username: "nobody-here", password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid credentials" });
    expect(await unknown.json()).toEqual({ message: "Invalid credentials" });
    expect(sessionCookieFrom(wrong)).toBeNull();
  });

  it("spends the same work on an unknown user as on a wrong password: one password verification each", async () => {
    // The timing property itself, counted instead of timed: without the dummy hash an unknown user
    // would cost no verification at all (and answer in about 1 ms instead of about 25).
    const admin = await t.createAdmin();
    const verificationsFor = async (body: Record<string, unknown>) => {
      const before = verificationCounts.passwords;
      expect((await login(body, "203.0.113.99")).status).toBe(401);
      return verificationCounts.passwords - before;
    };
    expect(await verificationsFor({ username: admin.username, password: "xx-wrong-1" })).toBe(1);
    expect(await verificationsFor({ username: "ghost-a", password: "xx-wrong-1" })).toBe(1);
  });

  it("names the missing field with the spec's messages", async () => {
    const res = await login({ username: "", password: "" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("Username is required");
    expect(body.fieldErrors.password).toEqual(["Password is required"]);
  });

  it("locks the account after 5 failures: 429 with Retry-After, even with the right password", async () => {
    const admin = await t.createAdmin();
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: admin.username, password: `wrong-${i}` }, `203.0.113.${20 + i}`)).status).toBe(401);
    }
    const locked = await login({ username: admin.username, password: admin.password }, "203.0.113.40");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect((await locked.json()).message).toMatch(/locked.*try again in 15 minutes/i);
    expect(sessionCookieFrom(locked)).toBeNull();

    // After 15 minutes the right password works again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await login({ username: admin.username, password: admin.password }, "203.0.113.41")).status).toBe(200);
  });

  it("locks unknown usernames the same way, so a lockout does not reveal which accounts exist", async () => {
    for (let i = 0; i < 5; i++) await login({ username: "not-a-user", password: `wrong-${i}` }, `203.0.113.${60 + i}`);
    expect((await login({ username: "not-a-user", password: "wrong" }, "203.0.113.70")).status).toBe(429);
  });

  it("logs sign-ins, failures and lockouts in the activity log without the password", async () => {
    const admin = await t.createAdmin();
    for (let i = 0; i < 5; i++) await login({ username: admin.username, password: `secret-guess-${i}` }, `203.0.113.${80 + i}`);
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const res = await t.request(`/api/admin/activity?adminId=${admin.id}&pageSize=20`, { cookie: await t.cookieFor(superAdmin) });
    const log = await res.json();
    const actions = log.items.map((entry: { action: string }) => entry.action);
    expect(actions.filter((a: string) => a === "login_failed")).toHaveLength(5);
    expect(actions).toContain("lockout");
    expect(log.items[0].ipAddress).toMatch(/^203\.0\.113\./);
    expect(JSON.stringify(log)).not.toContain("secret-guess");
  });
});

describe("per-address sign-in limit", () => {
  it("refuses further attempts from an address after too many failures, whatever the username", async () => {
    const limited = await createTestApp({ limits: { loginIp: { limit: 3, windowMs: 60_000, blockMs: 60_000 } } });
    try {
      const admin = await limited.createAdmin();
      for (let i = 0; i < 3; i++) {
        await limited.request("/api/admin/login", { json: { username: `user${i}`, password: "wrong-pass" }, ip: "192.0.2.50" });
      }
      const blocked = await limited.request("/api/admin/login", {
        json: { username: admin.username, password: admin.password },
        ip: "192.0.2.50",
      });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toBeTruthy();
      const elsewhere = await limited.request("/api/admin/login", {
        json: { username: admin.username, password: admin.password },
        ip: "192.0.2.51",
      });
      expect(elsewhere.status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("two-factor sign-in", () => {
  let admin: TestAdmin;
  let key: Uint8Array;
  let backupCodes: string[];

  beforeAll(async () => {
    admin = await t.createAdmin();
    ({ key, backupCodes } = await t.enrolTwoFactor(await t.cookieFor(admin)));
  });

  it("returns 10 backup codes once and stores the TOTP key encrypted", async () => {
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const row = await t.userRow(admin.id);
    expect(row!.twoFactorEnabled).toBe(true);
    expect(row!.twoFactorSecret).toMatch(/^v2:[0-9a-f]{8}:/);
  });

  it("setup answers the key, an otpauth URL and a QR code of it", async () => {
    const other = await t.createAdmin();
    const setup = await t.request("/api/admin/2fa/setup", { method: "POST", cookie: await t.cookieFor(other) });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = await setup.json();
    expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.+secret=${secret}`));
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it("asks for the second factor with 422 and requiresTwoFactor, and sets no cookie", async () => {
    const res = await login({ username: admin.username, password: admin.password });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      message: "Please enter your 2FA code to continue.",
      requiresTwoFactor: true,
      secondFactors: ["totp"],
    });
    expect(sessionCookieFrom(res)).toBeNull();
  });

  it("refuses a wrong code, accepts a good one, and refuses the same code replayed", async () => {
    nextTotpStep();
    const wrongCode = totpCodeAt(key) === "000000" ? "111111" : "000000";
    const wrong = await login({ username: admin.username, password: admin.password, twoFactorToken: wrongCode });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid 2FA code");

    const code = totpCodeAt(key);
    const good = await login({ username: admin.username, password: admin.password, twoFactorToken: code });
    expect(good.status).toBe(200);
    expect(sessionCookieFrom(good)).toBeTruthy();

    const replay = await login({ username: admin.username, password: admin.password, twoFactorToken: code });
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toMatch(/already been used/);
    expect(sessionCookieFrom(replay)).toBeNull();
  });

  it("accepts a backup code once and refuses its second use", async () => {
    const code = backupCodes[0]!;
    const first = await login({ username: admin.username, password: admin.password, backupCode: code.toUpperCase() });
    expect(first.status).toBe(200);
    const second = await login({ username: admin.username, password: admin.password, backupCode: code });
    expect(second.status).toBe(401);
    expect((await second.json()).message).toBe("Invalid backup code");
    const me = await t.request("/api/admin/me", { cookie: sessionCookieFrom(first)! });
    expect((await me.json()).backupCodesRemaining).toBe(9);
  });

  it("refuses a second enrolment while 2FA is on", async () => {
    const res = await t.request("/api/admin/2fa/setup", { method: "POST", cookie: await t.cookieFor(admin) });
    expect(res.status).toBe(409);
  });
});

describe("account security of the signed-in user", () => {
  it("turning 2FA on ends the user's other sessions and keeps the current one", async () => {
    const admin = await t.createAdmin();
    const current = await t.cookieFor(admin);
    const other = await t.cookieFor(admin);
    await t.enrolTwoFactor(current);
    expect((await t.request("/api/admin/me", { cookie: current })).status).toBe(200);
    expect((await t.request("/api/admin/me", { cookie: other })).status).toBe(401);
  });

  it("turning 2FA off needs the password, then removes the key and the backup codes", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const { backupCodes } = await t.enrolTwoFactor(cookie);
    const refused = await t.request("/api/admin/2fa/disable", { json: { password: "wrong-password" }, cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Password is incorrect");
    const ok = await t.request("/api/admin/2fa/disable", { json: { password: admin.password }, cookie });
    expect(ok.status).toBe(200);
    const row = await t.userRow(admin.id);
    expect(row!.twoFactorEnabled).toBe(false);
    expect(row!.twoFactorSecret).toBeNull();
    // Plain password sign-in again; old backup codes are gone.
    expect((await login({ username: admin.username, password: admin.password })).status).toBe(200);
    const withOldCode = await login({ username: admin.username, password: admin.password, backupCode: backupCodes[1] });
    expect(withOldCode.status).toBe(200); // 2FA is off: the code is not asked for and not checked
  });

  it("changing one's own password needs the current one and ends the other sessions only", async () => {
    const admin = await t.createAdmin();
    const current = await t.cookieFor(admin);
    const other = await t.cookieFor(admin);
    const wrong = await t.request("/api/admin/account/password", {
      json: { currentPassword: "nope-nope", newPassword: "a-brand-new-password" },
      cookie: current,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Current password is incorrect");
    const short = await t.request("/api/admin/account/password", {
      json: { currentPassword: admin.password, newPassword: "short" },
      cookie: current,
    });
    expect((await short.json()).message).toBe("Password must be at least 8 characters");
    const ok = await t.request("/api/admin/account/password", {
      json: { currentPassword: admin.password, newPassword: "a-brand-new-password" },
      cookie: current,
    });
    expect(ok.status).toBe(200);
    expect((await t.request("/api/admin/me", { cookie: current })).status).toBe(200);
    expect((await t.request("/api/admin/me", { cookie: other })).status).toBe(401);
    expect((await login({ username: admin.username, password: "a-brand-new-password" })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("logout at POST /admin/api/logout deletes the session row; the cookie no longer works", async () => {
    const admin = await t.createAdmin();
    const res = await login({ username: admin.username, password: admin.password });
    const cookie = sessionCookieFrom(res)!;
    const out = await t.request("/admin/api/logout", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/clinic_session=;.*Max-Age=0/);
    expect((await t.request("/api/admin/me", { cookie })).status).toBe(401);
    const rows = await t.deps.db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id));
    expect(rows).toHaveLength(0);
  });

  it("POST /api/admin/logout does the same", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    expect((await t.request("/api/admin/logout", { method: "POST", cookie })).status).toBe(200);
    expect((await t.request("/api/admin/me", { cookie })).status).toBe(401);
  });

  it("a new session at every sign-in", async () => {
    const admin = await t.createAdmin();
    const a = sessionCookieFrom(await login({ username: admin.username, password: admin.password }));
    const b = sessionCookieFrom(await login({ username: admin.username, password: admin.password }));
    expect(a).not.toEqual(b);
  });

  it("ends after 30 minutes idle", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await t.request("/api/admin/me", { cookie })).status).toBe(200);
    vi.setSystemTime(Date.now() + 29 * 60_000); // activity above moved the idle clock
    expect((await t.request("/api/admin/me", { cookie })).status).toBe(200);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await t.request("/api/admin/me", { cookie })).status).toBe(401);
  });

  it("ends after 12 hours even when active", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    for (let hour = 1; hour < 12 * 4; hour++) {
      vi.setSystemTime(start + hour * 15 * 60_000);
      expect((await t.request("/api/admin/me", { cookie })).status).toBe(200);
    }
    vi.setSystemTime(start + 12 * 60 * 60_000 + 1000);
    expect((await t.request("/api/admin/me", { cookie })).status).toBe(401);
  });

  it("answers 401 on admin routes without a session", async () => {
    for (const path of ["/api/admin/me", "/api/admin/services", "/api/admin/contact", "/api/admin/dashboard"]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ message: "Not signed in" });
    }
  });
});

describe("admin user management: resets, deactivation and roles", () => {
  it("a password reset turns 2FA off and ends all of that user's sessions", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const staff = await t.createAdmin();
    const staffCookie = await t.cookieFor(staff);
    await t.enrolTwoFactor(staffCookie);
    const staffCookie2 = await t.cookieFor(staff);
    const res = await t.request(`/api/admin/users/${staff.id}/reset-password`, {
      json: { newPassword: "reset-by-super-admin" },
      cookie: await t.cookieFor(superAdmin),
    });
    expect(res.status).toBe(200);
    expect((await t.request("/api/admin/me", { cookie: staffCookie })).status).toBe(401);
    expect((await t.request("/api/admin/me", { cookie: staffCookie2 })).status).toBe(401);
    expect((await t.userRow(staff.id))!.twoFactorEnabled).toBe(false);
    // The new password signs in without a second step.
    expect((await login({ username: staff.username, password: "reset-by-super-admin" })).status).toBe(200);
  });

  it("deactivating a user ends their sessions and refuses their sign-in", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const staff = await t.createAdmin();
    const staffCookie = await t.cookieFor(staff);
    const res = await t.request(`/api/admin/users/${staff.id}`, {
      method: "PUT",
      json: { isActive: false },
      cookie: await t.cookieFor(superAdmin),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).isActive).toBe(false);
    expect((await t.request("/api/admin/me", { cookie: staffCookie })).status).toBe(401);
    const again = await login({ username: staff.username, password: staff.password });
    expect(again.status).toBe(401);
    expect((await again.json()).message).toMatch(/deactivated/);
  });

  it("changing a user's role ends their sessions", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const staff = await t.createAdmin();
    const staffCookie = await t.cookieFor(staff);
    await t.request(`/api/admin/users/${staff.id}`, {
      method: "PUT",
      json: { role: "super_admin" },
      cookie: await t.cookieFor(superAdmin),
    });
    expect((await t.request("/api/admin/me", { cookie: staffCookie })).status).toBe(401);
  });

  it("an update that changes neither role nor status keeps the user's sessions", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const staff = await t.createAdmin();
    const staffCookie = await t.cookieFor(staff);
    await t.request(`/api/admin/users/${staff.id}`, { method: "PUT", json: { firstName: "Pat" }, cookie: await t.cookieFor(superAdmin) });
    expect((await t.request("/api/admin/me", { cookie: staffCookie })).status).toBe(200);
  });

  it("a super admin cannot delete or deactivate themself", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const cookie = await t.cookieFor(superAdmin);
    const del = await t.request(`/api/admin/users/${superAdmin.id}`, { method: "DELETE", cookie });
    expect(del.status).toBe(400);
    expect((await del.json()).message).toBe("You cannot delete your own account");
    const deact = await t.request(`/api/admin/users/${superAdmin.id}`, { method: "PUT", json: { isActive: false }, cookie });
    expect(deact.status).toBe(400);
    expect((await deact.json()).message).toBe("You cannot deactivate your own account");
  });

  it("the last active super admin can be neither demoted nor removed", async () => {
    const solo = await createTestApp();
    try {
      const only = await solo.createAdmin({ role: "super_admin" });
      const cookie = await solo.cookieFor(only);
      const demote = await solo.request(`/api/admin/users/${only.id}`, { method: "PUT", json: { role: "admin" }, cookie });
      expect(demote.status).toBe(400);
      expect((await demote.json()).message).toBe("There must always be at least one active super admin");
      // With a second super admin, the first may step down.
      const second = await solo.createAdmin({ role: "super_admin" });
      const secondCookie = await solo.cookieFor(second);
      expect((await solo.request(`/api/admin/users/${only.id}`, { method: "PUT", json: { role: "admin" }, cookie })).status).toBe(200);
      // Now `second` is the last one: nobody may remove or deactivate them.
      const other = await solo.createAdmin({ role: "super_admin", isActive: false });
      const otherCookie = await solo.cookieFor(other);
      expect((await solo.request(`/api/admin/users/${second.id}`, { method: "DELETE", cookie: otherCookie })).status).toBe(401);
      expect(
        (await solo.request(`/api/admin/users/${second.id}`, { method: "PUT", json: { isActive: false }, cookie: secondCookie })).status,
      ).toBe(400);
    } finally {
      await solo.close();
    }
  });

  it("an admin gets 403 on every user-management route through REST", async () => {
    const admin = await t.createAdmin({ role: "admin" });
    const target = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/users", { username: "newbie", password: "long-enough-passphrase", role: "admin" }],
      ["PUT", `/api/admin/users/${target.id}`, { firstName: "X" }],
      ["DELETE", `/api/admin/users/${target.id}`],
      ["POST", `/api/admin/users/${target.id}/reset-password`, { newPassword: "long-enough-passphrase" }],
      ["GET", "/api/admin/activity"],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.request(path, { method, json, cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).message).toMatch(/^Access Denied/);
    }
    expect(await t.userRow(target.id)).toBeTruthy();
  });

  it("an admin gets FORBIDDEN on every user-management procedure through tRPC", async () => {
    const admin = await t.createAdmin({ role: "admin" });
    const target = await t.createAdmin();
    const caller = await t.callerFor(admin);
    const attempts = [
      () => caller.users.list(),
      () => caller.users.create({ username: "newbie2", password: "long-enough-passphrase", role: "admin" }),
      () => caller.users.update({ id: target.id, firstName: "X" }),
      () => caller.users.delete({ id: target.id }),
      () => caller.users.resetPassword({ id: target.id, newPassword: "long-enough-passphrase" }),
      () => caller.system.activity(),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "FORBIDDEN" });
    // And over HTTP, the tRPC mount answers 403.
    const res = await t.request("/trpc/users.list", { cookie: await t.cookieFor(admin) });
    expect(res.status).toBe(403);
  });
});

describe("cross-site requests", () => {
  it("refuses a state-changing request with a foreign Origin or none, and changes nothing", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const cookie = await t.cookieFor(superAdmin);
    const before = (await (await t.request("/api/admin/social-media", { cookie })).json()).length;
    const payload = { platform: "linkedin", displayName: "LinkedIn", url: "https://www.linkedin.com/company/x" };
    const foreign = await t.request("/api/admin/social-media", { json: payload, cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const none = await t.request("/api/admin/social-media", { json: payload, cookie, origin: null });
    expect(none.status).toBe(403);
    const viaTrpc = await t.request("/trpc/socialMedia.create", { json: { json: payload }, cookie, origin: "https://evil.example" });
    expect(viaTrpc.status).toBe(403);
    const loginCsrf = await t.request("/api/admin/login", { json: { username: "x", password: "y" }, origin: "https://evil.example" });
    expect(loginCsrf.status).toBe(403);
    const after = (await (await t.request("/api/admin/social-media", { cookie })).json()).length;
    expect(after).toBe(before);
  });

  it("JSON endpoints accept only application/json", async () => {
    const res = await t.request("/api/admin/login", {
      method: "POST",
      body: "username=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
  });
});
