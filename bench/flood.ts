import { Agent, request } from "node:http";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { cpuMicrosFromStat, startBuiltServer } from "./server";

/**
 * `npm run bench:flood` (after `npm run build`): does a flood of one-off requests slow down the pages
 * everyone reads? A probe reads the cached home page (`GET /`, gzip) one request at a time and times
 * each answer, in alternating phases: quiet, then while other connections flood unique unknown paths
 * (`/no-such-page-<n>`) and unique query strings (`/api/services?x=<n>`,
 * `/api/content?page=home&section=hero&junk=<n>`) at FLOOD_RATE requests a second. The phases alternate
 * in one run so that the load of this shared 2-core machine weighs on both alike. Prints the probe's
 * median per phase, the medians of all quiet and all flooded samples and their ratio (the goal: within
 * 2x), and the server's CPU time per request (utime + stime from /proc/<pid>/stat).
 *
 * The flood runs in a worker thread (autocannon), so its client work does not hold up the probe's
 * event loop. Environment: BENCH_SECONDS (per phase, 8), FLOOD_RATE (1000), FLOOD_CONNECTIONS (10),
 * BENCH_PORT (4399), PHASES (4: quiet, flood, quiet, flood).
 */
const PHASE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const FLOOD_RATE = Number(process.env.FLOOD_RATE ?? 1000);
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 10);
const PHASES = Number(process.env.PHASES ?? 4);
/** Pause between two probe requests: the probe samples the page, it is not a load of its own. */
const PROBE_PAUSE_MS = 5;

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4399));
const url = new URL(server.base);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** The server process's CPU time so far (user + system), in ms; null where /proc is missing. */
function serverCpuMs(): number | null {
  try {
    return cpuMicrosFromStat(server.pid) / 1000;
  } catch {
    return null;
  }
}

/** One GET, timed from the request to the last byte of the body. */
function timedGet(path: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = request({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode ?? 0 }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function probe(durationMs: number): Promise<number[]> {
  const samples: number[] = [];
  const end = Date.now() + durationMs;
  while (Date.now() < end) {
    const { ms, status } = await timedGet("/", { "accept-encoding": "gzip" });
    if (status !== 200) throw new Error(`GET / answered ${status}`);
    samples.push(ms);
    await new Promise((r) => setTimeout(r, PROBE_PAUSE_MS));
  }
  return samples;
}

interface FloodResult {
  total: number;
  "2xx": number;
  "4xx": number;
  "5xx": number;
  errors: number;
}

/** The flood, in a worker thread: autocannon with a unique path or query string per request. */
const FLOOD_WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const autocannon = require(workerData.autocannon);
const paths = [
  (i) => "/no-such-page-" + i,
  (i) => "/api/services?x=" + i,
  (i) => "/api/content?page=home&section=hero&junk=" + i,
];
let n = workerData.offset;
autocannon(
  {
    url: workerData.base,
    connections: workerData.connections,
    duration: workerData.seconds,
    overallRate: workerData.rate,
    headers: { "accept-encoding": "gzip" },
    requests: [{ setupRequest: (req) => { const i = n++; return { ...req, path: paths[i % paths.length](i) }; } }],
  },
  (error, result) =>
    parentPort.postMessage(error ? { error: String(error) } : { total: result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"], "2xx": result["2xx"], "4xx": result["4xx"], "5xx": result["5xx"], errors: result.errors + result.timeouts }),
);
`;
let floodOffset = 0;

function flood(seconds: number): Promise<FloodResult> {
  const offset = floodOffset;
  floodOffset += 10_000_000;
  const worker = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: {
      autocannon: createRequire(import.meta.url).resolve("autocannon"),
      base: server.base,
      connections: FLOOD_CONNECTIONS,
      seconds,
      rate: FLOOD_RATE,
      offset,
    },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (message: FloodResult & { error?: string }) => {
      void worker.terminate();
      if (message.error) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once("error", reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);

try {
  // Warm-up: the home page rendered and cached, the connection open.
  for (let i = 0; i < 20; i++) await timedGet("/", { "accept-encoding": "gzip" });

  console.log(
    `probe: GET / (gzip) one at a time, ${PROBE_PAUSE_MS} ms apart; flood: ${FLOOD_RATE} req/s over ${FLOOD_CONNECTIONS} connections; ${PHASE_SECONDS} s per phase\n`,
  );
  console.log(
    `${"phase".padEnd(8)} ${"samples".padStart(7)} ${"median".padStart(10)} ${"p90".padStart(10)} ${"p99".padStart(10)}   flood req/s (2xx/4xx/5xx)        server CPU/request`,
  );
  const quiet: number[] = [];
  const flooded: number[] = [];
  for (let i = 0; i < PHASES; i++) {
    const isFlood = i % 2 === 1;
    const cpuBefore = serverCpuMs();
    const floodDone = isFlood ? flood(PHASE_SECONDS) : Promise.resolve(null);
    const samples = await probe(PHASE_SECONDS * 1000);
    const floodResult = await floodDone;
    const cpuAfter = serverCpuMs();
    (isFlood ? flooded : quiet).push(...samples);

    const requests = samples.length + (floodResult?.total ?? 0);
    const cpu = cpuBefore !== null && cpuAfter !== null ? `${((cpuAfter - cpuBefore) / requests).toFixed(3)} ms` : "n/a";
    const floodText = floodResult
      ? `${Math.round(floodResult.total / PHASE_SECONDS)} (${floodResult["2xx"]}/${floodResult["4xx"]}/${floodResult["5xx"]}${floodResult.errors ? `, ${floodResult.errors} errors` : ""})`
      : "-";
    console.log(
      `${(isFlood ? "flood" : "quiet").padEnd(8)} ${String(samples.length).padStart(7)} ${ms(median(samples))} ${ms(percentile(samples, 0.9))} ${ms(percentile(samples, 0.99))}   ${floodText.padEnd(32)} ${cpu}`,
    );
  }
  const quietMedian = median(quiet);
  const floodMedian = median(flooded);
  console.log(
    `\nGET / median: quiet ${quietMedian.toFixed(2)} ms, flooded ${floodMedian.toFixed(2)} ms, ratio ${(floodMedian / quietMedian).toFixed(2)} (goal: at most 2)`,
  );
} finally {
  agent.destroy();
  await server.stop();
}
