import lighthouse from "lighthouse";

export type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * Lighthouse (mobile emulation and simulated throttling, its defaults) in a Chrome already listening on
 * `port`: the median figures of several runs of a page, what `npm run bench:lighthouse` prints, and the
 * one run a page that e2e/lighthouse.spec.ts holds to what does not hang on the machine's speed
 * (steadyFindings). One warm-up visit first fills the server's page cache, as real traffic would.
 */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface PageFigures {
  /** The median score of each category, 0-100. */
  scores: Record<Category, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The audits that scored under 0.9 in any run: what to look at when a score is short. */
  weak: string[];
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One Lighthouse report of `url`. Where Lighthouse itself fails (a runtimeError, its performance and
 * best practices scored null) it runs again, as its message asks, up to `attempts` in all: on a busy
 * machine Chromium's trace now and then misses the navigation's start (NO_NAVSTART, 5 of 36 runs on
 * 2026-12-07, on every page), which counted as a 0 in a median before. An error that stays (a page
 * that never paints, a 500) is the last report's.
 */
export async function lighthouseRun(url: string, port: number, attempts = 4): Promise<Report> {
  let lhr: Report | undefined;
  for (let attempt = 0; attempt < attempts && (!lhr || lhr.runtimeError); attempt++) {
    lhr = (await lighthouse(url, { port, output: "json", logLevel: "error" }))!.lhr;
  }
  return lhr!;
}

export async function lighthousePage(
  url: string,
  port: number,
  runs: number,
  onReport?: (run: number, lhr: Report) => void,
): Promise<PageFigures> {
  await fetch(url);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]])) as Record<Category, number[]>;
  const figures = { fcp: [] as number[], lcp: [] as number[], tbt: [] as number[], cls: [] as number[] };
  const weak = new Set<string>();
  for (let run = 0; run < runs; run++) {
    const lhr = await lighthouseRun(url, port);
    onReport?.(run, lhr);
    for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    figures.fcp.push(lhr.audits["first-contentful-paint"]?.numericValue ?? NaN);
    figures.lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN);
    figures.tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
    figures.cls.push(lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN);
    for (const [id, a] of Object.entries(lhr.audits)) {
      if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        weak.add(`${id}: ${a.title} (${a.displayValue ?? a.score})`);
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])) as Record<Category, number>,
    fcp: median(figures.fcp),
    lcp: median(figures.lcp),
    tbt: median(figures.tbt),
    cls: median(figures.cls),
    weak: [...weak],
  };
}

/**
 * What CI holds a page to (issue 35 item 7). A performance score is a wall-clock measure: with the two
 * cores busy with other work a page's Total Blocking Time goes from 0-90 ms to 170-280 ms, enough for
 * 92-99, so the score of 100 stays the bench's, on a quiet machine (docs/performance.md). Held instead:
 * - accessibility, best practices and SEO at 100: they read the page and its answers, not the clock;
 * - cumulative layout shift exactly 0;
 * - the performance audits below, which look at tags, bytes and headers: none finds anything;
 * - budgets on the script and total bytes fetched and on the DOM's elements.
 * Left out as timing: FCP, LCP, TBT, speed index, interactive, max-potential-fid, main-thread work,
 * boot-up time, server response time, the insights read from the trace's timings, offscreen-images
 * (it counts only images fetched before time to interactive) and unused-css-rules (CSS coverage at the
 * trace's end). Failing today, so not held: unused-javascript (about 34 KiB of the shared bundle a
 * page does not run) and uses-long-cache-ttl (the SVG artwork's one-day cache).
 */
export const STEADY_CATEGORIES = ["accessibility", "best-practices", "seo"] as const satisfies readonly Category[];

/** Performance audits that list what they find; a held page has nothing in any of them. */
export const NOTHING_FOUND = [
  // A script or stylesheet that holds the first paint: flagged when its simulated download on slow 4G
  // (150 ms round trips, whatever the machine) passes 50 ms, so any such tag of our own.
  "render-blocking-resources",
  "uses-responsive-images",
  "uses-optimized-images",
  "modern-image-formats",
  "efficient-animated-content",
  "unsized-images",
  "unminified-javascript",
  "unminified-css",
  "uses-text-compression",
  "legacy-javascript",
  "duplicated-javascript",
  "font-display",
  "redirects",
  "no-document-write",
  "viewport",
] as const;

/**
 * Transfer sizes as Lighthouse counts them (compressed bodies and headers of everything a page fetches
 * until the network is quiet, the parts loaded on demand once it is up included), in bytes. On
 * 2026-12-07, `/`, `/es/` and `/zh/contact`: scripts 97.2-99.5 KiB, all bytes 116-127 KiB, 291-360
 * elements. The build holds each page's own scripts to 90 KB gzip (tests/bundle-budget.test.ts); this
 * budget also sees what the build does not, a script the page fetches from elsewhere. Lighthouse's
 * score for the DOM falls under 0.9 at 818 elements.
 */
export const BUDGETS = { scriptBytes: 105 * 1024, totalBytes: 150 * 1024, domElements: 800 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** What in one report breaks the rules above, a line each; empty when the page holds. */
export function steadyFindings(lhr: Report): string[] {
  if (lhr.runtimeError) return [`Lighthouse failed: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`];
  const found: string[] = [];
  for (const c of STEADY_CATEGORIES) {
    const category = lhr.categories[c];
    const score = Math.round((category?.score ?? 0) * 100);
    if (score === 100) continue;
    const short = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]!.score! < 1)
      .map((ref) => ref.id);
    found.push(`${c} ${score}: ${short.join(", ") || "no audit short"}`);
  }
  const cls = lhr.audits["cumulative-layout-shift"];
  if (cls?.numericValue !== 0) found.push(`cumulative-layout-shift: ${cls?.numericValue ?? "missing"}, not 0`);
  for (const id of NOTHING_FOUND) {
    const a = lhr.audits[id];
    // A missing or failed audit is no pass: a Lighthouse upgrade that renames one shows here.
    if (!a) found.push(`${id}: no such audit`);
    else if (a.scoreDisplayMode === "error") found.push(`${id}: audit failed (${a.errorMessage})`);
    else if (a.scoreDisplayMode === "notApplicable") continue;
    else {
      const items = (a.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
      if (items.length > 0 || a.score !== 1)
        found.push(`${id}: ${a.displayValue ?? a.score} ${items.map((i) => i.url ?? JSON.stringify(i).slice(0, 200)).join(", ")}`.trim());
    }
  }
  const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })?.items;
  const script = summary?.find((i) => i.resourceType === "script")?.transferSize;
  const total = summary?.find((i) => i.resourceType === "total")?.transferSize;
  const elements = lhr.audits["dom-size"]?.numericValue;
  if (script === undefined || script > BUDGETS.scriptBytes)
    found.push(`scripts: ${script === undefined ? "not counted" : kb(script)}, budget ${kb(BUDGETS.scriptBytes)}`);
  if (total === undefined || total > BUDGETS.totalBytes)
    found.push(`all bytes: ${total === undefined ? "not counted" : kb(total)}, budget ${kb(BUDGETS.totalBytes)}`);
  if (elements === undefined || elements > BUDGETS.domElements)
    found.push(`dom-size: ${elements ?? "not counted"} elements, budget ${BUDGETS.domElements}`);
  return found;
}

/** The timing figures of one report, shown beside CI's result, held by none. */
export function timingFigures(lhr: Report): string {
  const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const performance = Math.round((lhr.categories.performance?.score ?? NaN) * 100);
  return `performance ${performance}: FCP ${ms("first-contentful-paint")} ms, LCP ${ms("largest-contentful-paint")} ms, TBT ${ms("total-blocking-time")} ms`;
}
