import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { totpCodeAt } from "../src/server/auth/totp";
import { verificationCounts } from "../src/server/auth/verification-counts";
import { MAX_TRPC_BATCH } from "../src/shared/trpc-batching";
import { createTestApp, sessionCookieFrom, type TestApp } from "./setup/test-app";

/**
 * Guesses cannot outrun the lockout: every attempt claims its slot in the database before a password
 * or a code is checked, so however the attempts arrive (in parallel, through the procedure many times
 * at once, in one tRPC batch) at most 5 failures per account, and 30 per address, are ever evaluated.
 * "Evaluated" is counted where it happens: argon2id verifications and TOTP checks.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A fresh address per call, so only the account's limit is in play unless a test says otherwise. */
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const login = (body: Record<string, unknown>, ip = freshIp()) => t.request("/api/admin/login", { json: body, ip });

function countStatuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

describe("wrong passwords in parallel", () => {
  it("50 at once: 5 are evaluated, 45 refused unevaluated, and the right password is then locked out", async () => {
    const admin = await t.createAdmin();
    const before = verificationCounts.passwords;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ username: admin.username, password: `wrong-guess-${i}` })),
    );
    expect(verificationCounts.passwords - before).toBe(5);
    expect(countStatuses(responses)).toEqual({ 401: 5, 429: 45 });

    const right = await login({ username: admin.username, password: admin.password });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(sessionCookieFrom(right)).toBeNull();
    expect(verificationCounts.passwords - before).toBe(5);
  });

  it("50 calls of the procedure at once (what a batch would carry) evaluate 5, then the right password is locked out", async () => {
    const admin = await t.createAdmin();
    const caller = await t.callerFor();
    const before = verificationCounts.passwords;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => caller.auth.login({ username: admin.username, password: `batched-guess-${i}` })),
    );
    expect(verificationCounts.passwords - before).toBe(5);
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as { code: string }).code : "OK"));
    expect(codes.filter((c) => c === "UNAUTHORIZED")).toHaveLength(5);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(45);
    await expect(caller.auth.login({ username: admin.username, password: admin.password })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("a right password among the first five signs in and forgets the earlier failures", async () => {
    const admin = await t.createAdmin();
    for (let i = 0; i < 4; i++) expect((await login({ username: admin.username, password: `nope-${i}` })).status).toBe(401);
    expect((await login({ username: admin.username, password: admin.password })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ username: admin.username, password: `nope-again-${i}` })).status).toBe(401);
    expect((await login({ username: admin.username, password: admin.password })).status).toBe(200);
  });
});

describe("a tRPC batch", () => {
  const batchOf = (path: string, count: number, input: (i: number) => unknown) => {
    const paths = Array.from({ length: count }, () => path).join(",");
    const body = Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i), input(i)]));
    return t.request(`/trpc/${paths}?batch=1`, { json: body, ip: freshIp() });
  };

  it("cannot carry sign-in: a batch of 50 logins is refused whole (400) and no password is checked", async () => {
    const admin = await t.createAdmin();
    const before = verificationCounts.passwords;
    const res = await batchOf("auth.login", 50, (i) => ({ username: admin.username, password: i === 49 ? admin.password : `guess-${i}` }));
    expect(res.status).toBe(400);
    expect(verificationCounts.passwords - before).toBe(0);
    expect(sessionCookieFrom(res)).toBeNull();
  });

  it("cannot carry sign-in even alone, nor any other auth procedure", async () => {
    const admin = await t.createAdmin();
    const before = verificationCounts.passwords;
    expect((await batchOf("auth.login", 1, () => ({ username: admin.username, password: admin.password }))).status).toBe(400);
    expect(verificationCounts.passwords - before).toBe(0);
    const cookie = await t.cookieFor(admin);
    const change = await t.request("/trpc/auth.changePassword?batch=1", {
      json: { "0": { currentPassword: admin.password, newPassword: "another-password" } },
      cookie,
    });
    expect(change.status).toBe(400);
    // The same call on its own works.
    const alone = await t.request("/trpc/auth.login", { json: { username: admin.username, password: admin.password } });
    expect(alone.status).toBe(200);
  });

  it(`holds at most ${MAX_TRPC_BATCH} calls: one more answers 400 and runs nothing`, async () => {
    const ok = await t.request(`/trpc/${Array.from({ length: MAX_TRPC_BATCH }, () => "services.list").join(",")}?batch=1`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toHaveLength(MAX_TRPC_BATCH);
    const over = await t.request(`/trpc/${Array.from({ length: MAX_TRPC_BATCH + 1 }, () => "services.list").join(",")}?batch=1`);
    expect(over.status).toBe(400);
    const contacts = await batchOf("contact.submit", 400, () => ({}));
    expect(contacts.status).toBe(400);
  });
});

describe("second-factor codes", () => {
  it("50 wrong codes at once: 5 are evaluated, and the right password with the right code is then locked out", async () => {
    const admin = await t.createAdmin();
    const { key } = await t.enrolTwoFactor(await t.cookieFor(admin));
    // Codes the server would accept now (this step and the one before) are never among the guesses.
    const accepted = new Set([
      totpCodeAt(key),
      totpCodeAt(key, new Date(Date.now() - 30_000)),
      totpCodeAt(key, new Date(Date.now() + 30_000)),
    ]);
    const guesses = Array.from({ length: 60 }, (_, i) => String(100_000 + i * 7919)).filter((code) => !accepted.has(code));
    const wrongCode = (i: number) => guesses[i]!;
    const passwordsBefore = verificationCounts.passwords;
    const codesBefore = verificationCounts.totpCodes;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ username: admin.username, password: admin.password, twoFactorToken: wrongCode(i) })),
    );
    expect(verificationCounts.totpCodes - codesBefore).toBe(5);
    expect(verificationCounts.passwords - passwordsBefore).toBe(5);
    expect(countStatuses(responses)).toEqual({ 401: 5, 429: 45 });

    const right = await login({ username: admin.username, password: admin.password, twoFactorToken: totpCodeAt(key) });
    expect(right.status).toBe(429);
    expect(sessionCookieFrom(right)).toBeNull();
    expect(verificationCounts.totpCodes - codesBefore).toBe(5);
  });

  it("wrong codes and wrong passwords count toward the same lockout", async () => {
    const admin = await t.createAdmin();
    const { key, backupCodes } = await t.enrolTwoFactor(await t.cookieFor(admin));
    const wrong = totpCodeAt(key) === "000000" ? "111111" : "000000";
    expect((await login({ username: admin.username, password: "wrong-password" })).status).toBe(401);
    expect((await login({ username: admin.username, password: admin.password, twoFactorToken: wrong })).status).toBe(401);
    expect((await login({ username: admin.username, password: admin.password, backupCode: "aaaa-bbbb" })).status).toBe(401);
    expect((await login({ username: admin.username, password: "wrong-again" })).status).toBe(401);
    expect((await login({ username: admin.username, password: admin.password, twoFactorToken: wrong })).status).toBe(401);
    const locked = await login({ username: admin.username, password: admin.password, backupCode: backupCodes[0] });
    expect(locked.status).toBe(429);
  });

  it("the password step alone (422: code needed) is not a failure", async () => {
    const admin = await t.createAdmin();
    const { key } = await t.enrolTwoFactor(await t.cookieFor(admin));
    for (let i = 0; i < 8; i++) expect((await login({ username: admin.username, password: admin.password })).status).toBe(422);
    // The enrolment used the current step's code: sign in with the next step's (Date only; timers stay real).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 30_000);
    try {
      expect((await login({ username: admin.username, password: admin.password, twoFactorToken: totpCodeAt(key) })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("per-address limits", () => {
  it("50 wrong passwords at once from one address, for different users: at most the address's 30 are evaluated", async () => {
    const before = verificationCounts.passwords;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login({ username: `nobody-${i}-${ipCounter}`, password: "wrong-password" }, "192.0.2.200")),
    );
    expect(verificationCounts.passwords - before).toBe(30);
    expect(countStatuses(responses)).toEqual({ 401: 30, 429: 20 });
    const admin = await t.createAdmin();
    expect((await login({ username: admin.username, password: admin.password }, "192.0.2.200")).status).toBe(429);
    expect((await login({ username: admin.username, password: admin.password }, "192.0.2.201")).status).toBe(200);
  });

  it("20 inquiries at once from one address: exactly 8 are saved, 12 refused with 429", async () => {
    const superAdmin = await t.createAdmin({ role: "super_admin" });
    const cookie = await t.cookieFor(superAdmin);
    const count = async () => (await (await t.request("/api/admin/contact", { cookie })).json()).length;
    const before = await count();
    const inquiry = {
      name: "Parallel Sender",
      email: "sender@example.com",
      phone: "801-555-0100",
      servicesInterested: ["Ozone Therapy"],
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
    };
    const responses = await Promise.all(Array.from({ length: 20 }, () => t.request("/api/contact", { json: inquiry, ip: "192.0.2.210" })));
    expect(countStatuses(responses)).toEqual({ 201: 8, 429: 12 });
    expect(await count()).toBe(before + 8);
  });
});

describe("auth calls on their own, as the portal's client sends them", () => {
  it("a mutation without an input, posted with an empty body (tRPC's httpLink), works", async () => {
    const admin = await t.createAdmin();
    const res = await t.request("/trpc/auth.twoFactorSetup", {
      method: "POST",
      body: "",
      headers: { "content-type": "application/json" },
      cookie: await t.cookieFor(admin),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.otpauthUrl).toMatch(/^otpauth:/);
  });
});
