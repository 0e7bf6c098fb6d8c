import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./server";

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation and simulated throttling, its defaults)
 * against the built server on a fresh, seeded database, driving /usr/bin/chromium. Each page runs
 * RUNS times (3 by default); the table shows the median of each figure. Run after `npm run build`.
 * BENCH_VERBOSE=1 lists the audits that scored under 0.9 on any run.
 */
const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(",")
  : ["/", "/services/stem-cell-therapy", "/news", "/contact", "/es/", "/es/contact", "/zh/", "/zh/services/stem-cell-therapy"];
const RUNS = Number(process.env.RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4399));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  console.log(`Lighthouse 12, mobile (simulated throttling), median of ${RUNS} runs per page:\n`);
  console.log("| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const page of PAGES) {
    // One warm-up visit fills the server's page cache, as real traffic would.
    await fetch(`${server.base}${page}`);
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const fcp: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    const weak = new Set<string>();
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.base}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
      const lhr = result!.lhr;
      // BENCH_DUMP=<folder>: every run's full report, to see where the time goes.
      if (process.env.BENCH_DUMP) writeFileSync(`${process.env.BENCH_DUMP}/${page.replace(/\W+/g, "_") || "home"}-${run}.json`, JSON.stringify(lhr));
      for (const c of CATEGORIES) scores[c]!.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      fcp.push(lhr.audits["first-contentful-paint"]?.numericValue ?? NaN);
      lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN);
      tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
      cls.push(lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN);
      for (const [id, a] of Object.entries(lhr.audits)) {
        if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative") weak.add(`${id}: ${a.title} (${a.displayValue ?? a.score})`);
      }
    }
    const row = CATEGORIES.map((c) => median(scores[c]!));
    console.log(`| ${page} | ${row.join(" | ")} | ${Math.round(median(fcp))} | ${Math.round(median(lcp))} | ${Math.round(median(tbt))} | ${median(cls).toFixed(3)} |`);
    if (process.env.BENCH_VERBOSE) for (const line of weak) console.log(`    ${line}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
