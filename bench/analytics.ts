import autocannon from "autocannon";
import { cpuMicrosFromStat, startBuiltServer } from "./server";

/**
 * `npm run bench:analytics`: what counting visits costs the server (issue 25 item 6). Counting does not
 * touch a page's answer: the page's script sends one small POST /api/visit after the page is up, so a
 * cached page costs what it did, and each view adds one beacon. This prints, side by side in each round,
 * the server process's CPU µs per cached page (gzip) and per beacon: counted (a new visitor each time:
 * the dearest case; the counts of a second's beacons are written together, two statements on the
 * embedded database, whose work runs in the server's process),
 * and not counted (Do Not Track: checked, then answered without counting). Medians of the rounds; each
 * round's figure includes the write of its counts (up to a second after the last beacon).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4397), { TRUST_PROXY: "true" });
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let visitor = 0;
/** A request per call: a beacon from a new address each time (TRUST_PROXY: the address is X-Forwarded-For's). */
function beacon(headers: Record<string, string>): autocannon.Request {
  return {
    method: "POST",
    path: "/api/visit",
    setupRequest: (request) => {
      visitor += 1;
      return {
        ...request,
        headers: { ...headers, "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` },
      };
    },
    body: JSON.stringify({
      kind: "view",
      path: "/services/ozone-therapy",
      entry: true,
      referrer: "https://www.example.org/",
      utm: { campaign: "bench" },
    }),
  };
}

async function perRequest(options: Omit<autocannon.Options, "url">): Promise<number> {
  const before = cpuMicrosFromStat(server.pid);
  const result = await autocannon({ connections: 10, amount: REQUESTS, ...options, url: server.base });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  // The counts are written a second after their beacons: wait for that write, so each row pays its own.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return (cpuMicrosFromStat(server.pid) - before) / REQUESTS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const json = { "content-type": "application/json", origin: server.base, "user-agent": CHROME };
  const rows: Record<string, number[]> = {
    "GET / (cached page, gzip)": [],
    "POST /api/visit, counted": [],
    "POST /api/visit, Do Not Track": [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    rows["GET / (cached page, gzip)"]!.push(
      await perRequest({ requests: [{ method: "GET", path: "/", headers: { "accept-encoding": "gzip", "user-agent": CHROME } }] }),
    );
    rows["POST /api/visit, counted"]!.push(await perRequest({ requests: [beacon(json)] }));
    rows["POST /api/visit, Do Not Track"]!.push(await perRequest({ requests: [beacon({ ...json, dnt: "1" })] }));
  }
  console.log(
    `CPU µs per request of the server process (utime + stime), medians of ${ROUNDS} rounds of ${REQUESTS} requests, embedded database:\n`,
  );
  console.log("| request | µs |\n| --- | --- |");
  for (const [title, values] of Object.entries(rows)) console.log(`| ${title} | ${median(values).toFixed(0)} |`);
} finally {
  await server.stop();
}
