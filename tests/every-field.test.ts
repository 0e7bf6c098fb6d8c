import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { contentItemUpdateInput } from "../src/shared/schemas/content";
import { websiteImageUpdateInput } from "../src/shared/schemas/images";
import { newsArticleUpdateInput } from "../src/shared/schemas/news";
import { serviceUpdateInput } from "../src/shared/schemas/services";
import { settingsUpdateInput } from "../src/shared/schemas/settings";
import { socialLinkUpdateInput } from "../src/shared/schemas/social";
import { teamMemberUpdateInput } from "../src/shared/schemas/team";
import { testimonialUpdateInput } from "../src/shared/schemas/testimonials";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * No field saves without effect: every field staff can edit, in every admin area (services, articles,
 * team, testimonials, website content and images, social links, settings), is changed here through
 * the same REST update the portal's save makes, and the change is looked for where it belongs: on the
 * public page a visitor reads (the server's HTML), or in the answer that carries it. The fields come
 * from each area's update schema, so a new field without an effect listed here fails the first test.
 */

let t: TestApp;
let cookie: string;
/** An uploaded picture's address, and its stored name (the part every variant's address carries). */
let picture: { url: string; hash: string };
let unique = 0;
const mark = (what: string) => `${what}${++unique}x${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7f83" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("image", new File([new Uint8Array(photo)], "field.jpg", { type: "image/jpeg" }));
  const { imageUrl } = await json(await t.request("/api/admin/team/upload-image", { form, cookie }), 201);
  picture = { url: imageUrl, hash: /\/uploads\/([0-9a-f]+)\./.exec(imageUrl)![1]! };
});
afterAll(async () => {
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely; each check names what it expects
type Row = Record<string, any>;

async function json(res: Response, status = 200): Promise<Row> {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(status);
  return JSON.parse(text);
}
const get = async (path: string) => json(await t.request(path, { cookie }));
const post = async (path: string, body: Row) => json(await t.request(path, { method: "POST", json: body, cookie }), 201);
const put = async (path: string, body: Row) => json(await t.request(path, { method: "PUT", json: body, cookie }));
/** The public page's HTML as the server sends it (before any script). */
async function page(path: string, status = 200): Promise<string> {
  const res = await t.request(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 200)}`).toBe(status);
  return html;
}
/** As the pages write text and attribute values (Preact: &, " and < escaped; decisions/0070). */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** An update of one record through its admin REST door: the record as stored, with `change`. */
async function change(area: string, id: number, fields: readonly string[], changes: Row): Promise<Row> {
  const current = await get(`/api/admin/${area}/${id}`).catch(async () =>
    (await get(`/api/admin/${area}`)).find((row: Row) => row.id === id),
  );
  const body = Object.fromEntries(fields.filter((name) => name in current && current[name] !== null).map((name) => [name, current[name]]));
  return put(`/api/admin/${area}/${id}`, { ...body, ...changes });
}

/** The editable fields of an update schema: all but the id and the file parts (their address fields stand for them). */
function editable(schema: z.ZodType): string[] {
  const shape = (node: z.ZodType): string[] => {
    const def = node._zod.def as { type: string; shape?: object; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
    if (def.type === "object") return Object.keys(def.shape ?? {});
    if (def.innerType) return shape(def.innerType);
    if (def.type === "pipe") return shape(def.in!).length > 0 ? shape(def.in!) : shape(def.out!);
    return [];
  };
  return shape(schema).filter((name) => !["id", "image", "thumbnail"].includes(name));
}

type Check = () => Promise<void>;

// ---------------------------------------------------------------- services

const SERVICE_FIELDS = [
  "title",
  "slug",
  "shortDescription",
  "description",
  "imageUrl",
  "imageAlt",
  "offeredOnContactForm",
  "sections",
  "isPublished",
] as const;
async function newService(): Promise<Row> {
  const slug = mark("svc-").toLowerCase();
  return post("/api/admin/services", {
    title: mark("Service "),
    slug,
    shortDescription: mark("Short "),
    description: mark("About "),
    imageAlt: mark("Picture "),
  });
}
const serviceChecks: Record<string, Check> = {
  // Draft or published (issue 36): a draft's page is the 404, and it leaves the services list.
  isPublished: async () => {
    const s = await newService();
    await change("services", s.id, SERVICE_FIELDS, { isPublished: false });
    await page(`/services/${s.slug}`, 404);
    expect(await page("/services")).not.toContain(`/services/${s.slug}"`);
    await change("services", s.id, SERVICE_FIELDS, { isPublished: true });
    expect(await page(`/services/${s.slug}`)).toContain(escaped(s.title));
    expect(await page("/services")).toContain(`/services/${s.slug}"`);
  },
  // A choice of the contact form (server-rendered, so it is in the page's HTML).
  offeredOnContactForm: async () => {
    const s = await newService();
    await change("services", s.id, SERVICE_FIELDS, { offeredOnContactForm: true });
    expect(await page("/contact")).toContain(`value="${escaped(s.title)}"`);
    await change("services", s.id, SERVICE_FIELDS, { offeredOnContactForm: false });
    expect(await page("/contact")).not.toContain(`value="${escaped(s.title)}"`);
  },
  sections: async () => {
    const s = await newService();
    const benefit = mark("Benefit ");
    const question = mark("Question ");
    await change("services", s.id, SERVICE_FIELDS, {
      sections: [
        { kind: "benefits", title: "Benefits", items: [{ title: benefit, text: "Its text." }] },
        { kind: "faq", title: "Questions", items: [{ question, answer: "The answer." }] },
      ],
    });
    const html = await page(`/services/${s.slug}`);
    expect(html).toContain(benefit);
    expect(html).toContain(question);
    expect(html).toContain('"@type":"FAQPage"');
  },
  title: async () => {
    const s = await newService();
    const title = mark("Title ");
    await change("services", s.id, SERVICE_FIELDS, { title });
    expect(await page(`/services/${s.slug}`)).toContain(title);
  },
  slug: async () => {
    const s = await newService();
    const slug = mark("moved-").toLowerCase();
    await change("services", s.id, SERVICE_FIELDS, { slug });
    expect(await page(`/services/${slug}`)).toContain(escaped(s.title));
    // The old address sends visitors on (issue 39, decisions/0072).
    const old = await t.request(`/services/${s.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/services/${slug}`);
  },
  shortDescription: async () => {
    const s = await newService();
    const shortDescription = mark("Brief ");
    await change("services", s.id, SERVICE_FIELDS, { shortDescription });
    expect(await page("/services")).toContain(shortDescription);
  },
  description: async () => {
    const s = await newService();
    const description = mark("Described ");
    await change("services", s.id, SERVICE_FIELDS, { description });
    expect(await page(`/services/${s.slug}`)).toContain(description);
  },
  imageUrl: async () => {
    const s = await newService();
    await change("services", s.id, SERVICE_FIELDS, { imageUrl: picture.url });
    expect(await page(`/services/${s.slug}`)).toContain(picture.hash);
  },
  imageAlt: async () => {
    const s = await newService();
    const imageAlt = mark("Alt ");
    await change("services", s.id, SERVICE_FIELDS, { imageUrl: picture.url, imageAlt });
    expect(await page(`/services/${s.slug}`)).toContain(`alt="${imageAlt}"`);
  },
};

// ---------------------------------------------------------------- news

const NEWS_FIELDS = [
  "title",
  "slug",
  "summary",
  "content",
  "externalUrl",
  "thumbnailUrl",
  "thumbnailAlt",
  "metaTitle",
  "metaDescription",
  "tags",
  "isPublished",
  "publishedAt",
] as const;
async function newArticle(): Promise<Row> {
  return post("/api/admin/news", {
    title: mark("Article "),
    slug: mark("article-").toLowerCase(),
    summary: mark("Summary "),
    content: `<p>${mark("Body ")}</p>`,
    isPublished: true,
  });
}
const newsChecks: Record<string, Check> = {
  title: async () => {
    const a = await newArticle();
    const title = mark("Headline ");
    await change("news", a.id, NEWS_FIELDS, { title });
    expect(await page(`/news/${a.slug}`)).toContain(title);
  },
  slug: async () => {
    const a = await newArticle();
    const slug = mark("renamed-").toLowerCase();
    await change("news", a.id, NEWS_FIELDS, { slug });
    expect(await page(`/news/${slug}`)).toContain(escaped(a.title));
  },
  summary: async () => {
    const a = await newArticle();
    const summary = mark("Gist ");
    await change("news", a.id, NEWS_FIELDS, { summary });
    expect(await page("/news")).toContain(summary);
  },
  content: async () => {
    const a = await newArticle();
    const words = mark("Paragraph ");
    await change("news", a.id, NEWS_FIELDS, { content: `<p>${words}</p>` });
    expect(await page(`/news/${a.slug}`)).toContain(words);
  },
  externalUrl: async () => {
    const a = await newArticle();
    const externalUrl = `https://example.org/${mark("story")}`;
    await change("news", a.id, NEWS_FIELDS, { externalUrl });
    expect(await page("/news")).toContain(externalUrl);
  },
  thumbnailUrl: async () => {
    const a = await newArticle();
    await change("news", a.id, NEWS_FIELDS, { thumbnailUrl: picture.url });
    expect(await page("/news")).toContain(picture.hash);
  },
  thumbnailAlt: async () => {
    const a = await newArticle();
    const thumbnailAlt = mark("Thumb ");
    await change("news", a.id, NEWS_FIELDS, { thumbnailUrl: picture.url, thumbnailAlt });
    expect(await page("/news")).toContain(`alt="${thumbnailAlt}"`);
  },
  metaTitle: async () => {
    const a = await newArticle();
    const metaTitle = mark("Meta ");
    await change("news", a.id, NEWS_FIELDS, { metaTitle });
    expect(await page(`/news/${a.slug}`)).toMatch(new RegExp(`<title>${metaTitle}`));
  },
  metaDescription: async () => {
    const a = await newArticle();
    const metaDescription = mark("Described for search engines ");
    await change("news", a.id, NEWS_FIELDS, { metaDescription });
    expect(await page(`/news/${a.slug}`)).toContain(`<meta name="description" content="${metaDescription}"`);
  },
  tags: async () => {
    const a = await newArticle();
    const tags = mark("tag");
    await change("news", a.id, NEWS_FIELDS, { tags });
    expect(await page(`/news/${a.slug}`)).toContain(tags);
  },
  isPublished: async () => {
    const a = await newArticle();
    await change("news", a.id, NEWS_FIELDS, { isPublished: false });
    await page(`/news/${a.slug}`, 404);
  },
  publishedAt: async () => {
    const a = await newArticle();
    await change("news", a.id, NEWS_FIELDS, { publishedAt: "2021-03-04T12:00:00.000Z" });
    const html = await page(`/news/${a.slug}`);
    expect(html).toContain("2021-03-04");
  },
};

// ---------------------------------------------------------------- team

const TEAM_FIELDS = ["name", "role", "bio", "imageUrl"] as const;
const newMember = () => post("/api/admin/team", { name: mark("Member "), role: mark("Role "), bio: mark("Bio "), imageUrl: picture.url });
const teamCheck =
  (field: "name" | "role" | "bio"): Check =>
  async () => {
    const m = await newMember();
    const value = mark(`${field} `);
    await change("team", m.id, TEAM_FIELDS, { [field]: value });
    expect(await page("/about")).toContain(value);
  };
const teamChecks: Record<string, Check> = {
  name: teamCheck("name"),
  role: teamCheck("role"),
  bio: teamCheck("bio"),
  imageUrl: async () => {
    const m = await newMember();
    const other = await otherPicture();
    await change("team", m.id, TEAM_FIELDS, { imageUrl: other.url });
    expect(await page("/about")).toContain(other.hash);
  },
};

/** A second upload (another picture's hash than `picture`'s). */
async function otherPicture(): Promise<{ url: string; hash: string }> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: unique % 255, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("image", new File([new Uint8Array(photo)], "other.png", { type: "image/png" }));
  const { imageUrl } = await json(await t.request("/api/admin/testimonials/upload-image", { form, cookie }), 201);
  return { url: imageUrl, hash: /\/uploads\/([0-9a-f]+)\./.exec(imageUrl)![1]! };
}

// ---------------------------------------------------------------- testimonials

const TESTIMONIAL_FIELDS = [
  "name",
  "content",
  "service",
  "rating",
  "imageUrl",
  "isVisible",
  "receivedAt",
  "source",
  "consentToPublish",
  "incentive",
  "language",
] as const;
const newTestimonial = () =>
  post("/api/admin/testimonials", {
    name: mark("Patient "),
    content: mark("Words "),
    service: mark("Service "),
    rating: 5,
    isVisible: true,
    consentToPublish: true,
  });
/** This testimonial as the public answer (GET /api/testimonials) gives it, or undefined when it is not shown. */
const shownTestimonial = async (id: number) => (await json(await t.request("/api/testimonials"))).find((row: Row) => row.id === id);
const testimonialText =
  (field: "name" | "content" | "service"): Check =>
  async () => {
    const r = await newTestimonial();
    const value = mark(`${field} `);
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { [field]: value });
    expect(await page("/")).toContain(value);
  };
const testimonialChecks: Record<string, Check> = {
  name: testimonialText("name"),
  content: testimonialText("content"),
  service: testimonialText("service"),
  rating: async () => {
    const r = await newTestimonial();
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { rating: 3 });
    // The carousel draws its first two cards on the server and the rest from its data: the public answer.
    expect((await shownTestimonial(r.id)).rating).toBe(3);
  },
  // Its source (the FTC's rule on reviews): recorded with what the site publishes.
  receivedAt: async () => {
    const r = await newTestimonial();
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { receivedAt: "2023-05-06" });
    expect((await shownTestimonial(r.id)).receivedAt).toBe("2023-05-06");
  },
  source: async () => {
    const r = await newTestimonial();
    const source = mark("Google review ");
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { source });
    expect((await shownTestimonial(r.id)).source).toBe(source);
  },
  // Without the patient's agreement a testimonial is not published: hidden, and refused when made visible.
  consentToPublish: async () => {
    const r = await newTestimonial();
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { consentToPublish: false, isVisible: false });
    expect(await shownTestimonial(r.id)).toBeUndefined();
    const refused = await t.request(`/api/admin/testimonials/${r.id}`, {
      method: "PUT",
      json: { ...r, consentToPublish: false, isVisible: true },
      cookie,
    });
    expect(refused.status).toBe(400);
  },
  incentive: async () => {
    const r = await newTestimonial();
    const incentive = mark("A gift card ");
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { incentive });
    expect(await page("/")).toContain(incentive);
  },
  // The language the patient wrote in: the pages mark the words with it (tests/testimonial-languages.test.ts
  // reads the cards), and the read says so in every language, with no translation offered over it.
  language: async () => {
    const r = await newTestimonial();
    expect((await shownTestimonial(r.id)).language).toBe("en");
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { language: "es" });
    expect((await shownTestimonial(r.id)).language).toBe("es");
    const english = (await json(await t.request("/api/testimonials?lang=en"))).find((row: Row) => row.id === r.id);
    expect(english).toMatchObject({ content: r.content, language: "es" });
  },
  imageUrl: async () => {
    const r = await newTestimonial();
    const other = await otherPicture();
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { imageUrl: other.url });
    expect(await page("/")).toContain(other.hash);
  },
  isVisible: async () => {
    const r = await newTestimonial();
    expect(await page("/")).toContain(r.content);
    await change("testimonials", r.id, TESTIMONIAL_FIELDS, { isVisible: false });
    expect(await page("/")).not.toContain(r.content);
  },
};

// ---------------------------------------------------------------- website content

const CONTENT_FIELDS = ["page", "section", "key", "content", "contentType", "isVisible", "sortOrder"] as const;
/** The home page's big title: a text every visitor reads first. */
async function heroTitle(): Promise<Row> {
  return (await get("/api/admin/content?page=home")).find((item: Row) => item.section === "hero" && item.key === "title");
}
const contentChecks: Record<string, Check> = {
  content: async () => {
    const item = await heroTitle();
    const words = mark("Welcome ");
    await change("content", item.id, CONTENT_FIELDS, { content: words });
    expect(await page("/")).toContain(words);
  },
  // Formatted (html) or plain: the footer's description, on every page.
  contentType: async () => {
    const item = (await get("/api/admin/content?page=footer")).find((row: Row) => row.key === "text");
    const words = mark("Formatted ");
    await change("content", item.id, CONTENT_FIELDS, { content: `<em>${words}</em>`, contentType: "html" });
    expect(await footer()).toContain(`<em>${words}</em>`);
    await change("content", item.id, CONTENT_FIELDS, { contentType: "text" });
    expect(await footer()).toContain(`&lt;em>${words}`); // Preact escapes < only (decisions/0070)
    // In a place that shows plain text (the home page's title) an html item reads as its words: no
    // markup, neither rendered nor shown as text.
    const title = await heroTitle();
    const titleWords = mark("Caring ");
    await change("content", title.id, CONTENT_FIELDS, {
      content: `<p>${titleWords}<strong>team</strong> &amp; you</p>`,
      contentType: "html",
    });
    const home = await page("/");
    expect(home).toContain(`${titleWords}team &amp; you`);
    expect(home).not.toContain(`&lt;strong&gt;team`);
    await change("content", title.id, CONTENT_FIELDS, { contentType: "text" });
  },
  isVisible: async () => {
    const item = await heroTitle();
    const words = mark("Hidden ");
    await change("content", item.id, CONTENT_FIELDS, { content: words, isVisible: false });
    expect(await page("/")).not.toContain(words);
    await change("content", item.id, CONTENT_FIELDS, { isVisible: true });
    expect(await page("/")).toContain(words);
  },
  // The place: an item moved elsewhere is no longer read where it was.
  ...Object.fromEntries(
    (["page", "section", "key"] as const).map((field) => [
      field,
      async () => {
        const item = await post("/api/admin/content", {
          page: "home",
          section: "hero",
          key: mark("spare-"),
          content: mark("Spare "),
          contentType: "text",
        });
        const words = mark("Moved ");
        const original = await heroTitle();
        // Swap: the spare takes the title's place (the title moves aside), so the page shows the spare's words.
        await change("content", original.id, CONTENT_FIELDS, { [field]: field === "page" ? "about" : mark(`${field}-`) });
        await change("content", item.id, CONTENT_FIELDS, { content: words, key: "title" });
        expect(await page("/")).toContain(words);
        await change("content", item.id, CONTENT_FIELDS, { key: mark("spare-") });
        await change("content", original.id, CONTENT_FIELDS, { page: "home", section: "hero", key: "title" });
      },
    ]),
  ),
  // The order of a page's items in its public answer (GET /api/content).
  sortOrder: async () => {
    const first = await post("/api/admin/content", {
      page: "home",
      section: "zz-order",
      key: mark("a-"),
      content: "A",
      contentType: "text",
      sortOrder: 1,
    });
    const second = await post("/api/admin/content", {
      page: "home",
      section: "zz-order",
      key: mark("b-"),
      content: "B",
      contentType: "text",
      sortOrder: 2,
    });
    const order = async () =>
      (await json(await t.request("/api/content?page=home&section=zz-order")))
        .map((item: Row) => item.id)
        .filter((id: number) => id === first.id || id === second.id);
    expect(await order()).toEqual([first.id, second.id]);
    await change("content", first.id, CONTENT_FIELDS, { sortOrder: 3 });
    expect(await order()).toEqual([second.id, first.id]);
  },
};

// ---------------------------------------------------------------- website images

const IMAGE_FIELDS = ["altText", "seoFilename", "width", "height", "isVisible", "imageUrl"] as const;
async function homeHero(): Promise<Row> {
  return (await get("/api/admin/images?page=home")).find((image: Row) => image.section === "hero");
}
const imageChecks: Record<string, Check> = {
  imageUrl: async () => {
    const hero = await homeHero();
    const other = await otherPicture();
    await change("images", hero.id, IMAGE_FIELDS, { imageUrl: other.url });
    expect(await page("/")).toContain(other.hash);
  },
  altText: async () => {
    const hero = await homeHero();
    const altText = mark("Mountains ");
    await change("images", hero.id, IMAGE_FIELDS, { altText });
    expect(await page("/")).toContain(altText);
  },
  seoFilename: async () => {
    const hero = await homeHero();
    await change("images", hero.id, IMAGE_FIELDS, { imageUrl: picture.url });
    const seoFilename = mark("clinic-view-").toLowerCase();
    await change("images", hero.id, IMAGE_FIELDS, { seoFilename });
    expect(await page("/")).toContain(`/${seoFilename}.`);
  },
  width: async () => {
    const hero = await homeHero();
    await change("images", hero.id, IMAGE_FIELDS, { imageUrl: "/images/hero-mountains.svg", width: 1234 });
    expect(await page("/")).toContain('width="1234"');
  },
  height: async () => {
    const hero = await homeHero();
    await change("images", hero.id, IMAGE_FIELDS, { imageUrl: "/images/hero-mountains.svg", height: 567 });
    expect(await page("/")).toContain('height="567"');
  },
  isVisible: async () => {
    const hero = await homeHero();
    const other = await otherPicture();
    await change("images", hero.id, IMAGE_FIELDS, { imageUrl: other.url, isVisible: false });
    expect(await page("/")).not.toContain(other.hash);
    await change("images", hero.id, IMAGE_FIELDS, { isVisible: true });
    expect(await page("/")).toContain(other.hash);
  },
};

// ---------------------------------------------------------------- social links

const SOCIAL_FIELDS = ["platform", "displayName", "url", "iconClass", "isVisible", "sortOrder"] as const;
const newLink = () =>
  post("/api/admin/social-media", {
    platform: "LinkedIn",
    displayName: mark("Link "),
    url: `https://example.com/${mark("p")}`,
    isVisible: true,
    sortOrder: 90,
  });
/** The footer's part of the home page. */
const footer = async () => {
  const html = await page("/");
  return html.slice(html.lastIndexOf("<footer"));
};
const socialChecks: Record<string, Check> = {
  displayName: async () => {
    const link = await newLink();
    const displayName = mark("Follow ");
    await change("social-media", link.id, SOCIAL_FIELDS, { displayName });
    expect(await footer()).toContain(displayName);
  },
  url: async () => {
    const link = await newLink();
    const url = `https://example.com/${mark("moved")}`;
    await change("social-media", link.id, SOCIAL_FIELDS, { url });
    expect(await footer()).toContain(url);
  },
  platform: async () => {
    const link = await newLink();
    await change("social-media", link.id, SOCIAL_FIELDS, { platform: "TikTok" });
    const html = await footer();
    const anchor = html.slice(html.indexOf(link.url) - 400, html.indexOf(link.url) + 600);
    expect(anchor).toMatch(/data-platform="tiktok"/i);
  },
  iconClass: async () => {
    const link = await newLink();
    await change("social-media", link.id, SOCIAL_FIELDS, { iconClass: "fab fa-youtube" });
    const html = await footer();
    const anchor = html.slice(html.indexOf(link.url) - 400, html.indexOf(link.url) + 600);
    expect(anchor).toMatch(/data-icon="youtube"/);
  },
  isVisible: async () => {
    const link = await newLink();
    await change("social-media", link.id, SOCIAL_FIELDS, { isVisible: false });
    expect(await footer()).not.toContain(link.url);
  },
  sortOrder: async () => {
    const a = await newLink();
    const b = await newLink();
    await change("social-media", a.id, SOCIAL_FIELDS, { sortOrder: 95 });
    let html = await footer();
    expect(html.indexOf(b.url)).toBeLessThan(html.indexOf(a.url));
    await change("social-media", a.id, SOCIAL_FIELDS, { sortOrder: 80 });
    html = await footer();
    expect(html.indexOf(a.url)).toBeLessThan(html.indexOf(b.url));
  },
};

// ---------------------------------------------------------------- settings

const settingsChecks: Record<string, Check> = {
  // Retention and mail settings are the server's own: they belong in its answer (and act on the purge and the outbox, tested in their files).
  retention: async () => {
    await json(await t.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: true, days: 400 } }, cookie }));
    expect((await get("/api/admin/settings")).retention).toMatchObject({ enabled: true, days: 400 });
  },
  mail: async () => {
    const current = (await get("/api/admin/settings")).mail;
    const changed = Object.fromEntries(Object.entries(current).map(([key, value]) => [key, typeof value === "boolean" ? !value : value]));
    await json(await t.request("/api/admin/settings", { method: "PUT", json: { mail: changed }, cookie }));
    expect((await get("/api/admin/settings")).mail).toEqual(changed);
  },
  clinic: async () => {
    const clinic = (await get("/api/admin/settings")).clinic;
    const email = `${mark("front")}@clinic.example`;
    await json(await t.request("/api/admin/settings", { method: "PUT", json: { clinic: { ...clinic, email } }, cookie }));
    expect(await page("/contact")).toContain(email);
  },
  // Sign-in security acts on the staff it names: an administrator without a second factor is held at enrolment while it asks for one.
  security: async () => {
    const admin = await t.createAdmin();
    const adminCookie = await t.cookieFor(admin);
    const set = (admins: boolean) =>
      t.request("/api/admin/settings", {
        method: "PUT",
        json: { security: { requireSecondFactor: { super_admin: false, admin: admins } } },
        cookie,
      });
    await json(await set(true));
    const held = await t.request("/api/admin/dashboard", { cookie: adminCookie });
    expect(held.status).toBe(403);
    expect(await held.json()).toMatchObject({ requiresSecondFactor: true });
    await json(await set(false));
    expect((await t.request("/api/admin/dashboard", { cookie: adminCookie })).status).toBe(200);
  },
};

// ---------------------------------------------------------------- the walk

const AREAS: Array<{ area: string; schema: z.ZodType; checks: Record<string, Check> }> = [
  { area: "services", schema: serviceUpdateInput, checks: serviceChecks },
  { area: "news", schema: newsArticleUpdateInput, checks: newsChecks },
  { area: "team", schema: teamMemberUpdateInput, checks: teamChecks },
  { area: "testimonials", schema: testimonialUpdateInput, checks: testimonialChecks },
  { area: "content", schema: contentItemUpdateInput, checks: contentChecks },
  { area: "images", schema: websiteImageUpdateInput, checks: imageChecks },
  { area: "social-media", schema: socialLinkUpdateInput, checks: socialChecks },
  { area: "settings", schema: settingsUpdateInput, checks: settingsChecks },
];

it("every editable field of every area has its effect checked below", () => {
  for (const { area, schema, checks } of AREAS) expect(Object.keys(checks).sort(), area).toEqual(editable(schema).sort());
});

for (const { area, checks } of AREAS) {
  describe(area, () => {
    for (const [field, check] of Object.entries(checks)) it(`${field}: a change shows where it belongs`, check);
  });
}
