import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { get, request, type IncomingHttpHeaders } from "node:http";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { leanNodeFlags, memoryLimitMb } from "../src/server/boot/memory-limit";
import { cpuMicrosFromStat, startBuiltServer } from "./server";

/**
 * `npm run bench:http`: what a cached answer costs the server, as CPU time per request of the server
 * process, against a bare node:http server (its own process) sending the same bytes with the same
 * headers. Requests per second swing twofold on this shared machine; CPU per request much less, so
 * that is the figure. The ratio is bare ÷ ours, taken per round and the median of the rounds printed:
 * 1 would be as cheap as a server that does nothing but send bytes.
 *
 * - Both servers run on core 1 and this process (autocannon) on core 0 when the machine has two or
 *   more (`taskset`, from util-linux): sharing a core with the load generator made the CPU per request
 *   swing with how many requests each turn of the event loop found waiting.
 * - In each round both servers are loaded at the same time: whatever else the machine does then
 *   weighs on both. Rounds of one server after the other gave the same server 19-38 µs per 304 from
 *   round to round and the printed ratios swung 0.64-0.94 from run to run; side by side, a round's two
 *   figures move together and the ratios stay within a few hundredths.
 * - The CPU time is the kernel's own count, in nanoseconds, for each of the process's threads
 *   (se.sum_exec_runtime in /proc/<pid>/task/<tid>/sched), the figure that utime + stime in
 *   /proc/<pid>/stat are scaled to; where the kernel does not offer it, utime + stime themselves,
 *   which come in 10 ms ticks (10,000 answers of 30 µs are 30 ticks).
 *
 * - Ours runs as `npm start` runs it, with the V8 limits it derives (src/server/boot/memory-limit.ts),
 *   and the bare server with the same ones: 2 MB semi-spaces cost both more young-generation
 *   collections (ours 6 % more CPU per cached answer than with V8's defaults, 2026-12-07).
 *
 * BENCH_BARE_LOG=1 gives the bare server what every answer of ours owes besides its bytes (a new
 * request id and a request line in the log, batched as ours are): the floor a server that logs each
 * request can reach on node:http (issue 37: about 0.85 of the bare server without it).
 * Since decision 0082 ours writes no line per cached answer (it counts them), so the plain bare server
 * is the comparison that matters. NODE_OPTIONS, when set, is given to both servers alike.
 * BENCH_BARE_INSIDE=1 loads a bare listener inside our process instead of our port (decision 0085).
 * BENCH_BARE_HISTORY=1 lets the bare server first do once what an application process does besides
 * answering (gzip, streams, a child process, a Unix socket, a Hono app, node:http and fetch as clients:
 * bench/bare-history.mjs), then listen as before: the ratio then says what ours adds beyond node's own
 * code as it runs in any process with a history (decision 0087). The plain bare server stays the default.
 * BENCH_ONLY=<part of a title> runs one row; BENCH_VERBOSE=1 prints each round's figures, and those
 * of the main thread alone (the rest is V8's and libuv's helper threads);
 * BENCH_PORT (default 4398) is ours, the next port the bare server's.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PIN = availableParallelism() >= 2;
if (PIN) execFileSync("taskset", ["-pc", "0", String(process.pid)], { stdio: "ignore" });

const PORT = Number(process.env.BENCH_PORT ?? 4398);
/** The bare server's port: the next one. */
const BARE_PORT = PORT + 1;
/** What both servers are given besides the limits npm start derives (NODE_OPTIONS, e.g. a V8 flag to try). */
const SHARED_ENV: Record<string, string> = process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {};
/**
 * BENCH_BARE_INSIDE=1: the bare listener is also run inside our server's process (bench/bare-inside.cjs,
 * on the port after the bare server's), and that is loaded instead of ours: the ratio then says what
 * our process costs a request that runs no code of ours (issue 37: 0.83, the same as through the lane).
 */
const BARE_INSIDE = process.env.BENCH_BARE_INSIDE === "1";
const INSIDE_PORT = PORT + 2;
const insideEnv: Record<string, string> = BARE_INSIDE
  ? {
      NODE_OPTIONS: `${SHARED_ENV.NODE_OPTIONS ?? ""} --require ${fileURLToPath(new URL("bare-inside.cjs", import.meta.url))}`.trim(),
      BARE_INSIDE_PORT: String(INSIDE_PORT),
    }
  : {};
const server = await startBuiltServer(
  PORT,
  { ...SHARED_ENV, ...insideEnv, ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}) },
  PIN ? { cpu: 1 } : {},
);

/** The kernel's nanosecond count for each thread, in µs; null where the kernel does not offer it. */
function schedMicros(pid: number, mainOnly = false): number | null {
  let nanos = 0;
  for (const tid of mainOnly ? [String(pid)] : readdirSync(`/proc/${pid}/task`)) {
    const line = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(readFileSync(`/proc/${pid}/task/${tid}/sched`, "utf8"));
    if (!line) return null;
    nanos += Number(line[1]) * 1e6; // written in milliseconds with six decimals
  }
  return nanos / 1000;
}

// Chosen once, so a round's two readings always come from the same source.
const SCHED = (() => {
  try {
    return schedMicros(server.pid) !== null;
  } catch {
    return false;
  }
})();
const CPU_SOURCE = SCHED ? "se.sum_exec_runtime of its threads" : "utime + stime from /proc/<pid>/stat";
const cpuMicros = (pid: number): number => (SCHED ? schedMicros(pid)! : cpuMicrosFromStat(pid));

/** BENCH_BARE_HISTORY=1: the bare server does an application's ordinary work once before it listens (decision 0087). */
const BARE_HISTORY = process.env.BENCH_BARE_HISTORY === "1";
const HISTORY_ARGS = BARE_HISTORY ? ["--import", fileURLToPath(new URL("bare-history.mjs", import.meta.url))] : [];

/**
 * The bare server's request listener: the bytes and headers alone, or (BENCH_BARE_LOG=1) also what
 * every answer of ours must do besides: a new request id in X-Request-Id and a request line in the
 * log, laid out and written in batches as src/server/log.ts does (20 ms or 512 lines, to stdout).
 */
const BARE_LOG = process.env.BENCH_BARE_LOG === "1";
const bareListener = (status: number) =>
  BARE_LOG
    ? `
    const { randomUUID } = require("node:crypto");
    let queued = [];
    const flush = () => { if (queued.length) { const lines = queued.join(""); queued = []; process.stdout.write(lines); } };
    let ms = 0, time = "";
    const middle = ',"method":"GET","route":"/","status":';
    const listener = (req, res) => {
      const started = performance.now();
      const id = randomUUID();
      headers["x-request-id"] = id;
      res.writeHead(${status}, headers);
      res.end(body);
      const now = Date.now();
      if (now !== ms) { ms = now; time = new Date(now).toISOString(); }
      const count = queued.push('{"level":"info","time":"' + time + '","requestId":"' + id + '"' + middle + ${status} + ',"durationMs":' + Math.round((performance.now() - started) * 10) / 10 + ',"msg":"request"}\\n');
      if (count === 1) setTimeout(flush, 20).unref();
      else if (count >= 512) flush();
    };`
    : `const listener = (req, res) => { res.writeHead(${status}, headers); res.end(body); };`;

/** A bare node:http server in its own process answering every request with these bytes and headers. */
async function startBare(port: number, status: number, headers: Record<string, string>, body: Buffer) {
  const code = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY, "base64");
    const headers = JSON.parse(process.env.HEADERS);
    ${bareListener(status)}
    http.createServer(listener).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  // With the V8 limits npm start gives ours (bench/server.ts): both servers on the same runtime settings.
  const node = [process.execPath, ...leanNodeFlags(memoryLimitMb(), process.env.NODE_OPTIONS ?? ""), ...HISTORY_ARGS, "-e", code];
  const child = spawn(PIN ? "taskset" : node[0]!, PIN ? ["-c", "1", ...node] : node.slice(1), {
    env: { BODY: body.toString("base64"), HEADERS: JSON.stringify(headers), ...SHARED_ENV },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  child.stdout!.resume(); // its log lines (BENCH_BARE_LOG), read and dropped as the server's are kept
  return child;
}

const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
/** BENCH_VERBOSE: each round's µs per request of the main thread alone, by pid (the rest is V8's and libuv's helper threads). */
const mainThread = new Map<number, number[]>();

interface Target {
  pid: number;
  url: string;
}

/**
 * One round: both servers loaded at the same time (two autocannon runs side by side), so whatever the
 * machine is doing meanwhile (other tenants, the host) weighs on both alike; CPU µs per request of each.
 */
async function measureRound(targets: Target[], headers: Record<string, string>, expect: number): Promise<number[]> {
  await Promise.all(targets.map(({ url }) => autocannon({ url, connections: 20, amount: 2_000, headers }))); // warm-up
  return Promise.all(
    targets.map(async ({ pid, url }) => {
      const before = cpuMicros(pid);
      const mainBefore = VERBOSE && SCHED ? schedMicros(pid, true)! : 0;
      const result = await autocannon({ url, connections: 20, amount: REQUESTS, headers });
      const used = cpuMicros(pid) - before;
      if (VERBOSE && SCHED) mainThread.set(pid, [...(mainThread.get(pid) ?? []), (schedMicros(pid, true)! - mainBefore) / REQUESTS]);
      // A 304 row must answer 304 throughout (autocannon counts them as non-2xx), other rows 2xx.
      const wrong = expect === 304 ? REQUESTS - result.non2xx : result.non2xx;
      if (wrong || result.errors) throw new Error(`${url}: ${wrong} unexpected statuses, ${result.errors} errors`);
      return used / REQUESTS;
    }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function compare(title: string, path: string, headers: Record<string, string> = {}) {
  if (process.env.BENCH_ONLY && !title.includes(process.env.BENCH_ONLY)) return;
  // The bytes as sent (fetch would undo the gzip, and the bare server would then send more than we do).
  const answer = await rawGet(`${server.base}${path}`, headers);
  const body = answer.body;
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (name !== "date" && name !== "connection" && name !== "keep-alive" && name !== "transfer-encoding" && name !== "x-request-id")
      sent[name] = String(value);
  }
  sent["x-request-id"] = "00000000-0000-4000-8000-000000000000"; // ours sends one per answer: the same length
  if (answer.status === 200) sent["content-length"] = String(body.length);
  const bare = await startBare(BARE_PORT, answer.status, sent, body);
  if (BARE_INSIDE) await putInside({ status: answer.status, headers: sent, body: body.toString("base64") });
  try {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [mine, bares] = await measureRound(
        [
          { pid: server.pid, url: BARE_INSIDE ? `http://127.0.0.1:${INSIDE_PORT}${path}` : `${server.base}${path}` },
          { pid: bare.pid!, url: `http://127.0.0.1:${BARE_PORT}${path}` },
        ],
        headers,
        answer.status,
      );
      ours.push(mine!);
      theirs.push(bares!);
    }
    const ratio = median(ours.map((a, i) => theirs[i]! / a));
    if (VERBOSE) {
      console.log(ours.map((a) => a.toFixed(1)).join(" "), "/", theirs.map((a) => a.toFixed(1)).join(" "));
      const main = (pid: number) => (mainThread.get(pid) ?? []).map((a) => a.toFixed(1)).join(" ");
      if (SCHED) console.log(`  main thread: ${main(server.pid)} / ${main(bare.pid!)}`);
      mainThread.clear();
    }
    console.log(
      `| ${title} | ${answer.status} | ${body.length} | ${median(ours).toFixed(1)} | ${median(theirs).toFixed(1)} | ${ratio.toFixed(2)} |`,
    );
  } finally {
    await stop(bare);
  }
}

/** Tells the bare listener inside our process (BENCH_BARE_INSIDE) what to answer. */
function putInside(answer: { status: number; headers: Record<string, string>; body: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`http://127.0.0.1:${INSIDE_PORT}/`, { method: "PUT" }, (res) => res.resume().on("end", () => resolve()));
    req.on("error", reject);
    req.end(JSON.stringify(answer));
  });
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

async function stop(child: ChildProcess) {
  child.kill();
  await new Promise((r) => child.once("exit", r));
}

try {
  const gzip = { "accept-encoding": "gzip" };
  const articles = (await (await fetch(`${server.base}/api/news`)).json()) as Array<{ slug: string }>;
  const services = (await (await fetch(`${server.base}/api/services`)).json()) as Array<{ slug: string }>;
  console.log(
    `CPU µs per request of the server process (${CPU_SOURCE}), medians of ${ROUNDS} rounds of ${REQUESTS} requests (20 connections) to each, both servers loaded at the same time${PIN ? ", servers on core 1, autocannon on core 0" : ""}; the ratio is the median of the rounds' ratios:\n`,
  );
  if (BARE_LOG) console.log("The bare server also makes a request id and writes a request line per answer (BENCH_BARE_LOG=1).\n");
  if (BARE_INSIDE) console.log("Ours: a bare listener inside our server's process, not our fast lane (BENCH_BARE_INSIDE=1).\n");
  if (BARE_HISTORY) console.log("The bare server did an application's ordinary work once before it listened (BENCH_BARE_HISTORY=1).\n");
  console.log("| answer | status | bytes | ours µs | bare node:http µs | bare ÷ ours |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  await compare("GET /api/services (cached JSON)", "/api/services");
  await compare("GET /api/news (cached JSON, gzip)", "/api/news", gzip);
  await compare("GET / (cached page, gzip)", "/", gzip);
  await compare("GET /services/<slug> (cached page, gzip)", `/services/${services[0]?.slug ?? ""}`, gzip);
  await compare(`GET /news/<slug> (cached page, gzip)`, `/news/${articles[0]?.slug ?? ""}`, gzip);
  const etag = (await fetch(`${server.base}/`, { headers: gzip })).headers.get("etag") ?? "";
  await compare("GET / If-None-Match (304)", "/", { ...gzip, "if-none-match": etag });
} finally {
  await server.stop();
}
