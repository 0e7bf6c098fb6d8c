import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/server/auth/secret-box";
import { inquiryJson } from "./setup/inquiry";
import { freePort, start, stopProcess, type Running } from "./setup/processes";

/**
 * The server survives its PostgreSQL going away (issue 28). A private PostgreSQL (initdb and pg_ctl of
 * the installed PostgreSQL 15, on a free port and a data folder of its own) under the built server,
 * 100 clients sending inquiries while two busy loops hold both cores, and the database restarted with
 * `-m fast`, then stopped until 50 inquiries have been answered 503: the server process keeps running, every answer is 201 or 503,
 * every 201 is stored (and nothing else but an inquiry in doubt: one whose COMMIT the database carried
 * out as `-m fast` cut its connection, so its acknowledgement, and the 201, were lost; at most one per
 * connection of the server's pool), readiness comes back within 10 s of the database, a new
 * inquiry is accepted, and the cache bus listens again (a change announced by another instance
 * empties this one's cached page).
 *
 * Runs in the PostgreSQL leg (TEST_DATABASE_URL set), like the other tests that need the server.
 */
const PG_BIN = "/usr/lib/postgresql/15/bin";
const SERVER = path.resolve("dist/server/index.js");
const SECRET_KEY = "outage-test-secret-key-0123456789abcdef0123456789abcdef";
const CLIENTS = 100;

/** initdb and pg_ctl refuse to run as root: as root they run as the postgres user. */
function pgCommand(bin: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [command, all] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, bin), ...args]] : [path.join(PG_BIN, bin), args];
  // Output to a file, not a pipe: the postmaster pg_ctl starts would hold a pipe open.
  return execFileSync(command, all, { encoding: "utf8", stdio: "ignore", timeout: 60_000 });
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a PostgreSQL restart or outage", () => {
  let work: string;
  let pgData: string;
  let pgPort: number;
  let server: Running;
  let base: string;
  let check: ReturnType<typeof postgres>;
  const secrets = createSecretBox(SECRET_KEY);
  const busy: ChildProcess[] = [];

  const pgCtl = (...args: string[]) => pgCommand("pg_ctl", ["-D", pgData, "-w", "-t", "60", ...args]);
  const startPg = () =>
    pgCtl("-l", path.join(pgData, "log"), "-o", `-p ${pgPort} -k ${pgData} -c listen_addresses=127.0.0.1 -c fsync=off`, "start");
  const health = async () => {
    try {
      return (await fetch(`${base}/api/health`)).status;
    } catch {
      return 0;
    }
  };
  const storedCount = async () => (await check<{ n: number }[]>`select count(*)::int as n from contact_submissions`)[0]!.n;

  beforeAll(async () => {
    if (!existsSync(path.join(PG_BIN, "initdb")))
      throw new Error(`${PG_BIN}/initdb is missing: the PostgreSQL 15 server package is needed`);
    if (!existsSync(SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build` (npm test does it first)");
    work = mkdtempSync(path.join(tmpdir(), "clinic-outage-"));
    chmodSync(work, 0o755);
    pgData = path.join(work, "pg");
    mkdirSync(pgData, { mode: 0o700 });
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(pgData, uid, gid);
    }
    pgPort = await freePort();
    pgCommand("initdb", ["-D", pgData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    startPg();
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    check = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await start(
      process.execPath,
      [SERVER],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(work, "data"),
        DATABASE_URL: databaseUrl,
        PUBLIC_ORIGIN: base,
        SECRET_KEY,
        ADMIN_PASSWORD: "outage-admin-password",
        CONTACT_LIMIT_PER_HOUR: "10000",
        // Each client has an address of its own (below), so the per-address limit is not what is tested.
        TRUST_PROXY: "true",
        NODE_ENV: "production",
      },
      `Listening on http://127.0.0.1:${port} `,
    );
    expect(await health()).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const child of busy) child.kill("SIGKILL");
    await stopProcess(server);
    await check?.end({ timeout: 1 }).catch(() => {});
    if (pgData && existsSync(path.join(pgData, "postmaster.pid"))) {
      try {
        pgCtl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Two loops that hold both cores for at most two minutes (killed as soon as the phase ends). */
  function busyCores(): void {
    for (let i = 0; i < 2; i++) {
      busy.push(spawn(process.execPath, ["-e", "const end = Date.now() + 120000; while (Date.now() < end) {}"], { stdio: "ignore" }));
    }
  }
  function idleCores(): void {
    for (const child of busy.splice(0)) child.kill("SIGKILL");
  }

  const inquiry = (tag: string) => inquiryJson(secrets, `Outage ${tag}`);
  const send = async (tag: string, client = 0): Promise<number | string> => {
    try {
      const res = await fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json", "x-forwarded-for": `127.1.${client}.1` },
        body: inquiry(tag),
      });
      await res.arrayBuffer();
      return res.status;
    } catch (error) {
      return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    }
  };

  /**
   * 100 clients send inquiries; once 100 answers have come, `disrupt` runs; they go on until readiness
   * is back and another 100 answers came. Answers the statuses (or connection error codes) and how
   * long readiness took to come back after `disrupt` returned.
   */
  async function underLoad(phase: string, disrupt: (answers: ReadonlyArray<number | string>) => Promise<void>) {
    const answers: Array<number | string> = [];
    let stop = false;
    let afterRecovery = -1;
    const client = async (c: number) => {
      for (let i = 0; !stop; i++) {
        answers.push(await send(`${phase}.${c}.${i}`, c));
        if (afterRecovery >= 0 && answers.length >= afterRecovery + 100) stop = true;
      }
    };
    const before = await storedCount();
    busyCores();
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    await expect.poll(() => answers.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(100);
    await disrupt(answers);
    const back = performance.now();
    await expect.poll(health, { timeout: 10_000, interval: 100 }).toBe(200);
    const readyAfterMs = Math.round(performance.now() - back);
    afterRecovery = answers.length;
    await Promise.all(clients);
    idleCores();
    const created = answers.filter((a) => a === 201).length;
    return { answers, created, stored: (await storedCount()) - before, readyAfterMs };
  }

  it("restarted with -m fast, and stopped until clients have been refused: the server lives on, answers 201 or 503, keeps every 201 and recovers", async () => {
    for (const [phase, disrupt] of [
      ["restart", async (_answers: ReadonlyArray<number | string>) => void pgCtl("-m", "fast", "restart")],
      [
        "stop",
        async (answers: ReadonlyArray<number | string>) => {
          pgCtl("-m", "fast", "stop");
          // The outage lasts until the server has said so to the clients: 50 inquiries answered 503
          // while the database is down (a state, however fast or slow the machine).
          const before = answers.filter((a) => a === 503).length;
          await expect
            .poll(() => answers.filter((a) => a === 503).length - before, { timeout: 60_000, interval: 20 })
            .toBeGreaterThanOrEqual(50);
          startPg();
        },
      ],
    ] as const) {
      const result = await underLoad(phase, disrupt);
      const others = result.answers.filter((a) => a !== 201 && a !== 503);
      const count = (status: number) => result.answers.filter((a) => a === status).length;
      console.info(
        `${phase}: ${result.answers.length} sent, ${result.created} stored, ${count(503)} answered 503, ready ${result.readyAfterMs} ms after the database was back`,
      );
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(others).toEqual([]);
      // Every 201 is stored; beyond them, only commits in doubt (at most one per pooled connection, 10).
      expect(result.stored).toBeGreaterThanOrEqual(result.created);
      expect(result.stored - result.created).toBeLessThanOrEqual(10);
      expect(result.created).toBeGreaterThan(100);
    }
    expect(server.output()).not.toMatch(/TypeError|uncaught/i);

    // A new inquiry is accepted.
    expect(await send("after")).toBe(201);

    // The cache bus listens again: another instance's change (its UPDATE and NOTIFY) empties this
    // instance's cached page at once.
    const page = async () => (await fetch(`${base}/services/ozone-therapy`)).text();
    const title = `Ozone Therapy ${process.pid}`;
    expect(await page()).not.toContain(title);
    expect(await page()).not.toContain(title); // the cached copy
    await check`update services set title = ${title} where slug = 'ozone-therapy'`;
    await check`select pg_notify('clinic_public_changed', 'another-instance public ')`;
    await expect.poll(async () => (await page()).includes(title), { timeout: 1000, interval: 25 }).toBe(true);
  }, 240_000);

  it("while the database is away, readiness says not ready and writes answer 503 with Retry-After, and reads the cache holds keep answering", async () => {
    await fetch(`${base}/api/services`); // cached now
    pgCtl("-m", "fast", "stop");
    try {
      const ready = await fetch(`${base}/api/health`);
      expect(ready.status).toBe(503);
      const write = await fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: inquiry("away"),
      });
      expect(write.status).toBe(503);
      expect(Number(write.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await write.json()).toMatchObject({ message: expect.stringMatching(/temporarily unavailable/) });
      const cached = await fetch(`${base}/api/services`);
      expect(cached.status).toBe(200);
      expect(await fetch(`${base}/api/health?probe=live`).then((r) => r.status)).toBe(200);
    } finally {
      startPg();
    }
    await expect.poll(health, { timeout: 10_000, interval: 100 }).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
