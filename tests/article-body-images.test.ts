import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_PICTURE_SIZES, responsiveBodyPictures, uploadsInBody } from "../src/shared/article-pictures";
import { photoJpeg } from "./setup/photo";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Pictures in a news article's body are offered as the thumbnails are (src/shared/article-pictures.ts):
 * a large upload placed in a body reaches visitors as a <picture> with the srcset of its WebP and own
 * format variants, the reading column's sizes, its measured size, lazy; in the server's page and in the
 * read the browser's article view makes alike, while the stored body stays the <img> staff wrote.
 */
let t: TestApp;
let cookie: string;
let upload: { url: string; hash: string };
let articleId: number;
const suffix = Date.now().toString(36);
const slug = `light-in-the-body-${suffix}`;
const alt = "The treatment room at dawn";
/** The body as staff save it: the picture as the editor inserts it, a built-in picture, a picture of an address that is not stored. */
let body: string;

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

/** Every `<tag ...>` of the HTML, as attribute maps. */
function tags(html: string, tag: string): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, "g"))].map((m) =>
    Object.fromEntries([...m[0].matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!.replace(/&amp;/g, "&")])),
  );
}

/** "a 320w, b 640w" -> [[a, 320], [b, 640]] */
function candidates(srcset: string): Array<[string, number]> {
  return srcset.split(",").map((part) => {
    const [url, descriptor] = part.trim().split(/\s+/);
    expect(descriptor, part).toMatch(/^\d+w$/);
    return [url!, Number.parseInt(descriptor!, 10)];
  });
}

beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin());
  const form = new FormData();
  form.set("image", new File([new Uint8Array(await photoJpeg(2400, 1600))], "Treatment room.jpg", { type: "image/jpeg" }));
  // The upload procedure the editor's "Upload new image" calls, through its REST mirror.
  const stored = await ok(await t.request("/api/admin/team/upload-image", { form, cookie }), 201);
  upload = { url: stored.imageUrl, hash: /^\/uploads\/([a-f0-9]{32})\.jpg$/.exec(stored.imageUrl)![1]! };
  body =
    `<p>Morning light.</p><img src="${upload.url}" alt="${alt}" width="2400" height="1600">` +
    `<p>And a drawing.</p><img src="/images/placeholder.svg" alt="A drawing">` +
    `<img src="/uploads/${"0".repeat(32)}.jpg" alt="Gone">`;
  const article = await ok(
    await t.request("/api/admin/news", {
      json: { title: `Light in the body ${suffix}`, slug, summary: "Pictures inside an article.", content: body, isPublished: true },
      cookie,
    }),
    201,
  );
  articleId = article.id;
});
afterAll(() => t?.close());

/** The body's pictures of the upload in some HTML: the WebP <source>s and the <img>s. */
function uploadPictures(html: string) {
  return {
    sources: tags(html, "source").filter((source) => source.srcset?.includes(upload.hash)),
    imgs: tags(html, "img").filter((img) => img.src?.includes(upload.hash)),
  };
}

/** What every rendering of the body must show for the upload: a <picture> with srcset, sizes, its size, lazy. */
async function expectResponsive(html: string) {
  expect(html).toMatch(new RegExp(`<picture><source type="image/webp" [^>]*>\\s*<img [^>]*src="${upload.url}"`));
  const { sources, imgs } = uploadPictures(html);
  expect(sources).toHaveLength(1);
  expect(imgs).toHaveLength(1);
  const [source] = sources;
  const [img] = imgs;
  expect(source!.sizes).toBe(ARTICLE_PICTURE_SIZES);
  expect(candidates(source!.srcset!).map(([url, width]) => [url.split(".").pop(), width])).toEqual(
    [320, 640, 960, 1280, 1920, 2400].map((width) => ["webp", width]),
  );
  expect(img).toMatchObject({
    src: upload.url,
    alt,
    sizes: ARTICLE_PICTURE_SIZES,
    width: "2400",
    height: "1600",
    loading: "lazy",
    decoding: "async",
  });
  const own = candidates(img!.srcset!);
  expect(own.map(([, width]) => width)).toEqual([320, 640, 960, 1280, 1920, 2400]);
  expect(own.at(-1)![0]).toBe(upload.url);
  // Every file the page lists is served, at the width it states (made for this upload in the background).
  for (const [url, width] of [...candidates(source!.srcset!), ...own]) {
    const res = await t.request(url);
    expect(res.status, url).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await sharp(bytes).metadata()).width, url).toBe(width);
    // A phone-wide variant is a small part of the 2,400-pixel original.
    if (width <= 960) expect(bytes.length, url).toBeLessThan(150 * 1024);
  }
}

describe("a picture in an article's body", () => {
  it("is in the server-rendered article page as a <picture> with srcset, sizes, its size, lazy", async () => {
    const res = await t.request(`/news/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const article = html.slice(html.indexOf('data-testid="article-body"'));
    await expectResponsive(article.slice(0, article.indexOf("</article>")));
  });

  it("is the same in the read the browser's article view makes (news.bySlug) and in the REST answer", async () => {
    const anonymous = await t.callerFor();
    const read = await anonymous.news.bySlug({ slug });
    await expectResponsive(read.content!);
    expect((await ok(await t.request(`/api/news/${slug}`))).content).toBe(read.content);
  });

  it("leaves other pictures as they are: a built-in one and an address no upload is stored at", async () => {
    const anonymous = await t.callerFor();
    const content = (await anonymous.news.bySlug({ slug })).content!;
    expect(content).toContain('<img src="/images/placeholder.svg" alt="A drawing" />');
    expect(content).toContain(`<img src="/uploads/${"0".repeat(32)}.jpg" alt="Gone" />`);
  });

  it("is stored as staff wrote it: no srcset in the saved body, which the editor reads", async () => {
    const saved = await ok(await t.request(`/api/admin/news/${articleId}`, { cookie }));
    expect(saved.content).toContain(`<img src="${upload.url}" alt="${alt}" width="2400" height="1600" />`);
    expect(saved.content).not.toMatch(/srcset|<picture|loading=/);
  });
});

describe("the body's pictures, one by one (responsiveBodyPictures)", () => {
  const hash = "a".repeat(32);
  const measured = new Map([
    [`${hash}.jpg`, { width: 1000, height: 500 }],
    [`${"b".repeat(32)}.gif`, { width: 400, height: 300 }],
  ]);

  it("takes an upload under an SEO filename too, keeps alt and title, and replaces a stored loading or size", () => {
    const html = `<p><a href="/x"><img src="/uploads/${hash}/clinic-room.jpg" alt="Room" title="The room" width="10" height="10" loading="eager" /></a></p>`;
    expect(uploadsInBody(html)).toEqual([`${hash}.jpg`]);
    const img = tags(responsiveBodyPictures(html, measured), "img")[0]!;
    expect(img).toMatchObject({
      src: `/uploads/${hash}/clinic-room.jpg`,
      alt: "Room",
      title: "The room",
      width: "1000",
      height: "500",
      loading: "lazy",
    });
    expect(img.srcset).toContain(`/uploads/${hash}/clinic-room-640w.jpg 640w`);
  });

  it("leaves a GIF, an upload it has no size for and a variant's address as they are", () => {
    const html = `<img src="/uploads/${"b".repeat(32)}.gif" alt="g" /><img src="/uploads/${"c".repeat(32)}.jpg" alt="c" /><img src="/uploads/${hash}-640w.webp" alt="v" />`;
    expect(responsiveBodyPictures(html, measured)).toBe(html);
  });
});
