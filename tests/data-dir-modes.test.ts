import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/server/auth/secret-box";
import { issueFormToken } from "../src/server/services/form-token";
import { freePort } from "./setup/processes";

/**
 * The data folder is the server's own (issue 20, item 3): started by a shell whose umask is 022 (the
 * usual one, under which PGlite would create its files 0644), the built server makes DATA_DIR 0700
 * and everything in it (the embedded database with its write-ahead log, the secret key, the
 * maintenance socket) owner-only; a folder that others may read is refused with the command to run.
 * The same start (NODE_ENV=production on an http origin) shows issue 20's start-up warning.
 */
const SERVER = path.resolve("dist/server/index.js");
const ADMIN_CLI = path.resolve("dist/server/admin.js");
const SECRET_KEY = "modes-test-secret-key-0123456789abcdef0123456789abcdef";
const work = mkdtempSync(path.join(tmpdir(), "clinic-modes-"));

beforeAll(() => {
  if (!existsSync(SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build` (npm test does it first)");
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every path under `dir` (itself included) whose mode is not owner-only: folders must be 0700, the rest 0600. */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const visit = (p: string) => {
    const stat = lstatSync(p);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path.relative(work, p)} ${mode.toString(8)}`);
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (!stat.isSymbolicLink() && mode !== 0o600) {
      loose.push(`${path.relative(work, p)} ${mode.toString(8)}`);
    }
  };
  visit(dir);
  return loose;
}

/** `node SERVER` (or another entry) started by `sh -c "umask 022; exec ..."`. */
function underUmask022(entry: string, args: string[], env: Record<string, string>) {
  return spawn("sh", ["-c", 'umask 022; exec "$0" "$@"', process.execPath, entry, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("the data folder's modes", () => {
  it("a fresh folder under umask 022: after an inquiry, every folder is 0700 and every file 0600", { timeout: 180_000 }, async () => {
    const dataDir = path.join(work, "fresh", "data");
    const port = await freePort();
    const child = underUmask022(SERVER, [], {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "modes-admin-password",
      // Production on an http origin: the start says so loudly, and so does the readiness answer.
      NODE_ENV: "production",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    let out = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const check = (d: Buffer) => {
          out += d;
          if (out.includes("Listening on")) resolve();
        };
        child.stdout!.on("data", check);
        child.stderr!.on("data", check);
        child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const warning = `INSECURE: NODE_ENV=production with PUBLIC_ORIGIN ${base} (http): session cookies are sent without Secure and there is no HSTS. Serve the site over TLS and set PUBLIC_ORIGIN to its https:// address.`;
      const logged = out
        .split("\n")
        .filter((line) => line.includes("INSECURE"))
        .map((line) => JSON.parse(line) as { level: string; msg: string });
      expect(logged).toEqual([expect.objectContaining({ level: "warn", msg: warning })]);
      // The readiness answer says so to the super admin; to anyone else, ready or not only (issue 34).
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: "ok" });
      const signIn = await fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ username: "admin", password: "modes-admin-password" }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
      expect(await (await fetch(`${base}/api/health`, { headers: { cookie } })).json()).toMatchObject({
        status: "ok",
        database: "up",
        migrations: "applied",
        warnings: [warning],
      });
      // The server made its own key (secret.key); an inquiry needs a token signed with it.
      const key = readFileSync(path.join(dataDir, "secret.key"), "utf8").trim();
      const res = await fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({
          name: "Modes Person",
          email: "modes@example.com",
          phone: "801-555-0199",
          servicesInterested: ["Ozone Therapy"],
          healthConditions: "Knee pain",
          privacyPolicy: true,
          hipaaConsent: true,
          termsAndConditions: true,
          formToken: issueFormToken(createSecretBox(key), new Date(Date.now() - 10_000)),
        }),
      });
      expect(res.status).toBe(201);
      expect(existsSync(path.join(dataDir, "maintenance.sock"))).toBe(true);
      expect(readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(5);
      // While it runs (the socket, the write-ahead log) ...
      expect(looseModes(path.join(work, "fresh", "data"))).toEqual([]);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    // ... and after it stopped.
    expect(looseModes(dataDir)).toEqual([]);
    expect(lstatSync(path.join(dataDir, "secret.key")).mode & 0o777).toBe(0o600);
  });

  it("a folder others may read is refused with one line saying the chmod to run; the admin command too", () => {
    const dataDir = path.join(work, "open");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const line = `Invalid configuration: DATA_DIR ${dataDir} is open to other users (mode 0755): run \`chmod 700 ${dataDir}\``;
    const server = spawnSync(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SECRET_KEY, PORT: "1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(server.status).toBe(1);
    expect(server.stderr.trim()).toBe(line);
    const cli = spawnSync(process.execPath, [ADMIN_CLI, "list"], {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SECRET_KEY },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim()).toBe(line);
    // Nothing was written into it.
    expect(readdirSync(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o755);
  });
});
