import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startBuiltServer } from "./server";

/**
 * `npm run bench:http`: what a cached answer costs the server, as CPU time per request of the server
 * process (utime + stime from /proc/<pid>/stat), against a bare node:http server (its own process)
 * sending the same bytes with the same headers. Requests per second swing twofold on this shared
 * machine; CPU per request does not, so that is the figure. Rounds are interleaved (ours, bare,
 * ours, bare, ...) and the median of each side is kept. The ratio is bare ÷ ours: 1 would be as cheap
 * as a server that does nothing but send bytes.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLOCK_TICK_US = 10_000; // USER_HZ is 100 on Linux

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4398), process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {});

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
  const child = spawn(process.execPath, ["-e", code], {
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
  const answer = await fetch(`${server.base}${path}`, { headers });
  const body = Buffer.from(await answer.arrayBuffer());
  const sent: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "date" && name !== "connection" && name !== "keep-alive" && name !== "transfer-encoding") sent[name] = value;
  });
  if (answer.status === 200) sent["content-length"] = String(body.length);
  const bare = await startBare(4396, answer.status, sent, body);
  try {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await cpuPerRequest(server.pid, `${server.base}${path}`, headers, answer.status));
      theirs.push(await cpuPerRequest(bare.pid!, `http://127.0.0.1:4396${path}`, headers, answer.status));
    }
    const [a, b] = [median(ours), median(theirs)];
    console.log(`| ${title} | ${answer.status} | ${body.length} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`);
  } finally {
    await stop(bare);
  }
}

async function stop(child: ChildProcess) {
  child.kill();
  await new Promise((r) => child.once("exit", r));
}

try {
  const gzip = { "accept-encoding": "gzip" };
  const articles = (await (await fetch(`${server.base}/api/news`)).json()) as Array<{ slug: string }>;
  console.log(`CPU µs per request of the server process, median of ${ROUNDS} interleaved rounds of ${REQUESTS} requests (20 connections):\n`);
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
