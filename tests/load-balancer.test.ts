import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../src/server/auth/secret-box";
import { identityAt } from "../src/server/services/inquiry-identity";
import { withDatabase } from "./setup/global-setup";
import { inquiryJson } from "./setup/inquiry";
import { freePort, instanceEnv, NGINX, start, startNginx, type Running } from "./setup/processes";

/**
 * Two real server processes (the built dist/server/index.js) on one PostgreSQL database behind real
 * nginx (Debian's package; .ci/run installs it), configured with deploy/nginx-clinic.conf, the file
 * docs/operations.md gives: an image uploaded through one instance is served by the other; a service edited
 * through one shows on the other's cached page and JSON at once; a scheduled article appears on both
 * at its moment; and stopping one instance while inquiries arrive loses none of them.
 */
const SERVER = path.resolve("dist/server/index.js");
const SECRET_KEY = "lb-test-secret-key-0123456789abcdef0123456789abcdef";
const ADMIN = { username: "lbadmin", password: "lb-admin-password" };

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances behind nginx", () => {
  let database: string;
  let admin: ReturnType<typeof postgres>;
  let work: string;
  let ports: { a: number; b: number; lb: number };
  let instances: Record<"a" | "b", Running>;
  let nginx: Running;
  const base = (which: "a" | "b" | "lb") => `http://127.0.0.1:${ports[which]}`;

  beforeAll(async () => {
    // Needed here, and installed by .ci/run: say so plainly rather than skip.
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run does)`);
    if (!existsSync(SERVER)) throw new Error("dist/server/index.js is missing: run `npm run build` (npm test does it first)");
    database = `clinic_lb_${process.pid}`;
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    work = mkdtempSync(path.join(tmpdir(), "clinic-lb-"));
    ports = { a: await freePort(), b: await freePort(), lb: await freePort() };
    const env = (which: "a" | "b") =>
      instanceEnv({
        port: ports[which],
        dataDir: path.join(work, which),
        databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, database),
        publicOrigin: base("lb"),
        secretKey: SECRET_KEY,
        admin: ADMIN,
      });
    // The first instance migrates and seeds; the second starts on the same database.
    const a = await start(process.execPath, [SERVER], env("a"), `Listening on http://127.0.0.1:${ports.a} `);
    const b = await start(process.execPath, [SERVER], env("b"), `Listening on http://127.0.0.1:${ports.b} `);
    instances = { a, b };

    nginx = await startNginx(work, [ports.a, ports.b], ports.lb);
    expect((await fetch(`${base("lb")}/api/health`)).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const running of [nginx, instances?.a, instances?.b]) {
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill("SIGTERM");
        await running.exited;
      }
    }
    await admin?.unsafe(`drop database if exists ${database} with (force)`);
    await admin?.end();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function signIn(which: "a" | "b") {
    const res = await fetch(`${base(which)}/api/admin/login`, {
      method: "POST",
      headers: { origin: base("lb"), "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    return res.headers.get("set-cookie")!.split(";")[0]!;
  }

  it("an image uploaded through one instance is served by the other", async () => {
    const cookie = await signIn("a");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2266aa" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("image", new File([new Uint8Array(png)], "lb.png", { type: "image/png" }));
    const uploaded = await fetch(`${base("a")}/api/admin/team/upload-image`, {
      method: "POST",
      headers: { origin: base("lb"), cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = await uploaded.json();
    const served = await fetch(`${base("b")}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(40);
  });

  it("a service edited through one instance shows on the other's cached page and JSON at once", async () => {
    const cookie = await signIn("a");
    const services = (await (await fetch(`${base("b")}/api/services`)).json()) as Array<{ id: number; slug: string; title: string }>;
    const service = services[0]!;
    await fetch(`${base("b")}/services/${service.slug}`);
    const renamed = `Through nginx ${Date.now()}`;
    const saved = await fetch(`${base("a")}/api/admin/services/${service.id}`, {
      method: "PUT",
      headers: { origin: base("lb"), cookie, "content-type": "application/json" },
      body: JSON.stringify({ title: renamed, slug: service.slug, shortDescription: "Short", description: "Long.", imageAlt: "Alt" }),
    });
    expect(saved.status).toBe(200);
    const started = Date.now();
    const shows = async () => {
      const json = await (await fetch(`${base("b")}/api/services`)).text();
      const page = await (await fetch(`${base("b")}/services/${service.slug}`)).text();
      return json.includes(renamed) && page.includes(renamed);
    };
    await expect.poll(shows, { timeout: 10_000, interval: 20 }).toBe(true);
    console.info(`the other instance showed the change after about ${Date.now() - started} ms`);
  });

  it("a scheduled article appears on both instances at its moment, not when their caches expire", async () => {
    const cookie = await signIn("b");
    const slug = `lb-scheduled-${process.pid}-${Date.now()}`;
    const publishedAt = new Date(Date.now() + 3_000);
    const created = await fetch(`${base("b")}/api/admin/news`, {
      method: "POST",
      headers: { origin: base("lb"), cookie, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Scheduled through nginx",
        slug,
        summary: "At its moment, on both.",
        isPublished: true,
        publishedAt: publishedAt.toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    const listed = async (which: "a" | "b") => (await (await fetch(`${base(which)}/api/news`)).text()).includes(slug);
    // Both instances read the list now and cache it for a minute; then each must empty its own cache
    // at the moment, on its own clock (these are real processes: their clocks cannot be held, so
    // "not before the moment" is checked in tests/instances.test.ts, where the test holds the clock).
    await Promise.all([listed("a"), listed("b")]);
    await expect.poll(async () => [await listed("a"), await listed("b")], { timeout: 20_000, interval: 50 }).toEqual([true, true]);
  });

  it("stopping one instance while inquiries arrive through nginx loses none of them", async () => {
    const secrets = createSecretBox(SECRET_KEY);
    const run = Date.now();
    const statuses: number[] = [];
    const send = async (i: number) => {
      const res = await fetch(`${base("lb")}/api/contact`, {
        method: "POST",
        headers: { origin: base("lb"), "content-type": "application/json" },
        body: inquiryJson(secrets, `Failover ${run} ${i}`),
      });
      statuses.push(res.status);
    };
    // Four senders at a time; instance a is told to stop while they run.
    let next = 0;
    const total = 80;
    const sender = async () => {
      while (next < total) {
        const i = next++;
        if (i === 20) instances.a.child.kill("SIGTERM");
        await send(i);
      }
    };
    await Promise.all([sender(), sender(), sender(), sender()]);
    expect(await instances.a.exited).toBe(0);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const check = postgres(withDatabase(process.env.TEST_DATABASE_URL!, database), { max: 1, onnotice: () => {} });
    try {
      // Identities are encrypted (bound to their row): decrypt them to count this run's distinct senders.
      const rows = await check<Array<{ id: number; identity: string }>>`select id, identity from contact_submissions`;
      const emails = rows
        .map((row) => JSON.parse(secrets.decrypt(row.identity, identityAt(row.id))) as { name: string; email: string })
        .filter((identity) => identity.name.startsWith(`Failover ${run} `))
        .map((identity) => identity.email);
      expect({ n: emails.length, distinct_emails: new Set(emails).size }).toEqual({ n: total, distinct_emails: total });
    } finally {
      await check.end();
    }
    expect(instances.a.output()).toMatch(/Stopped/);
  });
});
