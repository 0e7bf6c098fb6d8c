import type { Page, Route } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/**
 * News list, news article and not-found page (public-site.md sections 2, 4, 8, 9). The server starts
 * on a freshly seeded database: 3 published articles, newest first, the second one external.
 */
const BRAND_NEWS = "Millcreek Regenerative Wellness News";
const SEEDED = [
  { title: "What Regenerative Medicine Can (and Cannot) Do", slug: "what-regenerative-medicine-can-and-cannot-do", external: false },
  {
    title: "New Research on Ozone Therapy and Chronic Pain",
    slug: "ozone-therapy-chronic-pain-research",
    external: true,
    url: "https://pubmed.ncbi.nlm.nih.gov/?term=ozone+therapy+chronic+pain",
  },
  { title: "Preparing for Your First Consultation", slug: "preparing-for-your-first-consultation", external: false },
] as const;
const FALLBACK_TITLES = [
  "How Medical Ozone Supports the Body's Healing Response",
  "Stem Cell Therapy for Joint Pain: What the Research Shows",
  "Planning Your Regenerative Care: A Step-by-Step Guide",
];
const SHORT_US_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
const NEWS_LIST = /\/trpc\/[^?]*news\.page/;
const LOAD_ERROR = "We couldn't load the latest articles. Please try again later.";

const main = (page: Page) => page.locator("main");
const cards = (page: Page) => main(page).getByTestId("news-card");

/**
 * The seeded articles' cards, found by title: the admin specs run beside these and may publish an
 * article of their own for a moment, which then stands first in the list.
 */
const seededCard = (page: Page, title: string) => cards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
async function expectSeededCards(page: Page) {
  for (const seeded of SEEDED) await expect(seededCard(page, seeded.title)).toHaveCount(1);
}

/** Client-side navigation to /news (so the list is fetched through /trpc, where the test intercepts it). */
async function openNewsFromContactPage(page: Page) {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "News", exact: true }).click();
  await expect(page).toHaveURL(/\/news$/);
}

/** Answers a batched tRPC GET with the real response, one procedure's data replaced. */
async function editProcedure(route: Route, procedure: string, edit: (data: unknown) => unknown) {
  const response = await route.fetch();
  const body = (await response.json()) as Array<{ result?: { data: unknown } }>;
  const procedures = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
  const index = procedures.indexOf(procedure);
  expect(index, `${procedure} is in the batch`).toBeGreaterThanOrEqual(0);
  body[index] = { result: { data: edit(body[index]?.result?.data) } };
  await route.fulfill({ response, json: body });
}

/**
 * A 404 page makes Chromium log "Failed to load resource ... 404" for the document itself: allow that
 * message, and check that the document is the only thing that answered 404 (no missing asset hides behind it).
 */
function expectOnly404ForDocument(page: Page, consoleGuard: { allow(pattern: RegExp): void }) {
  consoleGuard.allow(/Failed to load resource.*404/);
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404 && response.request().resourceType() !== "document") missing.push(response.url());
  });
  return () => expect(missing, "resources answering 404").toEqual([]);
}

test("the news list shows the published articles as cards @phone", async ({ page }, testInfo) => {
  await page
    .context()
    .route("https://pubmed.ncbi.nlm.nih.gov/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>PubMed</title><p>Search results</p>" }),
    );
  const response = await page.goto("/news");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page).toHaveTitle("Latest News & Updates | Millcreek Regenerative Wellness");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Latest News & Updates");

  await expectSeededCards(page);
  for (const seeded of SEEDED) {
    const card = seededCard(page, seeded.title);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(seeded.title);
    await expect(card.locator("img")).toHaveAttribute("alt", /.+/);
    await expect(card.locator("time")).toHaveText(SHORT_US_DATE);
    await expect(card.locator(".news-card-summary")).not.toBeEmpty();
    if (seeded.external) {
      await expect(card.getByText("External Article", { exact: true })).toBeVisible();
      const link = card.getByRole("link", { name: /View External Source/ });
      await expect(link).toHaveAccessibleName("View External Source (opens in a new tab)");
      await expect(link).toHaveAttribute("href", seeded.url);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await expect(card.getByRole("link", { name: "Read Full Article" })).toHaveCount(0);
    } else {
      await expect(card.getByText(BRAND_NEWS, { exact: true })).toBeVisible();
      await expect(card.getByRole("link", { name: "Read Full Article" })).toHaveAttribute("href", `/news/${seeded.slug}`);
    }
  }

  // 1 column on phones, 3 on wide screens.
  const tops = await cards(page).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  const columns = tops.filter((top) => top === tops[0]).length;
  expect(columns).toBe(testInfo.project.name === "phone" ? 1 : 3);

  await expectNoSeriousA11yViolations(page);

  // Load More fetches nothing and says everything is already here.
  const trpcCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/trpc/")) trpcCalls.push(request.url());
  });
  await page.getByRole("button", { name: "Load More Articles" }).click();
  await expect(page.getByTestId("toast")).toContainText("All articles have been loaded.");
  expect(trpcCalls).toEqual([]);

  // The external card opens its source in a new tab; this page stays.
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    seededCard(page, SEEDED[1].title)
      .getByRole("link", { name: /View External Source/ })
      .click(),
  ]);
  await expect(popup).toHaveURL(SEEDED[1].url);
  await expect(page).toHaveURL(/\/news$/);
});

test("Load More Articles adds the next 12 articles, then says all of them have been loaded", async ({ page }) => {
  // 14 articles in all, served through /trpc: the first 12 on opening, the last 2 on Load More.
  const made = (template: Record<string, unknown>, n: number) => ({
    ...template,
    id: 100_000 + n,
    slug: `load-more-article-${n}`,
    title: `Load more article ${n}`,
    externalUrl: null,
  });
  let calls = 0;
  await page.route(NEWS_LIST, (route) =>
    editProcedure(route, "news.page", (data) => {
      const template = (data as { items: Array<Record<string, unknown>> }).items[0]!;
      calls += 1;
      const numbers = calls === 1 ? [...Array(12).keys()] : [12, 13];
      return { items: numbers.map((n) => made(template, n)), total: 14, page: calls, pageSize: 12 };
    }),
  );
  await openNewsFromContactPage(page);
  await expect(cards(page)).toHaveCount(12);
  await page.getByRole("button", { name: "Load More Articles" }).click();
  await expect(cards(page)).toHaveCount(14);
  await expect(cards(page).getByRole("heading")).toHaveText([...Array(14).keys()].map((n) => `Load more article ${n}`));
  expect(calls).toBe(2);
  await page.getByRole("button", { name: "Load More Articles" }).click();
  await expect(page.getByTestId("toast")).toContainText("All articles have been loaded.");
  expect(calls).toBe(2);
});

test("a failed news list shows the built-in articles, the error message and a working Refresh Page", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource.*500/);
  await page.route(NEWS_LIST, (route) => route.fulfill({ status: 500, body: "boom" }));
  await openNewsFromContactPage(page);

  await expect(main(page).getByRole("alert")).toContainText(LOAD_ERROR);
  await expect(cards(page).getByRole("heading")).toHaveText(FALLBACK_TITLES);
  // Fallback article 2 is external; 1 and 3 open on this site under their numeric slug.
  await expect(cards(page).nth(1).getByText("External Article", { exact: true })).toBeVisible();
  await expect(cards(page).nth(0).getByRole("link", { name: "Read Full Article" })).toHaveAttribute("href", "/news/1");

  // Refresh Page reloads the page: the server renders it again, with the real list.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Refresh Page" }).click();
  await reloaded;
  await waitForHydration(page);
  // Found by title: another spec's article may be published for a moment beside them.
  await expectSeededCards(page);
  await expect(page.getByText(FALLBACK_TITLES[0]!)).toHaveCount(0);
  await expect(page.getByText(LOAD_ERROR)).toHaveCount(0);
});

test("an empty news list shows the built-in articles without an error", async ({ page }) => {
  await page.route(NEWS_LIST, (route) => editProcedure(route, "news.page", () => ({ items: [], total: 0, page: 1, pageSize: 12 })));
  await openNewsFromContactPage(page);
  await expect(cards(page).getByRole("heading")).toHaveText(FALLBACK_TITLES);
  await expect(page.getByText(LOAD_ERROR)).toHaveCount(0);
  await expect(page.getByText("No news articles available at this time.")).toHaveCount(0);
});

test("a card without thumbnail or date says so", async ({ page }) => {
  await page.route(NEWS_LIST, (route) =>
    editProcedure(route, "news.page", (data) => {
      const list = (data as { items: Array<Record<string, unknown>> }).items;
      list[0] = { ...list[0], thumbnailUrl: null, publishedAt: null };
      return data;
    }),
  );
  await openNewsFromContactPage(page);
  const first = cards(page).first();
  await expect(first.getByRole("heading")).toHaveText(SEEDED[0].title);
  await expect(first.getByText("No image available")).toBeVisible();
  await expect(first.locator("img")).toHaveCount(0);
  await expect(first.getByText("Date unavailable")).toBeVisible();
  await expect(cards(page).nth(1).locator("time")).toHaveText(SHORT_US_DATE);
});

test("6 skeleton cards show while the news list loads", async ({ page }) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(NEWS_LIST, async (route) => {
    await released;
    await route.continue();
  });
  await openNewsFromContactPage(page);
  await expect(main(page).getByTestId("skeleton")).toHaveCount(6);
  await expect(main(page).getByRole("status", { name: "Loading articles" })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  release();
  await expectSeededCards(page);
  await expect(main(page).getByTestId("skeleton")).toHaveCount(0);
});

test("a broken thumbnail is replaced by the placeholder image", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource.*404/);
  await page.route("**/images/news/recovery-tips.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/news");
  await waitForHydration(page);
  const card = cards(page).filter({ hasText: SEEDED[2].title });
  await expect(card.locator("img")).toHaveAttribute("src", "/images/placeholder.svg");
  await expect(card.locator("img")).toHaveJSProperty("naturalWidth", 300);
  // The other thumbnails are untouched.
  await expect(cards(page).first().locator("img")).toHaveAttribute("src", "/images/news/regenerative-medicine-basics.svg");
});

test("a self-published article shows its body, share tags and two related articles @phone", async ({ page }) => {
  const [article, ...others] = [SEEDED[0], SEEDED[1], SEEDED[2]];
  const response = await page.goto(`/news/${article.slug}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  await expect(main(page).getByRole("link", { name: "Back to News" })).toHaveAttribute("href", "/news");
  await expect(main(page).locator(".article-header img")).toHaveAttribute("src", "/images/news/regenerative-medicine-basics.svg");
  await expect(main(page).locator(".article-header").getByText(BRAND_NEWS, { exact: true })).toBeVisible();
  await expect(main(page).getByText(/^By the Millcreek Regenerative Wellness Team · [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

  const body = page.getByTestId("article-body");
  await expect(body.getByRole("heading", { level: 2, name: "How the treatments work" })).toBeVisible();
  await expect(body.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Visit Original Source" })).toHaveCount(0);

  await expect(main(page).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact#contact-form");
  await expect(main(page).getByRole("link", { name: "Book Consultation" })).toHaveAttribute("href", "/contact#contact-form");

  // Share tags and structured data are in the server's HTML.
  await expect(page).toHaveTitle(/^What Regenerative Medicine Can and Cannot Do/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /plain-language guide/);
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute("content", /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`/share/news/${article.slug}\\.png$`));
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "Article",
    headline: article.title,
    author: { "@type": "Organization" },
    publisher: { "@type": "MedicalClinic", logo: { url: expect.stringMatching(/\/images\/logo\.svg$/) } },
    mainEntityOfPage: { "@id": expect.stringMatching(new RegExp(`/news/${article.slug}$`)) },
  });
  expect(jsonLd.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  const related = page.getByRole("region", { name: "Related Articles" });
  await expect(related.getByTestId("news-card").getByRole("heading", { level: 3 })).toHaveText(others.map((o) => o.title));
  await expect(related.getByRole("link", { name: /View External Source/ })).toHaveAttribute("target", "_blank");

  await expectNoSeriousA11yViolations(page);

  // Client navigation to another article: its related articles leave it out.
  await related.getByRole("link", { name: "Read Full Article" }).click();
  await expect(page).toHaveURL(new RegExp(`/news/${SEEDED[2].slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SEEDED[2].title);
  await expect(related.getByTestId("news-card").getByRole("heading")).toHaveText([SEEDED[0].title, SEEDED[1].title]);
});

test("an external article shows its summary, the research note and the original source", async ({ page }) => {
  const response = await page.goto(`/news/${SEEDED[1].slug}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SEEDED[1].title);
  await expect(main(page).locator(".article-header").getByText("External Article", { exact: true })).toBeVisible();
  await expect(main(page).getByText(/^Researchers continue to study medical ozone injections/)).toBeVisible();
  await expect(main(page).getByText("This article references external research.", { exact: false })).toBeVisible();
  const source = main(page).getByRole("link", { name: /Visit Original Source/ });
  await expect(source).toHaveAttribute("href", SEEDED[1].url);
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(source).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByTestId("article-body")).toHaveCount(0);
});

test("an unknown article answers 404 with Article Not Found @phone", async ({ page, consoleGuard }) => {
  const checkResources = expectOnly404ForDocument(page, consoleGuard);
  const response = await page.goto("/news/not-a-real-article");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
  await expect(main(page).getByText("does not exist or has been removed")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await main(page).getByRole("link", { name: "Back to News" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expectSeededCards(page);
  checkResources();
});

test("/news/2 shows built-in article 2 when no published article has that slug", async ({ page }) => {
  const response = await page.goto("/news/2");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FALLBACK_TITLES[1]!);
  await expect(page).toHaveTitle(/^Stem Cell Therapy for Joint Pain/);
  // Built-in article 2 is external: summary, note and source.
  await expect(main(page).getByRole("link", { name: /Visit Original Source/ })).toHaveAttribute("href", /pubmed\.ncbi\.nlm\.nih\.gov/);
  await expect(page.getByRole("region", { name: "Related Articles" }).getByTestId("news-card")).toHaveCount(2);
});

test("an unknown path answers 404 with the not-found page @phone", async ({ page, consoleGuard }) => {
  const checkResources = expectOnly404ForDocument(page, consoleGuard);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  await expect(page).toHaveTitle(/^404 Page Not Found/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(main(page).getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(page);
  await main(page).getByRole("link", { name: /^News/ }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Latest News & Updates");
  checkResources();
});
