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

// The public site renders with Preact (decisions/0070), whose hydration keeps the server's attributes
// without a word when the browser's render differs, so a useId that gave other ids in the browser
// would leave labels and messages pointing at nothing once the form re-renders. Every id the server
// wrote is still there, every reference resolves, and each message belongs to its field's id.
for (const prefix of ["", "/es", "/zh"]) {
  test(`${prefix || "/en"}: the inquiry form keeps the server's ids through hydration and its messages @phone`, async ({ page }) => {
    const response = await page.goto(`${prefix}/contact`);
    const served = (await response!.text()).split('<div id="app">')[1]!.split('<script id="__APP_DATA__"')[0]!;
    const serverIds = [...served.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id!);
    expect(serverIds.length).toBeGreaterThan(20);
    await waitForHydration(page);
    // An empty send: the browser renders each message beside its field, and the fields' references to them.
    await page.locator("form.contact-form button[type=submit]").click();
    await expect(page.getByTestId("field-error").first()).toBeVisible();
    const found = await page.evaluate(() => {
      const app = document.getElementById("app")!;
      const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
      const references = [...app.querySelectorAll("[aria-describedby], [aria-labelledby], [aria-controls], label[for]")].flatMap(
        (element) =>
          ["aria-describedby", "aria-labelledby", "aria-controls", "for"].flatMap((name) =>
            (element.getAttribute(name) ?? "").split(/\s+/),
          ),
      );
      const invalid = [...app.querySelectorAll("input[aria-invalid=true]:not([type=checkbox]), textarea[aria-invalid=true]")].map(
        (field) => ({
          id: field.id,
          describedBy: field.getAttribute("aria-describedby") ?? "",
        }),
      );
      return { ids, references: references.filter(Boolean), invalid };
    });
    expect(serverIds.filter((id) => !found.ids.includes(id))).toEqual([]);
    expect(found.references.filter((id) => !found.ids.includes(id))).toEqual([]);
    expect(found.invalid.length).toBeGreaterThan(0);
    for (const field of found.invalid) expect(field.describedBy.split(" ")).toContain(`${field.id}-error`);
  });
}

// Preact renders the page's body; the page's head tags are the server's, and a navigation inside the
// site puts the new page's in place of the last one's (src/client/public/head.ts).
test("a navigation inside the site changes the page's title, canonical address and share tags @phone", async ({ page }) => {
  await page.goto("/es/about");
  await waitForHydration(page);
  const head = () =>
    page.evaluate(() => ({
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute("href")),
      ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((meta) => meta.getAttribute("content")),
      titles: document.head.querySelectorAll("title").length,
      alternates: document.querySelectorAll('link[rel="alternate"]').length,
    }));
  const before = await head();
  expect(before.canonical).toEqual([expect.stringMatching(/\/es\/about$/)]);
  const title = await page.title();
  // A link in the footer (on a phone the header's links are in the drawer): a navigation, not a page load.
  await page.locator('footer a[href="/es/news"]').first().click();
  await expect(page).toHaveURL(/\/es\/news$/);
  await expect(page).not.toHaveTitle(title);
  await expect.poll(head).toEqual({
    canonical: [expect.stringMatching(/\/es\/news$/)],
    ogUrl: [expect.stringMatching(/\/es\/news$/)],
    titles: 1,
    alternates: before.alternates,
  });
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe("true");
});
