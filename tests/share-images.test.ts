import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/** Share previews: PNG 1200 x 630 made by sharp from a page's picture (SVG included), for X and Facebook. */
let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  staffCookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

async function png(path: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { res, bytes, meta };
}

describe("GET /share/{services|news}/{slug}.png", () => {
  it("answers a 1200 x 630 PNG of a seeded service's SVG picture", async () => {
    const [service] = (await (await t.request("/api/services")).json()) as Array<{ slug: string; imageUrl: string }>;
    expect(service!.imageUrl).toMatch(/\.svg$/);
    const { meta, res } = await png(`/share/services/${service!.slug}.png`);
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(res.headers.get("cache-control")).toContain("public");
    // Made once: the second answer is the same bytes, revalidated by its ETag.
    const again = await t.request(`/share/services/${service!.slug}.png`, { headers: { "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("answers one for an article, from an uploaded picture, and the default for an article without one", async () => {
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a7f62" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Share preview piece",
      slug: "share-preview-piece",
      summary: "A summary that is long enough.",
      isPublished: "true",
    }))
      form.set(k, v);
    form.set("thumbnail", new File([picture], "green.jpg", { type: "image/jpeg" }));
    expect((await t.request("/api/admin/news", { form, cookie: staffCookie })).status).toBe(201);
    const { meta, bytes } = await png("/share/news/share-preview-piece.png");
    expect(meta).toMatchObject({ width: 1200, height: 630 });
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r); // the green picture, not the default

    const plain = new FormData();
    for (const [k, v] of Object.entries({
      title: "No picture piece",
      slug: "no-picture-piece",
      summary: "A summary that is long enough.",
      isPublished: "true",
    }))
      plain.set(k, v);
    expect((await t.request("/api/admin/news", { form: plain, cookie: staffCookie })).status).toBe(201);
    const fallback = await png("/share/news/no-picture-piece.png");
    expect(fallback.meta).toMatchObject({ width: 1200, height: 630 });
  });

  it("answers 404 for an unknown page, a draft, and any other address", async () => {
    const draft = new FormData();
    for (const [k, v] of Object.entries({
      title: "Draft share",
      slug: "draft-share",
      summary: "A summary that is long enough.",
      isPublished: "false",
    }))
      draft.set(k, v);
    expect((await t.request("/api/admin/news", { form: draft, cookie: staffCookie })).status).toBe(201);
    for (const path of [
      "/share/services/nothing-here.png",
      "/share/news/draft-share.png",
      "/share/team/x.png",
      "/share/services/UPPER.png",
      "/share/services/x.jpg",
    ]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });
});
