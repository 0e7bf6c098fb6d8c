import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/server/auth/secret-box";
import { forwardedClient } from "../src/server/context";
import { withDatabase } from "./setup/global-setup";
import { inquiryJson } from "./setup/inquiry";
import { NGINX, freePort, start, startNginx, stopProcess, type Running } from "./setup/processes";

/**
 * Client addresses that cannot be spoofed (issue 20, item 2): the built server behind real nginx
 * (Debian's package) configured with deploy/nginx-clinic.conf, the file docs/operations.md gives. A client
 * that sends its own X-Forwarded-For, a new one on every request, still counts against one
 * per-address contact limit and is logged under the address nginx saw. PostgreSQL only, like
 * tests/load-balancer.test.ts (the embedded database's cold start is too heavy for one more server).
 */
const SERVER = path.resolve("dist/server/index.js");
const SECRET_KEY = "xff-test-secret-key-0123456789abcdef0123456789abcdef";
const ADMIN = { username: "xffadmin", password: "xff-admin-password" };
const LIMIT = 3;

describe("the address our proxy appended", () => {
  it("is the right-most X-Forwarded-For entry, or TRUST_PROXY_HOPS from the right; a client's own entries are never taken", () => {
    expect(forwardedClient("6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClient("203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClient("6.6.6.6, 7.7.7.7, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(forwardedClient("203.0.113.9, 10.0.0.2", 3)).toBe("203.0.113.9");
    expect(forwardedClient("", 1)).toBeNull();
    expect(forwardedClient(undefined, 1)).toBeNull();
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("spoofed X-Forwarded-For through nginx", () => {
  let database: string;
  let admin: ReturnType<typeof postgres>;
  let work: string;
  let ports: { app: number; lb: number };
  const running: Running[] = [];
  const lb = () => `http://127.0.0.1:${ports.lb}`;

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run does)`);
    if (!existsSync(SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build` (npm test does it first)");
    database = `clinic_xff_${process.pid}`;
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    work = mkdtempSync(path.join(tmpdir(), "clinic-xff-"));
    ports = { app: await freePort(), lb: await freePort() };

    running.push(
      await start(
        process.execPath,
        [SERVER],
        {
          PORT: String(ports.app),
          HOST: "127.0.0.1",
          DATA_DIR: path.join(work, "data"),
          DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, database),
          PUBLIC_ORIGIN: lb(),
          SECRET_KEY,
          TRUST_PROXY: "true",
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
          CONTACT_LIMIT_PER_HOUR: String(LIMIT),
        },
        `Listening on http://127.0.0.1:${ports.app} `,
      ),
    );
    // deploy/nginx-clinic.conf with both upstream entries on this test's one instance.
    running.push(await startNginx(work, [ports.app, ports.app], ports.lb));
    expect((await fetch(`${lb()}/api/health`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const process of running.reverse()) await stopProcess(process);
    await admin?.unsafe(`drop database if exists ${database} with (force)`);
    await admin?.end();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("a new X-Forwarded-For on every inquiry does not move the per-address limit", async () => {
    const secrets = createSecretBox(SECRET_KEY);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) {
      const res = await fetch(`${lb()}/api/contact`, {
        method: "POST",
        headers: { origin: lb(), "content-type": "application/json", "x-forwarded-for": `10.9.${i}.${i}` },
        body: inquiryJson(secrets, `Rotating ${i}`),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429, 429]);
  });

  it("a failed sign-in with a made-up X-Forwarded-For is logged under the address nginx saw", async () => {
    const failed = await fetch(`${lb()}/api/admin/login`, {
      method: "POST",
      headers: { origin: lb(), "content-type": "application/json", "x-forwarded-for": "6.6.6.6" },
      body: JSON.stringify({ username: ADMIN.username, password: "not-the-password" }),
    });
    expect(failed.status).toBe(401);
    const signedIn = await fetch(`${lb()}/api/admin/login`, {
      method: "POST",
      headers: { origin: lb(), "content-type": "application/json", "x-forwarded-for": "7.7.7.7, 8.8.8.8" },
      body: JSON.stringify(ADMIN),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    const log = await (await fetch(`${lb()}/api/admin/activity?pageSize=10`, { headers: { cookie } })).json();
    const entries = (log.items as Array<{ action: string; ipAddress: string | null }>).filter(
      (e) => e.action === "login_failed" || e.action === "login",
    );
    expect(entries.map((e) => e.action)).toEqual(["login", "login_failed"]);
    for (const entry of entries) expect(entry.ipAddress).toBe("127.0.0.1");
  });
});
