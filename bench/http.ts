import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { get, type IncomingHttpHeaders } from "node:http";
import autocannon from "autocannon";
import { startBuiltServer } from "./server";

/**
 * `npm run bench:http`: what a cached answer costs the server, as CPU time per request of the server
 * process (utime + stime from /proc/<pid>/stat), against a bare node:http server (its own process)
 * sending the same bytes with the same headers. Requests per second swing twofold on this shared
 * machine; CPU per request does not, so that is the figure. Rounds are interleaved (ours, bare,
 * ours, bare, ...). The ratio is bare ÷ ours, taken per round (the two runs next to each other in
 * time) and the median of those is printed: 1 would be as cheap as a server that does nothing but send
 * bytes. Both servers run on core 1 and this process (autocannon) on core 0 when the machine has two or
 * more (`taskset`, from util-linux): sharing a core with the load generator made the CPU per request
 * swing with how many requests each turn of the event loop found waiting.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PIN = availableParallelism() >= 2;
if (PIN) execFileSync("taskset", ["-pc", "0", String(process.pid)], { stdio: "ignore" });
const CLOCK_TICK_US = 10_000; // USER_HZ is 100 on Linux

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4398), process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}, PIN ? { cpu: 1 } : {});

function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US; // utime, stime
}

/** A bare node:http server in its own process answering every request with these bytes and headers. */
async function startBare(port: number, status: number, headers: Record<string, string>, body: Buffer) {
  const code = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BODY, "base64");
    const headers = JSON.parse(process.env.HEADERS);
    http.createServer((req, res) => { res.writeHead(${status}, headers); res.end(body); })
      .listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(PIN ? "taskset" : process.execPath, PIN ? ["-c", "1", process.execPath, "-e", code] : ["-e", code], {
    env: { BODY: body.toString("base64"), HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  return child;
}

async function cpuPerRequest(pid: number, url: string, headers: Record<string, string>, expect: number) {
  await autocannon({ url, connections: 20, amount: 2_000, headers }); // warm-up
  const before = cpuMicros(pid);
  const result = await autocannon({ url, connections: 20, amount: REQUESTS, headers });
  const used = cpuMicros(pid) - before;
  // A 304 row must answer 304 throughout (autocannon counts them as non-2xx), other rows 2xx.
  const wrong = expect === 304 ? REQUESTS - result.non2xx : result.non2xx;
  if (wrong || result.errors) throw new Error(`${url}: ${wrong} unexpected statuses, ${result.errors} errors`);
  return used / REQUESTS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function compare(title: string, path: string, headers: Record<string, string> = {}) {
  if (process.env.BENCH_ONLY && !title.includes(process.env.BENCH_ONLY)) return;
  // The bytes as sent (fetch would undo the gzip, and the bare server would then send more than we do).
  const answer = await rawGet(`${server.base}${path}`, headers);
  const body = answer.body;
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (name !== "date" && name !== "connection" && name !== "keep-alive" && name !== "transfer-encoding" && name !== "x-request-id") sent[name] = String(value);
  }
  sent["x-request-id"] = "00000000-0000-4000-8000-000000000000"; // ours sends one per answer: the same length
  if (answer.status === 200) sent["content-length"] = String(body.length);
  const bare = await startBare(4396, answer.status, sent, body);
  try {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await cpuPerRequest(server.pid, `${server.base}${path}`, headers, answer.status));
      theirs.push(await cpuPerRequest(bare.pid!, `http://127.0.0.1:4396${path}`, headers, answer.status));
    }
    const ratio = median(ours.map((a, i) => theirs[i]! / a));
    console.log(`| ${title} | ${answer.status} | ${body.length} | ${median(ours).toFixed(1)} | ${median(theirs).toFixed(1)} | ${ratio.toFixed(2)} |`);
  } finally {
    await stop(bare);
  }
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
  console.log(`CPU µs per request of the server process, medians of ${ROUNDS} interleaved rounds of ${REQUESTS} requests (20 connections)${PIN ? ", servers on core 1, autocannon on core 0" : ""}; the ratio is the median of the rounds' ratios:\n`);
  console.log("| answer | status | bytes | ours µs | bare node:http µs | bare ÷ ours |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  await compare("GET /api/services (cached JSON)", "/api/services");
  await compare("GET /api/news (cached JSON, gzip)", "/api/news", gzip);
  await compare("GET / (cached page, gzip)", "/", gzip);
  await compare(`GET /news/<slug> (cached page, gzip)`, `/news/${articles[0]?.slug ?? ""}`, gzip);
  const etag = (await fetch(`${server.base}/`, { headers: gzip })).headers.get("etag") ?? "";
  await compare("GET / If-None-Match (304)", "/", { ...gzip, "if-none-match": etag });
} finally {
  await server.stop();
}
