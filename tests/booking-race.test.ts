import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUES } from "../src/client/public/catalogue/all";
import { createSecretBox } from "../src/server/auth/secret-box";
import { issueFormToken } from "../src/server/services/form-token";
import { withDatabase } from "./setup/global-setup";
import {
  BUILT_SERVER,
  freePort,
  instanceEnv,
  NGINX,
  start,
  startBuiltServer,
  startNginx,
  stopProcess,
  type Running,
} from "./setup/processes";

/**
 * No double booking, ever (issue 38): 20 visitors asking for the same time at once get exactly one
 * holder and 19 clear "That time was just taken" (409, in their language), through two real server
 * processes (the built dist/server/index.js) behind real nginx (deploy/nginx-clinic.conf) on one
 * PostgreSQL, and through one real process on the embedded database; the same idempotency key sent
 * again, at once or later, answers the first result and saves one booking. The service is the seed's
 * Ozone Therapy: two clinicians and one ozone chair, so a racer that loses the first clinician tries
 * the second and loses on the chair (the claims of docs/decisions/0075-booking-model.md).
 */
const SECRET_KEY = "race-test-secret-key-0123456789abcdef0123456789abcdef";
const secrets = createSecretBox(SECRET_KEY);
const PARALLEL = 20;

interface Slot {
  start: string;
  end: string;
  clinicianIds: number[];
}

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The seeded Ozone Therapy's free times over the next 30 days, as the Book page asks for them. */
async function freeTimes(base: string): Promise<Slot[]> {
  const res = await fetch(`${base}/api/booking/free-times?service=ozone-therapy&from=${today()}&to=${inDays(30)}`);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.times;
}

let sent = 0;
/** One visitor's booking: their own name, e-mail and form token (a token is accepted once). */
function book(base: string, origin: string, start: string, idempotencyKey: string, language = "es") {
  const n = ++sent;
  return fetch(`${base}/api/booking`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({
      name: `Racer ${n}`,
      email: `racer.${n}.${process.pid}@example.com`,
      phone: "801-555-0100",
      healthConditions: "Shoulder pain",
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: issueFormToken(secrets, new Date(Date.now() - 10_000)),
      service: "ozone-therapy",
      start,
      idempotencyKey,
      language,
    }),
  });
}

const key = (tag: string) => `${tag}-${process.pid}-${Math.random().toString(36).slice(2)}`;

/**
 * The 20 requests for one time, spread over `bases` (alternately); answers the statuses and the
 * messages of those refused, and checks in the database (`held`) that one booking holds that time.
 */
async function race(bases: string[], origin: string, held: (start: string) => Promise<number>) {
  const slot = (await freeTimes(bases[0]!))[0]!;
  expect(slot, "the seed's Ozone Therapy has a free time in the next 30 days").toBeDefined();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => book(bases[i % bases.length]!, origin, slot.start, key(`race-${i}`))),
  );
  const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: await res.json() })));
  const won = bodies.filter((a) => a.status === 201);
  const lost = bodies.filter((a) => a.status !== 201);
  expect(won, JSON.stringify(bodies)).toHaveLength(1);
  expect(won[0]!.body).toMatchObject({ status: "requested", start: slot.start });
  expect(lost.map((a) => a.status)).toEqual(Array(PARALLEL - 1).fill(409));
  expect(new Set(lost.map((a) => a.body.message))).toEqual(new Set([CATALOGUES.es.B.taken]));
  // Not a stack trace or SQL in sight: the answer is the message and its code only.
  for (const a of lost) expect(JSON.stringify(a.body)).not.toMatch(/booking_claims|duplicate key|at \w+ \(/);
  expect(await held(slot.start)).toBe(1);
  expect((await freeTimes(bases[1 % bases.length]!)).map((s) => s.start)).not.toContain(slot.start);
}

/** The same idempotency key three times at once and once more later: one booking, every answer the first's. */
async function repeated(bases: string[], origin: string, rows: (idempotencyKey: string) => Promise<number>) {
  const slot = (await freeTimes(bases[0]!))[0]!;
  const same = key("repeat");
  const answers = await Promise.all([0, 1, 2].map((i) => book(bases[i % bases.length]!, origin, slot.start, same)));
  const bodies = await Promise.all(answers.map((res) => res.json()));
  expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
  const later = await book(bases[bases.length - 1]!, origin, slot.start, same);
  expect(later.status).toBe(201);
  const ids = [...bodies, await later.json()].map((body) => body.id);
  expect(new Set(ids).size).toBe(1);
  expect(bodies[0]).toMatchObject({ status: "requested", start: slot.start, end: slot.end });
  expect(await rows(same)).toBe(1);
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("booking one time through two instances behind nginx on one PostgreSQL", () => {
  let database: string;
  let admin: ReturnType<typeof postgres>;
  let check: ReturnType<typeof postgres>;
  let work: string;
  let ports: { a: number; b: number; lb: number };
  let running: Running[] = [];
  const base = (which: "a" | "b" | "lb") => `http://127.0.0.1:${ports[which]}`;

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run does)`);
    if (!existsSync(BUILT_SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build` (npm test does it first)");
    database = `clinic_race_${process.pid}`;
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    work = mkdtempSync(path.join(tmpdir(), "clinic-race-"));
    ports = { a: await freePort(), b: await freePort(), lb: await freePort() };
    const env = (which: "a" | "b") =>
      instanceEnv({
        port: ports[which],
        dataDir: path.join(work, which),
        databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, database),
        publicOrigin: base("lb"),
        secretKey: SECRET_KEY,
        admin: { username: "raceadmin", password: "race-admin-password" },
      });
    // The first instance migrates and seeds (the booking seed: Ozone Therapy bookable); the second shares the database.
    running.push(await start(process.execPath, [BUILT_SERVER], env("a"), `Listening on http://127.0.0.1:${ports.a} `));
    running.push(await start(process.execPath, [BUILT_SERVER], env("b"), `Listening on http://127.0.0.1:${ports.b} `));
    running.push(await startNginx(work, [ports.a, ports.b], ports.lb));
    check = postgres(withDatabase(process.env.TEST_DATABASE_URL!, database), { max: 1, onnotice: () => {} });
  }, 180_000);

  afterAll(async () => {
    await check?.end();
    for (const process of running.reverse()) await stopProcess(process);
    running = [];
    await admin?.unsafe(`drop database if exists ${database} with (force)`);
    await admin?.end();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const held = async (start: string) =>
    (
      await check<
        Array<{ n: number }>
      >`select count(*)::int as n from bookings where starts_at = ${start}::timestamptz and status in ('requested', 'confirmed')`
    )[0]!.n;

  it("20 parallel requests, half to each instance, through nginx: one holder, 19 answers 409 'that time was just taken'", async () => {
    // Both instances answer through nginx (its two upstreams), and each directly: the race is theirs.
    await race([base("a"), base("b")], base("lb"), held);
    await race([base("lb")], base("lb"), held);
  }, 60_000);

  it("the same idempotency key sent to both instances at once, and again later, answers the first result", async () => {
    await repeated([base("a"), base("b"), base("lb")], base("lb"), async (idempotencyKey) => {
      return (await check<Array<{ n: number }>>`select count(*)::int as n from bookings where idempotency_key = ${idempotencyKey}`)[0]!.n;
    });
  }, 60_000);
});

describe.runIf(!process.env.TEST_DATABASE_URL)("booking one time on the embedded database (one instance)", () => {
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "clinic-race-embedded-"));
    server = await startBuiltServer({
      DATA_DIR: dataDir,
      SECRET_KEY,
      ADMIN_PASSWORD: "race-admin-password",
      CONTACT_LIMIT_PER_HOUR: "1000",
      NODE_ENV: "production",
    });
  }, 180_000);

  afterAll(async () => {
    await stopProcess(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the database holds is read through the server's own staff calendar (the embedded database is the server's alone). */
  async function staffCookie() {
    const res = await fetch(`${server!.base}/api/admin/login`, {
      method: "POST",
      headers: { origin: server!.base, "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "race-admin-password" }),
    });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  }

  async function calendar(): Promise<Array<{ id: number; startsAt: string; status: string }>> {
    const res = await fetch(`${server!.base}/api/admin/booking/calendar?from=${inDays(-1)}&to=${inDays(32)}`, {
      headers: { origin: server!.base, cookie: await staffCookie() },
    });
    expect(res.status).toBe(200);
    return res.json();
  }

  it("20 parallel requests: one holder, 19 answers 409 'that time was just taken'", async () => {
    await race([server!.base], server!.base, async (start) => {
      const rows = await calendar();
      return rows.filter((row) => new Date(row.startsAt).getTime() === new Date(start).getTime() && row.status === "requested").length;
    });
  }, 60_000);

  it("the same idempotency key sent three times at once, and again later, answers the first result", async () => {
    const before = (await calendar()).length;
    await repeated([server!.base], server!.base, async () => (await calendar()).length - before);
  }, 60_000);
});
