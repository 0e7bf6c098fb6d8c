import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgres } from "../src/server/db/client";
import { startPublicationClock } from "../src/server/services/publication-clock";
import { auditKeyOf, createTestApp, type TestApp } from "./setup/test-app";

/**
 * Caches that every instance corrects at once: a change through one instance empties the other's
 * page and JSON cache (PostgreSQL LISTEN/NOTIFY), and a scheduled article appears on the list, its
 * page, the sitemap and the JSON at its moment, not when the cache next expires (one minute).
 * (The same with real server processes behind nginx: tests/load-balancer.test.ts.)
 */
let a: TestApp;
let cookie: string;
beforeAll(async () => {
  a = await createTestApp({ web: true });
  cookie = await a.cookieFor(await a.createAdmin());
});
afterAll(() => a.close());

const titlesOf = async (app: TestApp) =>
  ((await (await app.request("/api/services")).json()) as Array<{ title: string }>).map((s) => s.title);

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances on one PostgreSQL", () => {
  it("a service edited through one shows on the other's cached JSON and page, through NOTIFY", async () => {
    const [current] = (await a.deps.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const handle = await openPostgres(url.toString(), auditKeyOf());
    const b = await createTestApp({ web: true, database: { handle, drop: () => handle.close(), engine: "postgres" } });
    const stops = [await a.deps.cacheBus.connect(a.deps.database), await b.deps.cacheBus.connect(b.deps.database)];
    try {
      const [service] = (await (await a.request("/api/services")).json()) as Array<{ id: number; slug: string; title: string }>;
      // b has the list and the page in its cache.
      expect(await titlesOf(b)).toContain(service!.title);
      await b.request(`/services/${service!.slug}`);
      expect(b.deps.publicCache.has(`html:/services/${service!.slug}`)).toBe(true);

      const renamed = `Renamed ${Date.now()}`;
      const res = await a.request(`/api/admin/services/${service!.id}`, {
        method: "PUT",
        json: { title: renamed, slug: service!.slug, shortDescription: "Short", description: "Long.", imageAlt: "Alt" },
        cookie,
      });
      expect(res.status).toBe(200);
      const started = Date.now();
      await expect.poll(() => titlesOf(b), { timeout: 5_000, interval: 20 }).toContain(renamed);
      const page = await (await b.request(`/services/${service!.slug}`)).text();
      expect(page).toContain(renamed);
      console.info(`NOTIFY reached the other instance's cache in about ${Date.now() - started} ms`);
    } finally {
      for (const stop of stops) await stop();
      await b.close();
    }
  });
});

describe("scheduled publishing", () => {
  it("an article scheduled a moment ahead appears on the list, its page, the sitemap and the JSON at that moment, not when the cache expires", async () => {
    // The app's Date is held by the test (its timers stay real): "before the moment" is a time the
    // test sets, not a race with a busy machine, and the cache's minute never passes on this clock, so
    // only the publication clock can empty it.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const stopClock = startPublicationClock(a.deps);
    try {
      const slug = `scheduled-${process.pid}-${Date.now()}`;
      // The publication clock's timer waits this long, in real time, from the article's save.
      const publishedAt = new Date(Date.now() + 1_000);
      const created = await a.request("/api/admin/news", {
        json: {
          title: "Scheduled news",
          slug,
          summary: "Appears at its moment.",
          content: "<p>Now.</p>",
          isPublished: true,
          publishedAt: publishedAt.toISOString(),
        },
        cookie,
      });
      expect(created.status).toBe(201);
      const visible = async () => {
        const [list, json, page, sitemap] = await Promise.all([
          a.request("/news").then((r) => r.text()),
          a.request("/api/news").then((r) => r.text()),
          a.request(`/news/${slug}`).then((r) => r.status),
          a.request("/sitemap.xml").then((r) => r.text()),
        ]);
        return { list: list.includes("Scheduled news"), json: json.includes(slug), page: page === 200, sitemap: sitemap.includes(slug) };
      };
      // Before its moment: nowhere, and now all of it is cached.
      expect(await visible()).toEqual({ list: false, json: false, page: false, sitemap: false });
      // The moment comes. The timer armed at the save fires (or, if it already fired while the clock
      // stood before the moment, fires again: every change re-arms it) and empties the cache.
      vi.setSystemTime(publishedAt.getTime() + 1);
      await expect.poll(visible, { timeout: 20_000, interval: 50 }).toEqual({ list: true, json: true, page: true, sitemap: true });
    } finally {
      stopClock();
      vi.useRealTimers();
    }
  });
});
