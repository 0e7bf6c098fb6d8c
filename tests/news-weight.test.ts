import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsArticles } from "../src/server/db/schema";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Pages whose weight does not follow the number of articles: an article page carries itself and its
 * 2 related articles, /news its first 12; Load More reads the next 12 through news.page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: true });
});
afterAll(() => t.close());

const BODY = `<p>${"Ozone therapy and regenerative care, explained for patients. ".repeat(40)}</p>`;

async function publishUpTo(total: number) {
  const [row] = await t.deps.db.select({ value: count() }).from(newsArticles).where(eq(newsArticles.isPublished, true));
  const have = row?.value ?? 0;
  const base = Date.now() - 86_400_000 * 30;
  const rows = Array.from({ length: Math.max(0, total - have) }, (_, i) => ({
    title: `Weight test article ${have + i}`,
    slug: `weight-test-article-${have + i}`,
    summary: "A summary that is long enough to be shown on a card.",
    content: BODY,
    isPublished: true,
    // Older than everything else, so the article under test keeps the same neighbours.
    publishedAt: new Date(base - (have + i) * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 200) await t.deps.db.insert(newsArticles).values(rows.slice(i, i + 200));
  t.deps.publicCache.clear();
}

async function html(path: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("pages at 10 and 1,000 articles", () => {
  it("an article page and /news weigh the same (within a few hundred bytes); the sitemap lists them all", async () => {
    await publishUpTo(10);
    const [newest] = (await (await t.request("/api/news?pageSize=1")).json()) as Array<{ slug: string }>;
    const articleAt10 = await html(`/news/${newest!.slug}`);
    const listAt10 = await html("/news");

    await publishUpTo(1000);
    const articleAt1000 = await html(`/news/${newest!.slug}`);
    const listAt1000 = await html("/news");

    expect(Math.abs(articleAt1000.length - articleAt10.length)).toBeLessThan(400);
    expect(articleAt1000.length).toBeLessThan(200_000);
    // The first 12 cards (there were 10): two cards more, not 990.
    expect((listAt10.match(/data-testid="news-card"/g) ?? []).length).toBe(10);
    expect((listAt1000.match(/data-testid="news-card"/g) ?? []).length).toBe(12);
    expect(listAt1000.length - listAt10.length).toBeLessThan((listAt10.length / 10) * 2 * 1.5);
    const sitemap = await html("/sitemap.xml");
    expect((sitemap.match(/\/news\/weight-test-article-/g) ?? []).length).toBeGreaterThanOrEqual(990);
  }, 120_000);

  it("news.page brings the next 12, in the order of the whole list, and the total", async () => {
    const whole = (await (await t.request("/api/news")).json()) as Array<{ slug: string }>;
    const second = await t.request(`/trpc/news.page?input=${encodeURIComponent(JSON.stringify({ page: 2, pageSize: 12 }))}`);
    expect(second.status).toBe(200);
    const body = (await second.json()) as { result: { data: { items: Array<{ slug: string }>; total: number } } };
    expect(body.result.data.total).toBe(whole.length);
    expect(body.result.data.items.map((a) => a.slug)).toEqual(whole.slice(12, 24).map((a) => a.slug));
  });
});
