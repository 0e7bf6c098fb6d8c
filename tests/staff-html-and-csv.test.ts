import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsArticles, websiteContent } from "../src/server/db/schema";
import { csvSafeCell } from "../src/shared/csv";
import { createTestApp, type TestApp } from "./setup/test-app";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

const DIRTY =
  '<p>Safe <strong>text</strong></p><script>alert("x")</script><img src="/images/a.svg" onerror="alert(1)" alt="a">' +
  '<a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe><p onclick="steal()">para</p>' +
  '<a href="https://example.org" target="_blank">ok link</a>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe/i);
  expect(html).toContain("<strong>text</strong>");
  expect(html).toContain('<img src="/images/a.svg" alt="a" />');
  expect(html).toContain('rel="noopener noreferrer"');
}

describe("staff HTML is sanitised", () => {
  it("news HTML with <script>, onerror= and javascript: comes back without them (admin and public reads)", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Clean me",
      slug: "clean-me",
      summary: "A summary of the article",
      content: DIRTY,
      isPublished: "true",
    }))
      form.set(k, v);
    const created = await t.request("/api/admin/news", { form, cookie });
    expect(created.status).toBe(201);
    const saved = await created.json();
    expectClean(saved.content);
    expectClean((await (await t.request(`/api/admin/news/${saved.id}`, { cookie })).json()).content);
    expectClean((await (await t.request("/api/news/clean-me")).json()).content);
  });

  it("an article body from the visual editor keeps its pictures, quotations and formatting; a picture's handlers, script addresses and other sites' pictures go", async () => {
    // What the editor saves after "Insert image" (an upload, with the alt text and its pixels), and what a paste could carry.
    const body =
      "<h2>Recovery</h2><p>Rest <strong>well</strong>.</p><blockquote><p>It helped.</p></blockquote>" +
      '<img src="/uploads/3f2a9c.webp" alt="The treatment room" width="1200" height="800">' +
      '<img src="https://images.example.org/room.jpg" alt="Outside">' +
      '<img src=x onerror=alert(1)><img src="javascript:alert(1)" alt="js"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="inline">' +
      '<script>alert(1)</script><a href="javascript:alert(1)">bad link</a>';
    const created = await (await t.callerFor(await t.createAdmin())).news.create({
      title: "Pictures",
      slug: "pictures",
      summary: "An article with pictures",
      content: body,
      isPublished: true,
    });
    const read = await (await t.request("/api/news/pictures")).json();
    for (const html of [created.content ?? "", read.content]) {
      expect(html).toContain("<h2>Recovery</h2><p>Rest <strong>well</strong>.</p><blockquote><p>It helped.</p></blockquote>");
      expect(html).toContain('<img src="/uploads/3f2a9c.webp" alt="The treatment room" width="1200" height="800" />');
      // docs/security.md, Staff HTML: pictures only from this site's uploads and images (no third-party tracking pixel).
      expect(html).toContain('<img alt="Outside" />');
      expect(html).not.toContain("images.example.org");
      expect(html).not.toMatch(/onerror|<script|javascript:|data:/i);
      expect(html).toContain('<img alt="js" />');
      expect(html).toContain("<a>bad link</a>");
    }
  });

  it("sanitises again on the way out, even for HTML that reached the database another way", async () => {
    const [row] = await t.deps.db
      .insert(newsArticles)
      .values({
        title: "Imported",
        slug: "imported",
        summary: "Imported from elsewhere",
        content: DIRTY,
        isPublished: true,
        publishedAt: new Date(Date.now() - 1000),
      })
      .returning();
    expectClean((await (await t.request("/api/news/imported")).json()).content);
    await t.deps.db.update(websiteContent).set({ content: DIRTY }).where(eq(websiteContent.page, "footer"));
    const footer = await (await t.request("/api/content?page=footer&section=description")).json();
    expectClean(footer[0].content);
    expect(row).toBeTruthy();
  });

  // An <img> is a GET the viewer's browser sends with the viewer's session: pointed at /api/admin/... it
  // would run a backup or open an inquiry as the super admin who reads the page.
  const FORGING = [
    "/api/admin/backup",
    "/api/admin/contact/1",
    "/api/admin/contact/export",
    "/trpc/contact.get?input=1",
    "/uploads/../api/admin/backup",
    "/images/%2e%2e/api/admin/backup",
    "/uploads\\..\\api/admin/backup",
    "//evil.example/pixel.gif",
    "https://tracker.example/pixel.gif",
    "http://localhost/uploads/a.webp",
    "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
    "javascript:alert(1)",
  ];
  const forgingBody =
    FORGING.map((src, i) => `<img src="${src}" alt="f${i}">`).join("") +
    '<img src="/uploads/ok123.webp" alt="own upload"><img src="/images/services/ozone-therapy.svg" alt="own image">';

  function expectOnlyOwnPictures(html: string) {
    expect(html).toContain('<img src="/uploads/ok123.webp" alt="own upload" />');
    expect(html).toContain('<img src="/images/services/ozone-therapy.svg" alt="own image" />');
    FORGING.forEach((_, i) => {
      expect(html).toContain(`<img alt="f${i}" />`);
    });
    expect(html).not.toMatch(/api\/admin|trpc|evil|tracker|localhost|data:|javascript:/);
  }

  it("pictures only from this site's uploads and images: /api/..., other hosts and tricks lose their address on save", async () => {
    const created = await (await t.callerFor(await t.createAdmin())).news.create({
      title: "Forged pictures",
      slug: "forged-pictures",
      summary: "Pictures that would act",
      content: forgingBody,
      isPublished: true,
    });
    expectOnlyOwnPictures(created.content ?? "");
    const footer = await t.request("/api/admin/content", {
      json: { page: "footer", section: "description", key: "description", content: forgingBody, contentType: "html" },
      cookie,
    });
    expect(footer.status).toBeLessThan(300);
    expectOnlyOwnPictures((await footer.json()).content);
  });

  it("HTML stored under the old rule (other sites' and /api pictures) is cleaned on the way out", async () => {
    await t.deps.db.insert(newsArticles).values({
      title: "Stored before",
      slug: "stored-before",
      summary: "Stored under the old rule",
      content: forgingBody,
      isPublished: true,
      publishedAt: new Date(Date.now() - 1000),
    });
    expectOnlyOwnPictures((await (await t.request("/api/news/stored-before")).json()).content);
    await t.deps.db.update(websiteContent).set({ content: forgingBody }).where(eq(websiteContent.page, "footer"));
    const footer = await (await t.request("/api/content?page=footer&section=description")).json();
    expectOnlyOwnPictures(footer[0].content);
  });

  it("html content items are sanitised on save; text items are kept as typed", async () => {
    const html = await t.request("/api/admin/content", {
      json: { page: "about", section: "extra", key: "html", content: DIRTY, contentType: "html" },
      cookie,
    });
    expectClean((await html.json()).content);
    const text = await t.request("/api/admin/content", {
      json: { page: "about", section: "extra", key: "text", content: "Results in 2 < 3 months & more", contentType: "text" },
      cookie,
    });
    expect((await text.json()).content).toBe("Results in 2 < 3 months & more");
  });
});

describe("CSV export is safe to open in a spreadsheet", () => {
  it("exports a contact name starting with = as text, not a formula", async () => {
    await t.request("/api/contact", {
      json: {
        name: '=HYPERLINK("http://evil.example","Click")',
        email: "f@example.com",
        phone: "+1 801 555 0100",
        servicesInterested: ["Ozone Therapy"],
        healthConditions: "@SUM(1+1)",
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
      },
    });
    const csv = await (await t.request("/api/admin/contact/export", { cookie })).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(`"'+1 801 555 0100"`);
    expect(csv).toContain(`"'@SUM(1+1)"`);
    expect(csv).not.toMatch(/(^|,)"=/m);
    // Every cell quoted.
    for (const line of csv.trim().split("\r\n")) expect(line.startsWith('"') && line.endsWith('"')).toBe(true);
  });

  it("prefixes every dangerous first character", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r"]) expect(csvSafeCell(`${lead}x`)).toBe(`'${lead}x`);
    expect(csvSafeCell("Plain")).toBe("Plain");
  });
});
