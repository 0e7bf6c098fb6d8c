import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createSecretBox } from "../src/server/auth/secret-box";
import { openPglite } from "../src/server/db/client";
import { issueFormToken } from "../src/server/services/form-token";
import { startBuiltServer, stopProcess } from "../tests/setup/processes";
import { photo, photo24mp } from "./photo";
import { makeSeeder } from "./seed-inquiries";
import { leanNodeFlags, memoryLimitMb } from "../src/server/boot/memory-limit";

/**
 * `npm run bench:memory` (after `npm run build`): the built server's memory, as the operator of a small
 * server sees it (resident memory of the process, from /proc/<pid>/status), on the embedded database
 * and, when TEST_DATABASE_URL or DATABASE_URL is given, on PostgreSQL beside it (a new database of its
 * own, dropped after). For each:
 * - first start on a new data folder: the server's peak (VmHWM) when it listens, and the peak of the
 *   process that creates the embedded database (it prints its own);
 * - steady: resident memory 10 s after it listens, and after a few public pages;
 * - restart on the same folder: its peak when it listens;
 * - one upload of a 24-megapixel photo (6000 x 4000 JPEG with noise, under the 10 MB limit): the peak
 *   above the resident memory before it (the peak is reset through /proc/<pid>/clear_refs), and the
 *   resident memory a minute later;
 * - ten such uploads sent at once (queued, one at a time): the peak above the memory before them, and
 *   the resident memory when their variants are made and a minute later.
 * Then, on the embedded database, a day of work compressed into minutes (issue 26): the server on a
 * folder that already holds 50,000 inquiries (seeded by this process into the folder's database while
 * the server is stopped, encrypted with the server's SECRET_KEY); ten rounds of: public page views
 * (pages and the JSON the public site reads), 50 inquiries through the contact form (each from its own
 * address in X-Forwarded-For, the server trusting one proxy), the inquiry desk paged and searched (a
 * name, phone digits), one photo upload (12 to 24 megapixels); then a CSV export of every inquiry and
 * a backup. Printed: the peak during the day, each kind of step's own peak (VmHWM reset through
 * /proc/<pid>/clear_refs before each step and read after it; the highest of its rounds, with the
 * resident memory before it), the peak of the process that exports the live backup (decision 0055), and
 * the resident memory once it settles (image work done, then a minute idle). The goals: a peak under
 * 400 MB, under 300 MB steady. BENCH_DAY_ONLY=1 runs the day alone; BENCH_DAY_INQUIRIES=n seeds n
 * inquiries instead of 50,000 (a quicker look; the documented figures are at 50,000).
 * The server runs with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 as `npm start` runs it; those and the server's limits
 * (MEMORY_CEILING_MB=..., EMBEDDED_DB_CACHE_MB=..., NODE_OPTIONS; SERVER_NODE_OPTIONS for the server alone) given to the bench pass through.
 * One run: figures move by some MB from run to run.
 */
const PASSWORD = "bench-password-1";
const PG_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const mb = (kb: number) => Math.round(kb / 1024);

function status(pid: number): { hwm: number; rss: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)![1]);
  return { hwm: field("VmHWM"), rss: field("VmRSS") };
}

/** Resets the peak (VmHWM) to the present resident memory. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/**
 * The built server with this bench's environment, as `npm start` runs it: with the V8 limits it derives
 * from the memory the process may use (src/server/boot/memory-limit.ts) where SERVER_NODE_OPTIONS
 * sets none; `pid` is the server's own.
 */
async function start(env: Record<string, string>) {
  const given = passThrough();
  const server = await startBuiltServer(
    { LOG_LEVEL: "info", ADMIN_PASSWORD: PASSWORD, ...given, ...env },
    leanNodeFlags(memoryLimitMb(), given.NODE_OPTIONS ?? ""),
  );
  return { ...server, pid: server.child.pid!, stop: () => stopProcess(server) };
}

/** The server's limits given to this bench, passed on. */
function passThrough(): Record<string, string> {
  const names = [
    "EMBEDDED_DB_CACHE_MB",
    "PAGE_CACHE_MB",
    "IMAGE_CACHE_MB",
    "MEMORY_CEILING_MB",
    "NODE_OPTIONS",
    "MALLOC_ARENA_MAX",
    "MALLOC_MMAP_THRESHOLD_",
  ];
  // As `npm start` and deploy/clinic.service run it (docs/performance.md, "Smallest server").
  // SERVER_NODE_OPTIONS: node's options for the server alone (the 512 MB settings' heap limit would
  // also bind this bench's own process, which seeds 50,000 inquiries, if given as NODE_OPTIONS).
  const serverNodeOptions: Record<string, string> = process.env.SERVER_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS }
    : {};
  return {
    MALLOC_ARENA_MAX: "2",
    MALLOC_MMAP_THRESHOLD_: "131072",
    ...Object.fromEntries(names.filter((name) => process.env[name]).map((name) => [name, process.env[name]!])),
    ...serverNodeOptions,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

async function upload(base: string, cookie: string, bytes: Buffer, name: string): Promise<void> {
  const form = new FormData();
  form.set("image", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  const res = await fetch(`${base}/api/admin/team/upload-image`, { method: "POST", body: form, headers: { cookie, origin: base } });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

/** Waits for the server's image work to end: the variants made after the uploads (the health answer says to staff when none is queued). */
async function imageWorkDone(base: string, cookie: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const health = (await (await fetch(`${base}/api/health`, { headers: { cookie } })).json()) as { memory?: { imageTasks?: number } };
    if (!health.memory || health.memory.imageTasks === 0) return;
    await sleep(200);
  }
}

async function run(label: string, env: Record<string, string>, photos: Buffer[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-memory-"));
  const rows: Array<[string, string]> = [];
  try {
    const first = await start({ DATA_DIR: dataDir, ...env });
    const firstPeak = mb(status(first.pid).hwm);
    const childPeak = /"peakMb":(\d+)/.exec(first.output())?.[1];
    await sleep(10_000);
    const steady = mb(status(first.pid).rss);
    for (const page of ["/", "/services", "/about", "/contact", "/news"]) await (await fetch(first.base + page)).arrayBuffer();
    const afterPages = mb(status(first.pid).rss);
    await first.stop();

    const server = await start({ DATA_DIR: dataDir, ...env });
    const restartPeak = mb(status(server.pid).hwm);
    const cookie = await signIn(server.base);

    global.gc?.();
    const before = status(server.pid).rss;
    resetPeak(server.pid);
    await upload(server.base, cookie, photos[0]!, "camera-photo.jpg");
    await imageWorkDone(server.base, cookie);
    const uploadPeak = mb(status(server.pid).hwm - before);
    await sleep(60_000);
    const minuteLater = mb(status(server.pid).rss);

    const beforeTen = status(server.pid).rss;
    resetPeak(server.pid);
    await Promise.all(photos.slice(1, 11).map((bytes, i) => upload(server.base, cookie, bytes, `camera-photo-${i}.jpg`)));
    await imageWorkDone(server.base, cookie);
    const tenPeak = mb(status(server.pid).hwm - beforeTen);
    const afterTen = mb(status(server.pid).rss);
    await sleep(60_000);
    const tenMinuteLater = mb(status(server.pid).rss);
    await server.stop();

    rows.push(
      ["first start: server's peak when listening", `${firstPeak} MB`],
      ["first start: database creation's peak (its own process)", childPeak ? `${childPeak} MB` : "none (PostgreSQL)"],
      ["steady, 10 s after start", `${steady} MB (after 5 pages: ${afterPages} MB)`],
      ["restart: peak when listening", `${restartPeak} MB`],
      ["one 24 MP upload: peak above before", `+${uploadPeak} MB (before ${mb(before)} MB; a minute later ${minuteLater} MB)`],
      [
        "ten 24 MP uploads at once: peak above before",
        `+${tenPeak} MB (before ${mb(beforeTen)} MB; after ${afterTen} MB, a minute later ${tenMinuteLater} MB)`,
      ],
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${label}`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(58)} ${value}`);
}

const SECRET_KEY = "bench-memory-secret-key-0123456789abcdef0123456789";
// BENCH_DAY_INQUIRIES: fewer for a quicker look (the documented figures are at 50,000); BENCH_DAY_ONLY=1: the day alone.
const DAY_INQUIRIES_BEFORE = Number(process.env.BENCH_DAY_INQUIRIES ?? 50_000);

/** Answers 2xx or throws; the body is read to its end (as a browser would). */
async function get(base: string, url: string, cookie?: string): Promise<number> {
  const res = await fetch(base + url, { headers: cookie ? { cookie, origin: base } : {} });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return bytes;
}

async function publicViews(base: string, count: number): Promise<void> {
  const urls = [
    "/",
    "/about",
    "/services",
    "/news",
    "/contact",
    "/api/services",
    "/api/team",
    "/api/news",
    "/api/content?page=home",
    "/api/content?page=about",
  ];
  for (let i = 0; i < count; i++) await get(base, urls[i % urls.length]!);
}

async function inquiry(base: string, secrets: ReturnType<typeof createSecretBox>, i: number): Promise<void> {
  const res = await fetch(`${base}/api/contact`, {
    method: "POST",
    // Each visitor from an address of its own: the server trusts one proxy (TRUST_PROXY_HOPS=1).
    headers: { origin: base, "content-type": "application/json", "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.9` },
    body: JSON.stringify({
      name: `Day Visitor ${i}`,
      email: `day.visitor${i}@example.com`,
      phone: `(385) 555-${String(i).padStart(4, "0")}`,
      servicesInterested: ["Ozone Therapy"],
      healthConditions: i % 3 === 0 ? "Knee pain after a fall last spring" : undefined,
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: issueFormToken(secrets, new Date(Date.now() - 10_000)),
    }),
  });
  if (res.status !== 201) throw new Error(`inquiry ${i}: ${res.status} ${await res.text()}`);
}

/**
 * The day of work on the embedded database (see the top of this file). Prints its two figures.
 */
async function day() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-day-"));
  const env = { DATA_DIR: dataDir, SECRET_KEY, TRUST_PROXY: "true", TRUST_PROXY_HOPS: "1" };
  const sizes = Array.from({ length: 10 }, (_, i) => {
    const megapixels = 12 + (12 * i) / 9;
    const width = Math.round(Math.sqrt(megapixels * 1e6 * 1.5));
    return [width, Math.round(width / 1.5)] as const;
  });
  const dayPhotos = await Promise.all(sizes.map(([width, height], i) => photo(20 + i, width, height)));
  try {
    // The folder made and migrated by the server itself, then the inquiries written into it while it is stopped.
    await (await start(env)).stop();
    const handle = await openPglite({ dataDir });
    try {
      await makeSeeder(handle.db, createSecretBox(SECRET_KEY))(DAY_INQUIRIES_BEFORE);
    } finally {
      await handle.close();
    }

    const server = await start(env);
    const { base, pid } = server;
    const secrets = createSecretBox(SECRET_KEY);
    const cookie = await signIn(base);
    // Each step's own peak: VmHWM reset before it and read after it (the highest of its ten rounds).
    const steps = new Map<string, { peak: number; before: number }>();
    let dayPeak = 0;
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const before = status(pid).rss;
      resetPeak(pid);
      const answer = await work();
      const peak = status(pid).hwm;
      dayPeak = Math.max(dayPeak, peak);
      const known = steps.get(name);
      if (!known || peak > known.peak) steps.set(name, { peak, before });
      return answer;
    };
    for (let round = 0; round < 10; round++) {
      await step("public page and JSON views (40 a round)", () => publicViews(base, 40));
      await step("inquiries through the form (50 a round)", async () => {
        for (let k = 0; k < 50; k++) await inquiry(base, secrets, round * 50 + k);
      });
      await step("desk pages (4 a round)", async () => {
        for (const page of [1, 2, 3, 1 + round * 200]) await get(base, `/api/admin/contact?page=${page}&pageSize=25`, cookie);
      });
      await step("desk search by name", () =>
        get(base, `/api/admin/contact?q=${encodeURIComponent(`Patient ${round * 4321}`)}&page=1&pageSize=25`, cookie),
      );
      await step("desk search by phone digits", () =>
        get(base, `/api/admin/contact?q=555-${String(round * 1111).padStart(4, "0")}&page=1&pageSize=25`, cookie),
      );
      await step("photo upload (12 to 24 MP) and its variants", async () => {
        await upload(base, cookie, dayPhotos[round]!, `day-photo-${round}.jpg`);
        await imageWorkDone(base, cookie);
      });
    }
    // The export needs a fresh check (5 minutes, decision 0054): on a loaded machine the day takes longer.
    const fresh = await signIn(base);
    const csvBytes = await step("CSV export of every inquiry", () => get(base, "/api/admin/contact/export", fresh));
    const backupBytes = await step("backup (the portal's download)", async () => {
      const backup = await fetch(`${base}/api/admin/backup`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify({ password: PASSWORD, passphrase: "bench backup passphrase" }),
      });
      const bytes = (await backup.arrayBuffer()).byteLength;
      if (backup.status !== 200) throw new Error(`backup: ${backup.status}`);
      return bytes;
    });
    await imageWorkDone(base, cookie);
    // The embedded database's live backup is exported by a process of its own, which logs its peak.
    const exportPeak = [...server.output().matchAll(/"peakMb":(\d+),"msg":"Backup: /g)].at(-1)?.[1];
    const afterWork = mb(status(pid).rss);
    await sleep(60_000);
    const settled = status(pid);
    await server.stop();

    console.log(`\nA day of work (embedded database, ${DAY_INQUIRIES_BEFORE.toLocaleString("en-US")} inquiries before it)`);
    console.log("  400 public page and JSON views, 500 inquiries, 60 desk pages and searches,");
    console.log(
      `  10 uploads of 12 to 24 MP, a CSV export (${(csvBytes / 1024 / 1024).toFixed(1)} MB), a backup (${(backupBytes / 1024 / 1024).toFixed(1)} MB)`,
    );
    console.log(`  ${"peak during the day (VmHWM)".padEnd(58)} ${mb(dayPeak)} MB`);
    console.log("  each step's peak (VmHWM reset before it; the highest of its rounds, and the memory before it):");
    for (const [name, { peak, before }] of steps) console.log(`    ${name.padEnd(56)} ${mb(peak)} MB (before ${mb(before)} MB)`);
    console.log(
      `    ${"  the backup's export: its own process's peak".padEnd(56)} ${exportPeak ? `${exportPeak} MB` : "none (exported in the server)"}`,
    );
    console.log(
      `  ${"steady: image work done, then a minute idle (VmRSS)".padEnd(58)} ${mb(settled.rss)} MB (when the work ended: ${afterWork} MB)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const dayOnly = process.env.BENCH_DAY_ONLY === "1";
const photos = dayOnly ? [] : await Promise.all(Array.from({ length: 11 }, (_, i) => photo24mp(i)));
if (!dayOnly) console.log(`24 MP photos: 6000 x 4000 JPEG, ${(photos[0]!.length / 1024 / 1024).toFixed(1)} MB each`);
if (!dayOnly) await run("Embedded database (PGlite in DATA_DIR/db)", {}, photos);
await day();
if (PG_URL && !dayOnly) {
  const name = `clinic_bench_memory_${Date.now().toString(36)}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    await run("PostgreSQL (DATABASE_URL)", { DATABASE_URL: url.toString() }, photos);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
