import { expect, test, waitForHydration } from "./fixtures";

test("the home page renders on the server and hydrates without errors @phone", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Millcreek Regenerative Wellness/);
});

test("a page's scripts start after its load event and first paint, and no stylesheet is fetched @phone", async ({ page }) => {
  // The loader (src/server/site/ssr/assets.ts) leaves the connection to the page and its pictures first;
  // the stylesheets are inline, so nothing (Vite's preload helper included) fetches them again.
  await page.goto("/services/stem-cell-therapy");
  await waitForHydration(page);
  const timeline = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      loadEventEnd: navigation.loadEventEnd,
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: resources.filter((r) => r.name.endsWith(".js")).map((r) => r.startTime),
      stylesheets: resources.filter((r) => r.name.endsWith(".css")).map((r) => r.name),
    };
  });
  expect(timeline.scripts.length).toBeGreaterThan(1);
  expect(timeline.firstContentfulPaint).not.toBeNull();
  expect(Math.min(...timeline.scripts)).toBeGreaterThanOrEqual(timeline.loadEventEnd);
  expect(Math.min(...timeline.scripts)).toBeGreaterThanOrEqual(timeline.firstContentfulPaint!);
  expect(timeline.stylesheets).toEqual([]);
});
