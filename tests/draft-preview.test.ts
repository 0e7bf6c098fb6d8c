import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EN } from "../src/client/public/catalogue/en";
const { TN } = EN;
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Draft preview (issue 14): signed-in staff open a draft or scheduled article at its public address and
 * see it under a "Preview: not public" banner; that answer is never cached, and visitors keep getting
 * the 404 for the same address, before and after a preview.
 */
let t: TestApp;
let staff: string;
let caller: Awaited<ReturnType<TestApp["callerFor"]>>;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  const admin = await t.createAdmin();
  staff = await t.cookieFor(admin);
  caller = await t.callerFor(admin);
});
afterAll(() => t.close());

const article = (slug: string, fields: { isPublished: boolean; publishedAt?: Date }) =>
  caller.news.create({
    title: `Preview ${slug}`,
    slug,
    summary: "Not out yet.",
    content: "<p>Draft body<script>alert(1)</script></p>",
    ...fields,
  });

describe("draft preview at the public address", () => {
  for (const [kind, fields] of [
    ["a draft", { isPublished: false }],
    ["a scheduled article", { isPublished: true, publishedAt: new Date(Date.now() + 7 * 24 * 3600_000) }],
  ] as const) {
    it(`${kind}: staff see it with the banner, uncached; a visitor gets 404 before and after`, async () => {
      const slug = `preview-${kind.length}-${Date.now()}`;
      await article(slug, fields);
      const before = await t.request(`/news/${slug}`);
      expect(before.status).toBe(404);
      expect(await before.text()).not.toContain(`Preview ${slug}`);

      const preview = await t.request(`/news/${slug}`, { cookie: staff });
      expect(preview.status).toBe(200);
      expect(preview.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.headers.get("x-robots-tag")).toBe("noindex");
      expect(preview.headers.get("etag")).toBeNull();
      const html = await preview.text();
      expect(html).toContain(TN.preview.banner);
      expect(html).toContain(`Preview ${slug}`);
      expect(html).toContain("Draft body");
      expect(html).not.toContain("<script>alert(1)");

      const after = await t.request(`/news/${slug}`);
      expect(after.status).toBe(404);
      expect(await after.text()).not.toContain(`Preview ${slug}`);
    });
  }

  it("a published article shows to staff as to everyone, without the banner; a stale or forged cookie gets the 404", async () => {
    const slug = `published-${Date.now()}`;
    await article(slug, { isPublished: true, publishedAt: new Date(Date.now() - 3600_000) });
    const page = await t.request(`/news/${slug}`, { cookie: staff });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(TN.preview.banner);

    const draft = `draft-${Date.now()}`;
    await article(draft, { isPublished: false });
    const forged = await t.request(`/news/${draft}`, { cookie: `clinic_session=${"a".repeat(52)}` });
    expect(forged.status).toBe(404);
    expect(await forged.text()).not.toContain(`Preview ${draft}`);
  });

  it("an unknown slug is the 404 for staff too", async () => {
    const res = await t.request("/news/no-such-article-at-all", { cookie: staff });
    expect(res.status).toBe(404);
  });
});
