import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import { CATEGORIES, lighthousePage } from "./lighthouse-run";
import { startBuiltServer } from "./server";

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation and simulated throttling, its defaults)
 * against the built server on a fresh, seeded database, driving /usr/bin/chromium. Each page runs
 * RUNS times (3 by default; a run Lighthouse itself fails is run again); the table shows the median of
 * each figure. Run after `npm run build`, on a quiet machine: the performance score of 100 is this
 * table's (docs/performance.md), not CI's, which holds what does not hang on the machine's speed
 * (e2e/lighthouse.spec.ts).
 * BENCH_VERBOSE=1 lists the audits that scored under 0.9 on any run.
 */
const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(",")
  : ["/", "/services/stem-cell-therapy", "/news", "/contact", "/es/", "/es/contact", "/zh/", "/zh/services/stem-cell-therapy"];
const RUNS = Number(process.env.RUNS ?? 3);
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4399));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  console.log(`Lighthouse 12, mobile (simulated throttling), median of ${RUNS} runs per page:\n`);
  console.log("| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const page of PAGES) {
    // BENCH_DUMP=<folder>: every run's full report, to see where the time goes.
    const dump = process.env.BENCH_DUMP;
    const figures = await lighthousePage(`${server.base}${page}`, chrome.port, RUNS, (run, lhr) => {
      if (dump) writeFileSync(`${dump}/${page.replace(/\W+/g, "_") || "home"}-${run}.json`, JSON.stringify(lhr));
    });
    const row = CATEGORIES.map((c) => figures.scores[c]);
    console.log(
      `| ${page} | ${row.join(" | ")} | ${Math.round(figures.fcp)} | ${Math.round(figures.lcp)} | ${Math.round(figures.tbt)} | ${figures.cls.toFixed(3)} |`,
    );
    if (process.env.BENCH_VERBOSE) for (const line of figures.weak) console.log(`    ${line}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
