import { createServer } from "node:http";
import autocannon from "autocannon";
import { startBuiltServer } from "./server";

/**
 * `npm run bench:http`: throughput and latency of the hot public paths on the built server (embedded
 * database, fresh seed), 50 connections, 10 s each, after one warm-up request. Absolute numbers swing
 * on a shared 2-core machine; compare runs on the same machine.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4398));

async function run(title: string, path: string, headers: Record<string, string> = {}, base = server.base) {
  await fetch(`${base}${path}`, { headers });
  const result = await autocannon({ url: `${base}${path}`, connections: 50, duration: DURATION, headers });
  const non2xx = result.non2xx ? ` (${result.non2xx} non-2xx)` : "";
  console.log(
    `${title.padEnd(44)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${non2xx}`,
  );
}

try {
  const etag = (await fetch(`${server.base}/`)).headers.get("etag") ?? "";
  const articles = (await (await fetch(`${server.base}/api/news`)).json()) as Array<{ slug: string }>;
  console.log(`autocannon, 50 connections, ${DURATION} s per row:\n`);
  // Baseline: a bare node:http server sending the same JSON, serialized once (DESIGN.md's yardstick).
  const body = Buffer.from(await (await fetch(`${server.base}/api/services`)).arrayBuffer());
  const raw = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  }).listen(4397, "127.0.0.1");
  await run("baseline: raw node:http, same JSON body", "/", {}, "http://127.0.0.1:4397");
  raw.close();
  await run("GET /api/services (cached JSON)", "/api/services");
  await run("GET /api/services gzip", "/api/services", { "accept-encoding": "gzip" });
  await run("GET / (cached server-rendered HTML, gzip)", "/", { "accept-encoding": "gzip" });
  await run("GET / If-None-Match (304)", "/", { "if-none-match": etag });
  await run(`GET /news/${articles[0]?.slug ?? ""}`.slice(0, 44), `/news/${articles[0]?.slug ?? ""}`, { "accept-encoding": "gzip" });
  await run("GET /trpc/services.list (no cache, tRPC)", "/trpc/services.list");
  await run("GET /api/health (database round trip)", "/api/health");
} finally {
  await server.stop();
}
