import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SERVICES } from "../src/server/db/seed-data";
import { createTestApp, ORIGIN, type TestApp } from "./setup/test-app";

/**
 * What crawlers and share previews see: the HTML the server sends, before any script runs. Titles,
 * descriptions, canonical and share tags, JSON-LD, 404 statuses, the sitemap and robots.txt.
 */
let t: TestApp;
let articleSlug: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  const news = await (await t.request("/api/news")).json();
  articleSlug = news.find((a: { externalUrl: string | null }) => !a.externalUrl).slug;
});
afterAll(() => t.close());

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function head(html: string): string {
  const end = html.indexOf("</head>");
  expect(end).toBeGreaterThan(0);
  return html.slice(0, end);
}
function metaContent(html: string, key: "name" | "property", value: string): string | null {
  const match = new RegExp(`<meta ${key}="${value.replace(/[:]/g, "\\$&")}" content="([^"]*)"`).exec(head(html));
  return match ? decode(match[1]!) : null;
}
function title(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/.exec(head(html));
  return match ? decode(match[1]!) : null;
}
function canonical(html: string): string | null {
  const match = /<link rel="canonical" href="([^"]*)"/.exec(head(html));
  return match ? decode(match[1]!) : null;
}
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
async function page(path: string, status = 200) {
  const res = await t.request(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 200)}`).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/text\/html/);
  return html;
}

describe("every public page carries its metadata in the server's HTML", () => {
  const paths = () => [
    "/",
    "/about",
    "/services",
    "/services/stem-cell-therapy",
    "/services/ozone-therapy",
    "/news",
    `/news/${articleSlug}`,
    "/contact",
  ];

  it("title, description, canonical, Open Graph and Twitter tags", async () => {
    for (const path of paths()) {
      const html = await page(path);
      expect(title(html), path).toMatch(/Millcreek Regenerative Wellness/);
      const description = metaContent(html, "name", "description");
      expect(description?.length, `${path} description`).toBeGreaterThan(40);
      expect(canonical(html), path).toBe(`${ORIGIN}${path}`);
      expect(metaContent(html, "property", "og:title"), path).toBe(title(html));
      expect(metaContent(html, "property", "og:description"), path).toBe(description);
      expect(metaContent(html, "property", "og:url"), path).toBe(`${ORIGIN}${path}`);
      expect(metaContent(html, "property", "og:image"), path).toMatch(/^http:\/\/clinic\.test\//);
      expect(metaContent(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(html.startsWith('<!DOCTYPE html><html lang="en">'), path).toBe(true);
    }
  });

  it("each page has its own title", async () => {
    const titles = new Set<string | null>();
    for (const path of paths()) titles.add(title(await page(path)));
    expect(titles.size).toBe(paths().length);
  });

  it("About sets the locale", async () => {
    expect(metaContent(await page("/about"), "property", "og:locale")).toBe("en_US");
  });

  it("the stem-cell-therapy page has its own title and description; other services use title and short description", async () => {
    const ozone = SEED_SERVICES.find((s) => s.slug === "ozone-therapy")!;
    const ozoneHtml = await page("/services/ozone-therapy");
    expect(title(ozoneHtml)).toContain(ozone.title);
    expect(metaContent(ozoneHtml, "name", "description")).toBe(ozone.shortDescription);
    const stem = SEED_SERVICES.find((s) => s.slug === "stem-cell-therapy")!;
    const stemHtml = await page("/services/stem-cell-therapy");
    expect(metaContent(stemHtml, "name", "description")).not.toBe(stem.shortDescription);
    expect(title(stemHtml)).toMatch(/Stem Cell/);
  });

  it("articles carry the published time, type article and Article JSON-LD", async () => {
    const html = await page(`/news/${articleSlug}`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(Date.parse(metaContent(html, "property", "article:published_time") ?? "")).not.toBeNaN();
    const article = jsonLd(html).find((d) => d["@type"] === "Article");
    expect(article).toMatchObject({ "@context": "https://schema.org", headline: expect.any(String), datePublished: expect.any(String) });
  });

  it("service and article pages share a 1200 x 630 PNG made from their picture, with its alt text", async () => {
    const service = SEED_SERVICES[0]!;
    for (const [path, preview] of [
      [`/services/${service.slug}`, `/share/services/${service.slug}.png`],
      [`/news/${articleSlug}`, `/share/news/${articleSlug}.png`],
    ] as const) {
      const html = await page(path);
      expect(metaContent(html, "property", "og:image"), path).toBe(`${ORIGIN}${preview}`);
      expect(metaContent(html, "name", "twitter:image"), path).toBe(`${ORIGIN}${preview}`);
      expect(metaContent(html, "property", "og:image:width"), path).toBe("1200");
      expect(metaContent(html, "property", "og:image:height"), path).toBe("630");
      expect(metaContent(html, "property", "og:image:alt"), path).toBeTruthy();
      const image = await t.request(preview);
      expect(image.status, preview).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
  });

  it("JSON-LD: a service offered by the clinic, the team as people, the news list as an ItemList, and breadcrumbs", async () => {
    const service = SEED_SERVICES[0]!;
    const servicePage = jsonLd(await page(`/services/${service.slug}`));
    expect(servicePage.find((d) => d["@type"] === "Service")).toMatchObject({
      name: service.title,
      url: `${ORIGIN}/services/${service.slug}`,
      provider: { "@type": "MedicalClinic", name: "Millcreek Regenerative Wellness" },
    });
    expect(servicePage.find((d) => d["@type"] === "BreadcrumbList")).toMatchObject({
      itemListElement: [
        { position: 1, name: "Home", item: `${ORIGIN}/` },
        { position: 2, name: "Services", item: `${ORIGIN}/services` },
        { position: 3, name: service.title, item: `${ORIGIN}/services/${service.slug}` },
      ],
    });

    const team: Array<{ name: string; role: string }> = await (await t.request("/api/team")).json();
    const people = (jsonLd(await page("/about")).find((d) => Array.isArray(d["@graph"]))?.["@graph"] ?? []) as Array<
      Record<string, unknown>
    >;
    expect(people.map((p) => [p["@type"], p.name, p.jobTitle])).toEqual(team.map((m) => ["Person", m.name, m.role]));

    const newsHtml = await page("/news");
    const list = jsonLd(newsHtml).find((d) => d["@type"] === "ItemList") as { itemListElement: Array<{ position: number; url: string }> };
    const firstPage: Array<{ slug: string }> = await (await t.request("/api/news?pageSize=12")).json();
    expect(list.itemListElement.map((item) => item.url)).toEqual(firstPage.map((a) => `${ORIGIN}/news/${a.slug}`));

    const crumbs = jsonLd(await page(`/news/${articleSlug}`)).find((d) => d["@type"] === "BreadcrumbList") as {
      itemListElement: Array<{ name: string }>;
    };
    expect(crumbs.itemListElement.map((c) => c.name).slice(0, 2)).toEqual(["Home", "News"]);
  });

  it("Home and Contact carry MedicalClinic JSON-LD with the address and opening hours", async () => {
    for (const path of ["/", "/contact"]) {
      const clinic = jsonLd(await page(path)).find((d) => d["@type"] === "MedicalClinic");
      expect(clinic, path).toMatchObject({
        name: "Millcreek Regenerative Wellness",
        address: { "@type": "PostalAddress", addressLocality: "Millcreek", addressRegion: "UT", postalCode: "84124" },
        openingHoursSpecification: [expect.objectContaining({ opens: "09:00", closes: "17:00" })],
      });
    }
  });

  it("renders the page's content, not an empty shell", async () => {
    expect(await page("/services")).toContain("Utah Stem Cell Therapy");
    expect(await page("/news")).toContain("Latest News &amp; Updates");
    expect(await page("/contact")).toContain("Book An Appointment");
  });
});

describe("unknown pages answer 404", () => {
  it("an unknown path, service and article", async () => {
    expect(await page("/no-such-page", 404)).toContain("404 Page Not Found");
    expect(await page("/services/no-such-service", 404)).toContain("Service Not Found");
    expect(await page("/news/no-such-article", 404)).toContain("Article Not Found");
  });

  it("a numeric article slug falls back to the built-in article", async () => {
    const html = await page("/news/2");
    expect(html).toContain("Stem Cell Therapy for Joint Pain");
  });
});

describe("sitemap and robots", () => {
  it("/sitemap.xml lists every public page, service and published article, not drafts", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "Secret draft", slug: "secret-draft", summary: "Not yet public at all." })) form.set(k, v);
    const cookie = await t.cookieFor(await t.createAdmin());
    expect((await t.request("/api/admin/news", { form, cookie })).status).toBe(201);
    const res = await t.request("/sitemap.xml");
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const xml = await res.text();
    for (const path of ["/", "/about", "/services", "/news", "/contact"]) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
    for (const service of SEED_SERVICES) expect(xml).toContain(`<loc>${ORIGIN}/services/${service.slug}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/news/${articleSlug}</loc>`);
    expect(xml).not.toContain("secret-draft");
  });

  it("/robots.txt keeps crawlers out of /admin and names the sitemap", async () => {
    const text = await (await t.request("/robots.txt")).text();
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("page caching and headers", () => {
  it("sends an ETag and a Content-Security-Policy, answers 304, and shows a staff change at once", async () => {
    const first = await t.request("/about");
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    expect(first.headers.get("cache-control")).toMatch(/must-revalidate/);
    expect((await t.request("/about", { headers: { "if-none-match": etag } })).status).toBe(304);

    const cookie = await t.cookieFor(await t.createAdmin());
    const items = await (await t.request("/api/admin/content?page=about", { cookie })).json();
    const title = items.find((i: { section: string; key: string }) => i.section === "mission" && i.key === "title");
    await t.request(`/api/admin/content/${title.id}`, { method: "PUT", json: { ...title, content: "Why We Do This" }, cookie });
    const after = await t.request("/about", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Why We Do This");
  });

  it("the admin portal's shell is never indexed or cached", async () => {
    const res = await t.request("/admin/login");
    expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const res = await t.request("/about/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/about");
  });
});
