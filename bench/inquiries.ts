import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import postgres from "postgres";
import { createApp } from "../src/server/http/app";
import { hashSecret } from "../src/server/auth/passwords";
import { createSession } from "../src/server/auth/sessions";
import { buildDeps } from "../src/server/boot/bootstrap";
import { createSecretBox } from "../src/server/auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { adminUsers } from "../src/server/db/schema";
import { loadConfig } from "../src/server/env";
import { auditKeySetting } from "../src/server/services/audit-chain";
import { makeSeeder } from "./seed-inquiries";

/**
 * `npm run bench:inquiries`: the inquiry desk at 1,000 and at 50,000 inquiries, in one run, on the
 * embedded database (or on PostgreSQL with BENCH_DATABASE_URL, in a database of its own).
 *
 * The server runs in a child process of its own (this file, forked with --server): it owns the
 * database (the embedded one lives inside the server), seeds when told, and reports its own CPU time
 * and memory, so the figures are the server's, not the client's. The figures:
 * - the default page call (GET /api/admin/contact?page=1&pageSize=25, what the screen asks first):
 *   median time and the server's CPU per call at both sizes, and the ratio (goal: at most 2);
 * - the page's size (goal: under 100 KB);
 * - a search by phone digits and a status filter at 50,000, for scale;
 * - the CSV export of all 50,000: time, size, and the server's memory growth during it (peak minus
 *   before, of the resident set and of the JavaScript heap, garbage included; goal: under 50 MB).
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const ORIGIN = "http://bench.test";
const SECRET_KEY = "bench-secret-key-0123456789abcdef0123456789abcdef";

type Request = { id: number } & ({ seedTo: number } | { cpu: true } | { sample: "start" | "stop" });

// ------------------------------------------------------------------------------- the server role

async function runServer() {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-bench-inquiries-"));
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  let handle: DatabaseHandle;
  // The server's lines (the desk's reads) are chained with the ring's audit key, as a started server's are.
  const auditKey = { auditKey: auditKeySetting(createSecretBox(SECRET_KEY)) };
  if (url) {
    const name = `clinic_bench_inquiries_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    handle = await openPostgres(databaseUrl, auditKey);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    handle = await openPglite({ dataDir }, auditKey);
  }
  await handle.migrate();
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN, SECRET_KEY });
  const { deps } = await buildDeps(config, { database: handle });
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const [staff] = await deps.db
    .insert(adminUsers)
    .values({ username: "bench", passwordHash: await hashSecret("bench-password"), role: "super_admin" })
    .returning();
  const { token } = await createSession(deps.db, staff!.id, { ip: "127.0.0.1", userAgent: "bench" });

  const seeder = makeSeeder(deps.db, deps.secrets);

  let peak = 0;
  let before = 0;
  let heapPeak = 0;
  let heapBefore = 0;
  let sampler: NodeJS.Timeout | undefined;
  process.on("message", async (message: Request) => {
    const reply = (body: Record<string, unknown>) => process.send!({ id: message.id, ...body });
    if ("seedTo" in message) {
      reply({ seeded: await seeder(message.seedTo) });
    } else if ("cpu" in message) {
      const usage = process.cpuUsage();
      reply({ cpuMs: (usage.user + usage.system) / 1000 });
    } else if (message.sample === "start") {
      global.gc?.();
      const usage = process.memoryUsage();
      before = peak = usage.rss;
      heapBefore = heapPeak = usage.heapUsed;
      sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak = Math.max(peak, now.rss);
        heapPeak = Math.max(heapPeak, now.heapUsed);
      }, 2);
      reply({});
    } else {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      reply({ growthMb: (peak - before) / 1024 / 1024, heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024 });
    }
  });
  process.on("disconnect", async () => {
    server.close();
    await deps.database.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({
    ready: true,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cookie: `clinic_session=${token}`,
    engine: url ? "PostgreSQL" : "embedded PGlite",
    databaseUrl: databaseUrl ?? null,
  });
}

// ------------------------------------------------------------------------------- the client role

async function runClient() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--server"], {
    execArgv: [...process.execArgv, "--expose-gc"],
    stdio: "inherit",
  });
  const ready = await new Promise<{ base: string; cookie: string; engine: string; databaseUrl: string | null }>((resolve) =>
    child.once("message", resolve as never),
  );
  let nextId = 0;
  const ask = <T>(message: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = ++nextId;
      const onMessage = (reply: { id?: number }) => {
        if (reply.id !== id) return;
        child.off("message", onMessage);
        resolve(reply as T);
      };
      child.on("message", onMessage);
      child.send({ id, ...message });
    });
  const headers = { cookie: ready.cookie, origin: ORIGIN };
  // On PostgreSQL this process seeds through a connection of its own, so the server's memory is only
  // what serving took; the embedded database can only be written by the server, which seeds it then.
  let clientDb: DatabaseHandle | null = null;
  let clientSeeder: ((total: number) => Promise<number>) | null = null;
  if (ready.databaseUrl) {
    clientDb = await openPostgres(ready.databaseUrl);
    clientSeeder = makeSeeder(clientDb.db, createSecretBox(SECRET_KEY));
  }
  const seedTo = (total: number) => (clientSeeder ? clientSeeder(total) : ask({ seedTo: total }));
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const get = async (pathAndQuery: string) => (await (await fetch(ready.base + pathAndQuery, { headers })).arrayBuffer()).byteLength;

  /** Median wall time of a call, and the server's CPU per call, after a warm-up. */
  const timeCall = async (pathAndQuery: string) => {
    let bytes = 0;
    for (let i = 0; i < 3; i++) bytes = await get(pathAndQuery);
    const walls: number[] = [];
    const cpuBefore = (await ask<{ cpuMs: number }>({ cpu: true })).cpuMs;
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await get(pathAndQuery);
      walls.push(performance.now() - start);
    }
    const cpuAfter = (await ask<{ cpuMs: number }>({ cpu: true })).cpuMs;
    return { wall: median(walls), cpu: (cpuAfter - cpuBefore) / CALLS, bytes };
  };

  /** Downloads the whole CSV while the server samples its memory (every 2 ms); prints and answers the figures. */
  const exportCsv = async (label: string) => {
    await ask({ sample: "start" });
    const start = performance.now();
    const res = await fetch(`${ready.base}/api/admin/contact/export`, { headers });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - start) / 1000;
    const memory = await ask<{ growthMb: number; heapGrowthMb: number }>({ sample: "stop" });
    console.log(
      `${label.padEnd(36)} ${seconds.toFixed(1).padStart(5)} s   ${(bytes / 1024 / 1024).toFixed(1)} MB   server memory growth: ${memory.growthMb.toFixed(1)} MB resident, ${memory.heapGrowthMb.toFixed(1)} MB JavaScript heap`,
    );
    return memory;
  };

  const PAGE = "/api/admin/contact?page=1&pageSize=25";
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = (label: string, r: { wall: number; cpu: number; bytes: number }) =>
    `${label.padEnd(36)} ${r.wall.toFixed(2).padStart(7)} ms   server CPU ${r.cpu.toFixed(2).padStart(6)} ms   ${kb(r.bytes)}`;
  try {
    console.log(`Inquiry desk on ${ready.engine}; medians of ${CALLS} calls\n`);
    await seedTo(1000);
    const small = await timeCall(PAGE);
    console.log(line("page call at 1,000", small));
    await exportCsv("CSV export of 1,000");
    await seedTo(50_000);
    const large = await timeCall(PAGE);
    console.log(line("page call at 50,000", large));
    console.log(line("  search by phone digits", await timeCall("/api/admin/contact?page=1&pageSize=25&q=8015551234")));
    console.log(line("  status filter, 100 oldest", await timeCall("/api/admin/contact?page=1&pageSize=100&status=closed&sort=oldest")));
    console.log(line("  last page (offset 49,975)", await timeCall("/api/admin/contact?page=2000&pageSize=25")));
    const exported = await exportCsv("CSV export of 50,000");
    console.log(
      `\nratio of the page call, 50,000 / 1,000: ${(large.wall / small.wall).toFixed(2)} in time, ${(large.cpu / small.cpu).toFixed(2)} in server CPU (goal: at most 2)` +
        `\npage size ${kb(large.bytes)} (goal: under 100 KB); memory growth during the export of 50,000: ${exported.growthMb.toFixed(1)} MB resident (goal: under 50 MB)`,
    );
  } finally {
    await clientDb?.close();
    child.disconnect();
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

if (process.argv.includes("--server")) await runServer();
else await runClient();
