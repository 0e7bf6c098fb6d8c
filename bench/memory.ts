import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startBuiltServer, stopProcess } from "../tests/setup/processes";
import { photo24mp } from "./photo";

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
 * The server runs with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 as `npm start` runs it; those and the server's limits
 * (MEMORY_CEILING_MB=..., EMBEDDED_DB_CACHE_MB=..., NODE_OPTIONS) given to the bench pass through.
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

/** The built server with this bench's environment; `pid` is the server's own. */
async function start(env: Record<string, string>) {
  const server = await startBuiltServer({ LOG_LEVEL: "info", ADMIN_PASSWORD: PASSWORD, ...passThrough(), ...env });
  return { ...server, pid: server.child.pid!, stop: () => stopProcess(server) };
}

/** The server's limits given to this bench, passed on. */
function passThrough(): Record<string, string> {
  const names = ["EMBEDDED_DB_CACHE_MB", "PAGE_CACHE_MB", "IMAGE_CACHE_MB", "MEMORY_CEILING_MB", "NODE_OPTIONS", "MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"];
  // As `npm start` and deploy/clinic.service run it (docs/performance.md, "Smallest server").
  return { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", ...Object.fromEntries(names.filter((name) => process.env[name]).map((name) => [name, process.env[name]!])) };
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

/** Waits for the server's image work to end: the variants made after the uploads (the health answer says when none is queued). */
async function imageWorkDone(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { memory?: { imageTasks?: number } };
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
    await imageWorkDone(server.base);
    const uploadPeak = mb(status(server.pid).hwm - before);
    await sleep(60_000);
    const minuteLater = mb(status(server.pid).rss);

    const beforeTen = status(server.pid).rss;
    resetPeak(server.pid);
    await Promise.all(photos.slice(1, 11).map((bytes, i) => upload(server.base, cookie, bytes, `camera-photo-${i}.jpg`)));
    await imageWorkDone(server.base);
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
      ["ten 24 MP uploads at once: peak above before", `+${tenPeak} MB (before ${mb(beforeTen)} MB; after ${afterTen} MB, a minute later ${tenMinuteLater} MB)`],
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${label}`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(58)} ${value}`);
}

const photos = await Promise.all(Array.from({ length: 11 }, (_, i) => photo24mp(i)));
console.log(`24 MP photos: 6000 x 4000 JPEG, ${(photos[0]!.length / 1024 / 1024).toFixed(1)} MB each`);
await run("Embedded database (PGlite in DATA_DIR/db)", {}, photos);
if (PG_URL) {
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
