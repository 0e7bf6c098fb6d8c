import { renderAsBrowser as render, withoutServerOnly } from "./setup/server-only";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { matchPublicRoute } from "../src/client/public/routes";
import { adoptSharedNotFound } from "../src/client/public/shared-not-found";
import type { SiteInfo } from "../src/client/public/site-context";
import { ReadStore, type StoreSnapshot } from "../src/client/public/store";
import { PublicCache } from "../src/server/http/public-cache";
import { judgeSubmission } from "../src/server/services/form-token";
import { decode } from "../src/shared/transformer";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The page and JSON cache under made-up requests (a security review found that unique unknown paths,
 * one cache entry each, filled the cache, which was then emptied whole, so cached pages fell back to
 * rendering). Unknown paths, services and articles share one 404 entry per kind; JSON keys hold only
 * the query parameters a route reads; the cache is bounded by bytes and drops the least recently used.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: true });
});
afterAll(() => t.close());
beforeEach(() => t.deps.publicCache.clear());

const cache = () => t.deps.publicCache;
const pageKeys = () =>
  cache()
    .keys()
    .filter((key) => key.startsWith("html:"));
const jsonKeys = () =>
  cache()
    .keys()
    .filter((key) => key.startsWith("json:"));

async function get(path: string, status: number, headers: Record<string, string> = {}) {
  const res = await t.request(path, { headers });
  expect(res.status, path).toBe(status);
  return { etag: res.headers.get("etag"), html: await res.text() };
}

/**
 * What the browser renders on hydration: the page at `path` from the data embedded in the served
 * document (taken over by adoptSharedNotFound, as entry-public.tsx does). Equal to the served markup
 * means no hydration mismatch.
 */
function renderAsBrowser(path: string, servedHtml: string): string {
  const data = /<script id="__APP_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(servedHtml)?.[1];
  expect(data, path).toBeDefined();
  const boot = decode(JSON.parse(data!)) as { site: SiteInfo; reads: StoreSnapshot };
  // A browser that asked the server for anything here would not match: the store must not need to.
  const store = new ReadStore(
    () => Promise.reject(new Error(`${path} read during hydration`)),
    adoptSharedNotFound(boot.reads, matchPublicRoute(path)),
  );
  return render(store, boot.site, path);
}
/** The served page without what only the server writes (tests/setup/server-only.ts). */
const withoutData = withoutServerOnly;

describe("unknown paths share one 404 entry", () => {
  it("a page rendered again from the same data has the same ETag, so revalidation after the expiry answers 304", async () => {
    for (const path of ["/", "/about", "/news", "/services"]) {
      const first = await t.request(path);
      const etag = first.headers.get("etag")!;
      t.deps.publicCache.clear(); // as after the expiry or a change elsewhere: the next answer is a new render
      const again = await t.request(path, { headers: { "If-None-Match": etag } });
      expect(again.status, path).toBe(304);
    }
  });

  it("1,000 unique unknown paths leave one 404 entry, with one body for all", async () => {
    const first = await get("/no-such-page-0", 404);
    expect(first.html).toContain("404 Page Not Found");
    for (let i = 1; i < 1000; i++) {
      const { etag } = await get(`/no-such-page-${i}${i % 2 ? "" : "/deeper/still"}`, 404);
      expect(etag).toBe(first.etag);
    }
    expect(pageKeys()).toEqual(["html:404:en"]);
  }, 60_000);

  it("a cached page keeps its entry and its ETag through a flood of unknown paths and query strings", async () => {
    const home = await get("/", 200, { "accept-encoding": "gzip" });
    for (let i = 0; i < 600; i++) {
      await get(`/no-such-page-${i}`, 404);
      await get(`/api/services?x=${i}`, 200);
      await get(`/api/content?page=home&section=hero&junk=${i}`, 200);
    }
    expect(cache().has("html:/")).toBe(true);
    // html:/, html:404:en, json:/api/services, json:/api/content?..., and the redirects the 404s looked up (issue 39).
    expect(cache().size).toBeLessThanOrEqual(5);
    expect((await t.request("/", { headers: { "if-none-match": home.etag! } })).status).toBe(304);
  }, 60_000);

  it("unknown services and articles share one entry per kind, with no trace of the slug", async () => {
    const service = await get("/services/no-such-treatment-1", 404);
    expect(service.html).toContain("Service Not Found");
    expect((await get("/services/no-such-treatment-2", 404)).etag).toBe(service.etag);
    expect((await get("/services/%20%20", 404)).etag).toBe(service.etag);
    const article = await get("/news/no-such-article-1", 404);
    expect(article.html).toContain("Article Not Found");
    expect((await get("/news/no-such-article-2", 404)).etag).toBe(article.etag);
    expect(service.html + article.html).not.toMatch(/no-such-(treatment|article)/);
    expect(service.html).not.toContain('rel="canonical"');
    expect(pageKeys().sort()).toEqual(["html:404:article:en", "html:404:service:en"]);

    // Known slugs and the built-in articles 1 to 3 are pages of their own, as before.
    expect((await get("/services/ozone-therapy", 200)).html).toContain("Ozone Therapy");
    expect((await get("/news/2", 200)).html).toContain("Stem Cell Therapy for Joint Pain");
    expect((await get("/news/02", 200)).html).toContain("Stem Cell Therapy for Joint Pain");
    expect((await get("/news/4", 404)).etag).toBe(article.etag);
  });

  it("a staff change is seen at once: a deleted service answers the not-found page (410 Gone), a published article its page", async () => {
    await get("/services/ozone-therapy", 200);
    await get("/news/knee-care-basics", 404);
    const cookie = await t.cookieFor(await t.createAdmin());
    const services = (await (await t.request("/api/services")).json()) as Array<{ id: number; slug: string }>;
    const ozone = services.find((s) => s.slug === "ozone-therapy")!;
    expect((await t.request(`/api/admin/services/${ozone.id}`, { method: "DELETE", cookie })).status).toBe(200);
    // Its address is gone (issue 39: 410 until staff redirect it), with the shared not-found page.
    expect((await get("/services/ozone-therapy", 410)).html).toContain("Service Not Found");

    const created = await t.request("/api/admin/news", {
      json: { title: "Knee Care Basics", slug: "knee-care-basics", summary: "What everyone should know about knees.", isPublished: true },
      cookie,
    });
    expect(created.status).toBe(201);
    expect((await get("/news/knee-care-basics", 200)).html).toContain("Knee Care Basics");
  });

  it("the shared 404 bodies hydrate at any path: the browser renders the same markup", async () => {
    for (const path of ["/services/no-such-treatment", "/news/no-such-article", "/no-such-page", "/about/no-such-page", "/services/a/b"]) {
      const { html } = await get(path, 404);
      expect(renderAsBrowser(path, html), path).toBe(withoutData(html));
    }
    // The comparison itself: a page rendered for its own path matches too.
    const { html } = await get("/services/stem-cell-therapy", 200);
    expect(renderAsBrowser("/services/stem-cell-therapy", html)).toBe(withoutData(html));
  });
});

describe("JSON keys hold only the query parameters the route reads", () => {
  it("made-up parameters share the route's entry; page and section still tell entries apart", async () => {
    const services = await get("/api/services", 200);
    for (let i = 0; i < 50; i++) expect((await get(`/api/services?x=${i}`, 200)).etag).toBe(services.etag);
    expect(jsonKeys()).toEqual(["json:/api/services"]);

    const hero = await get("/api/content?page=home&section=hero", 200);
    expect((await get("/api/content?junk=1&section=hero&page=home", 200)).etag).toBe(hero.etag);
    const about = await get("/api/content?page=about", 200);
    expect(about.etag).not.toBe(hero.etag);
    await get("/api/images?page=home&section=hero&utm_source=x", 200);
    expect(jsonKeys().sort()).toEqual([
      "json:/api/content?page=about",
      "json:/api/content?page=home&section=hero",
      "json:/api/images?page=home&section=hero",
      "json:/api/services",
    ]);
  });
});

describe("the page cache is bounded by bytes and keeps what is read", () => {
  it("a page read between one-off entries stays cached while the budget is full", async () => {
    const original = t.deps.publicCache;
    const small = new PublicCache({ maxBytes: 100_000 });
    t.deps.publicCache = small;
    try {
      const home = await get("/", 200);
      for (let i = 0; i < 600; i++) {
        // Each page value is an entry of its own (the route reads page): one-off entries.
        await get(`/api/content?page=junk-${i}`, 200);
        if (i % 10 === 0) expect((await get("/", 200)).etag).toBe(home.etag);
        expect(small.has("html:/"), `after ${i} one-off entries`).toBe(true);
        expect(small.bytes).toBeLessThanOrEqual(100_000);
      }
      expect(small.size).toBeGreaterThan(50);
      expect(small.has("json:/api/content?page=junk-0")).toBe(false); // the budget was full: old one-off entries went
    } finally {
      t.deps.publicCache = original;
    }
  }, 60_000);
});

describe("the contact page's form token", () => {
  it("every answer carries a fresh signed token, in the form and in the page data, from one cached page", async () => {
    const tokenIn = async () => {
      const res = await t.request("/contact");
      expect(res.status).toBe(200);
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      const html = await res.text();
      const field = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
      const data = /"formToken":"([^"]+)"/.exec(html)?.[1];
      expect(field).toBeTruthy();
      expect(data).toBe(field);
      expect(html).not.toContain("__FORM_TOKEN_SLOT__");
      return field!;
    };
    const first = await tokenIn();
    const second = await tokenIn();
    expect(second).not.toBe(first);
    expect(pageKeys()).toEqual(["html:/contact"]);
    // Signed by this server: judged as a person's once 2 seconds have passed, as too fast before.
    expect(judgeSubmission(t.deps.secrets, { formToken: first }, new Date(Date.now() + 2_500)).spam).toBeNull();
    expect(judgeSubmission(t.deps.secrets, { formToken: first }).spam).toBe("too_fast");
    // Other pages carry none and keep their ETag.
    const home = await t.request("/");
    expect(home.headers.get("etag")).toBeTruthy();
    expect(await home.text()).not.toContain("formToken");
  });
});
