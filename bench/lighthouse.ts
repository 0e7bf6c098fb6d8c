import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./server";

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation and throttling, its defaults) against the
 * built server on a fresh, seeded database, driving /usr/bin/chromium. Prints the four category scores
 * for the pages the issue names. Run after `npm run build`.
 */
const PAGES = ["/", "/services/stem-cell-therapy", "/news", "/contact"];

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 4399));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  console.log("Lighthouse 12, mobile (simulated throttling), scores 0-100:\n");
  console.log(`${"page".padEnd(30)} perf  a11y  best  seo   LCP     TBT    CLS`);
  for (const page of PAGES) {
    // One warm-up visit fills the server's page cache, as real traffic would.
    await fetch(`${server.base}${page}`);
    const result = await lighthouse(`${server.base}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result!.lhr;
    const score = (key: string) => String(Math.round((lhr.categories[key]?.score ?? 0) * 100)).padStart(4);
    const audit = (key: string) => lhr.audits[key]?.displayValue ?? "-";
    console.log(
      `${page.padEnd(30)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}   ${String(audit("largest-contentful-paint")).padEnd(7)} ${String(audit("total-blocking-time")).padEnd(6)} ${audit("cumulative-layout-shift")}`,
    );
    if (process.env.BENCH_VERBOSE) {
      for (const [id, a] of Object.entries(lhr.audits)) if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative") console.log(`    ${id}: ${a.title} (${a.displayValue ?? a.score})`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
