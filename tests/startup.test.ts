import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./setup/processes";

/**
 * The README's first command, for real: the built server (npm run build runs before the tests)
 * started on a fresh data folder, answering over HTTP; restarted; and the admin command line.
 */
const SERVER = path.resolve("dist/server/index.js");
const ADMIN_CLI = path.resolve("dist/server/admin.js");
const AUDIT_CLI = path.resolve("dist/server/audit.js");
const dirs: string[] = [];

beforeAll(() => {
  if (!existsSync(SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build` (npm test does it first)");
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "clinic-start-"));
  dirs.push(dir);
  return dir;
}

interface Running {
  child: ChildProcess;
  output: () => string;
  base: string;
  stop: () => Promise<void>;
}

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH, REQUIRE_SECOND_FACTOR: "none", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const check = setInterval(() => {
      if (out.includes("Listening on")) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.on("exit", (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    output: () => out,
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners("exit");
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

// In a run of both engines (.ci/run) the embedded project starts these; the PostgreSQL project would
// only repeat them (they never open the test database), so it starts only its own below.
const embeddedCovered = Boolean(process.env.TEST_DATABASE_URL) && process.env.TEST_BOTH_ENGINES === "1";

describe.skipIf(embeddedCovered)("npm start on the embedded database", () => {
  it("starts on a fresh data folder, seeds, prints the generated admin password once, and keeps data across restarts", async () => {
    const dataDir = freshDir();
    const first = await start({ DATA_DIR: dataDir });
    try {
      expect(first.output()).toMatch(/embedded PGlite/);
      expect(first.output()).toMatch(
        /Generated password \(shown once; the first sign-in asks for a new one\): ([a-z2-7]{5}-){3}[a-z2-7]{5}/,
      );
      const services = await (await fetch(`${first.base}/api/services`)).json();
      expect(services.map((s: { slug: string }) => s.slug)).toEqual(expect.arrayContaining(["stem-cell-therapy", "ozone-therapy"]));
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

      // Sign in with the printed password, as staff would, choose a new one, and remove a seeded service.
      const password = /asks for a new one\): ([a-z2-7-]+)/.exec(first.output())![1]!;
      const origin = `http://localhost:${new URL(first.base).port}`;
      const login = await fetch(`${first.base}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ username: "admin", password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      const ozone = services.find((s: { slug: string }) => s.slug === "ozone-therapy");
      // The generated password must be changed first: nothing else answers until then.
      const refused = await fetch(`${first.base}/api/admin/services/${ozone.id}`, { method: "DELETE", headers: { cookie, origin } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ requiresPasswordChange: true });
      const changed = await fetch(`${first.base}/api/admin/account/password`, {
        method: "POST",
        headers: { cookie, origin, "content-type": "application/json" },
        body: JSON.stringify({ currentPassword: password, newPassword: "a-password-of-my-own" }),
      });
      expect(changed.status).toBe(200);
      const del = await fetch(`${first.base}/api/admin/services/${ozone.id}`, { method: "DELETE", headers: { cookie, origin } });
      expect(del.status).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await start({ DATA_DIR: dataDir });
    try {
      expect(second.output()).not.toMatch(/Generated password/);
      expect(second.output()).not.toMatch(/seeded/);
      const slugs = (await (await fetch(`${second.base}/api/services`)).json()).map((s: { slug: string }) => s.slug);
      expect(slugs).toContain("stem-cell-therapy");
      expect(slugs).not.toContain("ozone-therapy"); // deleted by staff, not re-seeded
    } finally {
      await second.stop();
    }
    // The activity log's chain head went into the server's log at start; `npm run audit -- head` prints the same.
    const logged = /Audit trail head: (\d+:[0-9a-f]{64})/.exec(second.output())?.[1];
    expect(logged, second.output()).toBeDefined();
    const head = spawnSync(process.execPath, [AUDIT_CLI, "head"], { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: "utf8" });
    expect(head.status, head.stderr).toBe(0);
    expect(head.stdout.trim()).toBe(logged);

    // The admin command line works on the same data folder while the server is stopped.
    const created = spawnSync(process.execPath, [ADMIN_CLI, "create", "--username", "backup-admin", "--role", "super_admin"], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created super_admin "backup-admin"/);
    // Any role the clinic has, built-in or its own; an unknown one is refused with the list.
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [ADMIN_CLI, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: "utf8" });
    const frontDesk = cli("create", "--username", "desk-person", "--role", "front_desk");
    expect(frontDesk.status, frontDesk.stderr).toBe(0);
    expect(frontDesk.stdout).toMatch(/Created front_desk "desk-person"/);
    const unknown = cli("create", "--username", "nobody-here", "--role", "janitor");
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/--role must be one of super_admin, admin, .*front_desk/);
    const reset = spawnSync(process.execPath, [ADMIN_CLI, "reset-password", "--username", "admin", "--password", "recovered-password"], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(reset.status, reset.stderr).toBe(0);
    const third = await start({ DATA_DIR: dataDir });
    try {
      const origin = `http://localhost:${new URL(third.base).port}`;
      const login = await fetch(`${third.base}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ username: "admin", password: "recovered-password" }),
      });
      expect(login.status).toBe(200);
    } finally {
      await third.stop();
    }
  }, 240_000);

  it("stops with one line naming a bad variable", () => {
    const result = spawnSync(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH, PORT: "not-a-port", DATA_DIR: freshDir() },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number between 1 and 65535 (got "not-a-port")');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("npm start on PostgreSQL", () => {
  it("migrates and seeds a fresh database from DATABASE_URL", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `clinic_start_${process.pid}`;
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    url.pathname = `/${name}`;
    const running = await start({ DATA_DIR: freshDir(), DATABASE_URL: url.toString(), ADMIN_PASSWORD: "a-configured-password" });
    try {
      expect(running.output()).toMatch(/Database: PostgreSQL/);
      expect(running.output()).not.toMatch(/Generated password/);
      const services = await (await fetch(`${running.base}/api/services`)).json();
      expect(services.map((s: { slug: string }) => s.slug)).toEqual(expect.arrayContaining(["stem-cell-therapy", "ozone-therapy"]));
    } finally {
      await running.stop();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
