import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { inject } from "vitest";
import { hashSecret } from "../../src/server/auth/passwords";
import { createSession } from "../../src/server/auth/sessions";
import { totpCodeAt } from "../../src/server/auth/totp";
import { DEFAULT_LIMITS, type RateLimitRules } from "../../src/server/auth/throttle";
import { createApp } from "../../src/server/http/app";
import { createSecretBox } from "../../src/server/auth/secret-box";
import { auditKeySetting } from "../../src/server/services/audit-chain";
import { createWebHandlers } from "../../src/server/site/web";
import { issueFormToken } from "../../src/server/services/form-token";
import { insertInquiry } from "../../src/server/services/inquiry-identity";
import type { MailTiming } from "../../src/server/mail/timing";
import { buildDeps } from "../../src/server/boot/bootstrap";
import { createContextInner } from "../../src/server/context";
import { openPglite, openPostgres, type DatabaseHandle } from "../../src/server/db/client";
import { adminUsers, contactSubmissions } from "../../src/server/db/schema";
import type { AppDeps } from "../../src/server/deps";
import { loadConfig } from "../../src/server/env";
import { createCaller } from "../../src/server/routers";
import { validateSessionToken } from "../../src/server/auth/sessions";
import { withDatabase } from "./global-setup";

export const ORIGIN = "http://clinic.test";
export const TEST_SECRET_KEY = "test-secret-key-0123456789abcdef0123456789abcdef";

/** What the app's connections hand the activity log's trigger for a key ring (db/client.ts OpenOptions), TEST_SECRET_KEY's by default. */
export function auditKeyOf(keyRing: string = TEST_SECRET_KEY): { auditKey: string } {
  return { auditKey: auditKeySetting(createSecretBox(keyRing)) };
}

/** A database of its own for one test file, copied from the run's migrated and seeded one; its connections carry the ring's audit key. */
export async function openTestDatabase(
  keyRing: string = TEST_SECRET_KEY,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; engine: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `clinic_t_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${inject("pgTemplate")}`);
    const handle = await openPostgres(withDatabase(url, name), auditKeyOf(keyRing));
    return {
      handle,
      engine: "postgres",
      drop: async () => {
        await handle.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject("pgliteSnapshot"));
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  const handle = await openPglite({ pglite }, auditKeyOf(keyRing));
  return { handle, engine: "pglite", drop: () => handle.close() };
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  cookie?: string;
  /** Origin header; defaults to the app's own origin. Pass null to send none. */
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export interface InquiryFields {
  name?: string;
  email?: string;
  phone?: string;
  servicesInterested?: string[];
  healthConditions?: string;
  status?: "new" | "contacted" | "scheduled" | "closed" | "spam";
  assigneeId?: number | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface TestAdmin {
  id: number;
  username: string;
  password: string;
  /** A role's key: admin, super_admin, front_desk, clinician, marketing or a custom one. */
  role: string;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real app on a real database, with builders for admins and sessions (no UI, no mocks). */
export async function createTestApp(
  options: {
    limits?: Partial<RateLimitRules>;
    web?: boolean | "build";
    smtpUrl?: string;
    /** MAIL_FROM ("clinic@clinic.test" unless given; null: not set). */
    mailFrom?: string | null;
    smtpCa?: string;
    mailTiming?: MailTiming;
    database?: { handle: DatabaseHandle; drop: () => Promise<void>; engine: string };
    /** Other keys than TEST_SECRET_KEY (SECRET_KEY, SECRET_KEYS_OLD). */
    keys?: { SECRET_KEY: string; SECRET_KEYS_OLD?: string };
  } = {},
) {
  const { handle, drop, engine } = options.database ?? (await openTestDatabase(options.keys?.SECRET_KEY));
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: ORIGIN,
    SECRET_KEY: TEST_SECRET_KEY,
    ...options.keys,
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: options.mailFrom === null ? undefined : (options.mailFrom ?? "clinic@clinic.test"),
  });
  const { deps } = await buildDeps(config, {
    database: handle,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    mailTiming: options.mailTiming,
    smtpCa: options.smtpCa,
  });
  // Pages rendered by the real SSR code, without the client build's asset tags ("build": with them,
  // as the built server sends them; needs `npm run build`, which `npm test` runs first).
  const app = createApp(
    deps,
    options.web ? await createWebHandlers(deps, { mode: options.web === "build" ? "build" : "none" }) : undefined,
  );
  let counter = 0;

  async function request(url: string, opts: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...opts.headers };
    const method = opts.method ?? (opts.json !== undefined || opts.form ? "POST" : "GET");
    if (opts.origin !== null && method !== "GET") headers.origin = opts.origin ?? ORIGIN;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: BodyInit | undefined = opts.body;
    if (opts.json !== undefined) {
      headers["content-type"] ??= "application/json";
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    const env = { incoming: { socket: { remoteAddress: opts.ip ?? "198.51.100.7" } } };
    return app.request(url, { method, headers, body }, env);
  }

  async function createAdmin(
    fields: Partial<{
      username: string;
      password: string;
      role: string;
      isActive: boolean;
      email: string;
      notifyNewInquiries: boolean;
    }> = {},
  ): Promise<TestAdmin> {
    counter += 1;
    const username = fields.username ?? `staff${counter}_${randomBytes(3).toString("hex")}`;
    const password = fields.password ?? `pw-${randomBytes(6).toString("hex")}`;
    const role = fields.role ?? "admin";
    const [row] = await deps.db
      .insert(adminUsers)
      .values({
        username,
        passwordHash: await hashSecret(password),
        role,
        isActive: fields.isActive ?? true,
        email: fields.email ?? null,
        notifyNewInquiries: fields.notifyNewInquiries ?? false,
      })
      .returning();
    return { id: row!.id, username, password, role };
  }

  /** A signed-in cookie for the admin, made by inserting a session (login itself is tested in auth.test.ts). */
  async function cookieFor(admin: { id: number }): Promise<string> {
    const { token } = await createSession(deps.db, admin.id, { ip: "198.51.100.7", userAgent: "vitest" });
    return `clinic_session=${token}`;
  }

  /** A tRPC caller as the admin (or anonymous). */
  async function callerFor(admin?: { id: number }) {
    let auth = null;
    if (admin) {
      const cookie = await cookieFor(admin);
      auth = await validateSessionToken(deps.db, cookie.split("=")[1]!);
    }
    return createCaller(createContextInner({ deps, auth, ip: "198.51.100.8" }));
  }

  /** Enrols TOTP through the REST routes, as the Account page does; returns the key and the backup codes. */
  /** Enrols 2FA; `code` is the one the enrolment used (a test replaying it must not compute a fresh one: the step may have moved). */
  async function enrolTwoFactor(cookie: string): Promise<{ key: Uint8Array; backupCodes: string[]; code: string }> {
    const setup = await request("/api/admin/2fa/setup", { method: "POST", cookie });
    if (setup.status !== 200) throw new Error(`2FA setup answered ${setup.status}`);
    const { secret } = await setup.json();
    const key = decodeBase32IgnorePadding(secret);
    const code = totpCodeAt(key);
    const enable = await request("/api/admin/2fa/enable", { json: { code }, cookie });
    if (enable.status !== 200) throw new Error(`2FA enable answered ${enable.status}`);
    const { backupCodes } = await enable.json();
    return { key, backupCodes, code };
  }

  /**
   * An inquiry stored directly (health details encrypted as the form would), for tests that need
   * many, or old ones (createdAt, updatedAt), or a given status or assignee, without the form's limit.
   */
  async function addInquiry(fields: InquiryFields = {}) {
    counter += 1;
    const health = fields.healthConditions ?? "";
    const identity = {
      name: fields.name ?? `Inquirer ${counter}`,
      email: fields.email ?? `inquirer${counter}@example.com`,
      phone: fields.phone ?? `801-555-${String(1000 + counter).slice(-4)}`,
      servicesInterested: fields.servicesInterested ?? ["General Consultation"],
      consentReceipt: null,
    };
    const { id } = await insertInquiry(deps.db, deps.secrets, {
      ...identity,
      availabilityDays: [],
      availabilityTimes: [],
      healthConditions: health || null,
      hasHealthDetails: Boolean(health),
      optInTexting: false,
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      status: fields.status ?? "new",
      assigneeId: fields.assigneeId ?? null,
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
      updatedAt: fields.updatedAt ?? fields.createdAt ?? new Date(),
    });
    const [row] = await deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    return { ...row!, ...identity };
  }

  async function userRow(id: number) {
    const [row] = await deps.db.select().from(adminUsers).where(eq(adminUsers.id, id));
    return row;
  }

  /** A form token as the contact page would have rendered it `ageMs` ago (2 s is the minimum fill time). */
  function formToken(ageMs = 10_000): string {
    return issueFormToken(deps.secrets, new Date(Date.now() - ageMs));
  }

  async function close() {
    deps.mail.close();
    // What the counters hold is written before the database closes, as a server's stop does
    // (src/server/boot/start.ts): no timer of theirs fires on a closed connection afterwards.
    await Promise.allSettled([deps.visitCounter.flush(), deps.addressLog.flush()]);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return {
    app,
    deps: deps as AppDeps,
    engine,
    request,
    createAdmin,
    cookieFor,
    callerFor,
    enrolTwoFactor,
    addInquiry,
    formToken,
    userRow,
    close,
    dataDir,
  };
}

/** The session cookie ("name=value") from a response's Set-Cookie, if any. */
export function sessionCookieFrom(response: Response): string | null {
  const header = response.headers.get("set-cookie");
  const match = header?.match(/(clinic_session=[^;]*)/);
  return match && match[1] !== "clinic_session=" ? match[1]! : null;
}
