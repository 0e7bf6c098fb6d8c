import lighthouse from "lighthouse";

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * Lighthouse's runs of one page (mobile emulation and simulated throttling, its defaults) in a Chrome
 * already listening on `port`, and the median of each figure: what `npm run bench:lighthouse` prints
 * and what e2e/lighthouse.spec.ts holds to 100. One warm-up visit first fills the server's page cache,
 * as real traffic would.
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

export async function lighthousePage(
  url: string,
  port: number,
  runs: number,
  onReport?: (run: number, lhr: unknown) => void,
): Promise<PageFigures> {
  await fetch(url);
  return lighthouseRuns(url, port, runs, onReport);
}

/**
 * As lighthousePage, and where the median performance of `runs` is under 100, `more` runs again and the
 * median of them all: on this 2-core machine a page's Total Blocking Time swings 30-100 ms from run to
 * run (its scripts' CPU time, multiplied by four in the simulation), enough to take one run in three to
 * 99. Lighthouse's own guidance is the median of five runs where the variance matters.
 */
export async function lighthousePageSettled(
  url: string,
  port: number,
  runs: number,
  more: number,
): Promise<PageFigures & { runs: number }> {
  await fetch(url);
  const reports: unknown[] = [];
  const first = await lighthouseRuns(url, port, runs, (_run, lhr) => reports.push(lhr));
  if (first.scores.performance === 100) return { ...first, runs };
  return { ...(await lighthouseRuns(url, port, more, undefined, reports)), runs: runs + more };
}

async function lighthouseRuns(
  url: string,
  port: number,
  runs: number,
  onReport?: (run: number, lhr: unknown) => void,
  earlier: unknown[] = [],
): Promise<PageFigures> {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]])) as Record<Category, number[]>;
  const figures = { fcp: [] as number[], lcp: [] as number[], tbt: [] as number[], cls: [] as number[] };
  const weak = new Set<string>();
  const reports = [...(earlier as Result[])];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
    reports.push(result!.lhr);
    onReport?.(run, result!.lhr);
  }
  for (const lhr of reports) {
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
