import { TRPCError } from "@trpc/server";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedImages, uploadedImageVariants } from "../src/server/db/schema";
import { imageWorkSettled } from "../src/server/services/image-work";
import { variantsSettled } from "../src/server/services/image-variants";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Responsive images: one upload becomes WebP and its own format at a few widths, made once; the public
 * pages offer them through srcset and sizes; every file a page lists is served, at the width it says;
 * nothing else is ever resized. The media picker's list is for staff only.
 */
let t: TestApp;
let cookie: string;
/** The upload every page below shows: a 1400 x 700 JPEG. */
let upload: { imageUrl: string; hash: string };
const suffix = Date.now().toString(36);
const serviceSlug = `cold-plunge-${suffix}`;
const articleSlug = `spring-light-${suffix}`;
const seoFilename = "millcreek-morning";

/** A photo-like JPEG (a gradient, so the encoders have something to do). */
async function photo(width: number, height: number): Promise<File> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x + y) * 97) % 256;
    }
  }
  const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new File([new Uint8Array(bytes)], "Morning over Millcreek.jpg", { type: "image/jpeg" });
}

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

async function variantRows(uploadName: string) {
  // Variants are made in the background after an upload: read them once the image work is done.
  await variantsSettled();
  await imageWorkSettled();
  const rows = await t.deps.db
    .select({ name: uploadedImageVariants.name, width: uploadedImageVariants.width, contentType: uploadedImageVariants.contentType })
    .from(uploadedImageVariants)
    .where(eq(uploadedImageVariants.uploadName, uploadName));
  return rows.map((row) => row.name).sort();
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

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin());
  const uploaded = await ok(
    await t.request("/api/admin/team/upload-image", { form: formOf({ image: await photo(1400, 700) }), cookie }),
    201,
  );
  upload = { imageUrl: uploaded.imageUrl, hash: /^\/uploads\/([a-f0-9]{32})\.jpg$/.exec(uploaded.imageUrl)![1]! };

  // The same upload as a service's picture, an article's thumbnail and the home hero, chosen by its address as the media picker does.
  await ok(
    await t.request("/api/admin/services", {
      json: {
        title: `Cold Plunge ${suffix}`,
        slug: serviceSlug,
        shortDescription: "Cold water, briefly.",
        description: "A short cold plunge.",
        imageAlt: "Ice water at dawn",
        imageUrl: uploaded.imageUrl,
      },
      cookie,
    }),
    201,
  );
  await ok(
    await t.request("/api/admin/news", {
      json: {
        title: `Spring light ${suffix}`,
        slug: articleSlug,
        summary: "Longer days and how they help.",
        content: "<p>Light.</p>",
        thumbnailUrl: uploaded.imageUrl,
        thumbnailAlt: "Sun over the valley",
        isPublished: true,
      },
      cookie,
    }),
    201,
  );
  const images = (await ok(await t.request("/api/admin/images?page=home", { cookie }))) as Array<{ id: number; section: string }>;
  const hero = images.find((image) => image.section === "hero")!;
  const saved = await ok(
    await t.request(`/api/admin/images/${hero.id}`, {
      method: "PUT",
      json: { imageUrl: uploaded.imageUrl, altText: "Morning over Millcreek", seoFilename, isVisible: true },
      cookie,
    }),
  );
  // A picked upload is measured by the server, like a new file.
  expect(saved).toMatchObject({ imageUrl: uploaded.imageUrl, width: 1400, height: 700 });
});
afterAll(() => t?.close());

function formOf(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe("an upload", () => {
  it("is made into WebP and its own format at each listed width below its own, once, at upload time", async () => {
    const name = `${upload.hash}.jpg`;
    const h = upload.hash;
    expect(await variantRows(name)).toEqual(
      [...[320, 640, 960, 1280, 1400].map((w) => `${h}-${w}w.webp`), ...[320, 640, 960, 1280].map((w) => `${h}-${w}w.jpg`)].sort(),
    );
    const [stored] = await t.deps.db
      .select({ fileName: uploadedImages.fileName })
      .from(uploadedImages)
      .where(eq(uploadedImages.name, name));
    expect(stored?.fileName).toBe("Morning over Millcreek.jpg");
  });

  it("keeps a GIF as it is, and makes an image narrower than every listed width only a WebP of its own width", async () => {
    const gif = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#447788" } })
      .gif()
      .toBuffer();
    const gifUpload = await ok(
      await t.request("/api/admin/team/upload-image", {
        form: formOf({ image: new File([new Uint8Array(gif)], "a.gif", { type: "image/gif" }) }),
        cookie,
      }),
      201,
    );
    expect(await variantRows(gifUpload.imageUrl.slice("/uploads/".length))).toEqual([]);

    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#aa3355" } })
      .png()
      .toBuffer();
    const small = await ok(
      await t.request("/api/admin/team/upload-image", {
        form: formOf({ image: new File([new Uint8Array(png)], "b.png", { type: "image/png" }) }),
        cookie,
      }),
      201,
    );
    const name = small.imageUrl.slice("/uploads/".length) as string;
    expect(await variantRows(name)).toEqual([name.replace(".png", "-200w.webp")]);
  });
});

describe("the public pages", () => {
  const pages = () => ["/", "/services", `/services/${serviceSlug}`, "/news", `/news/${articleSlug}`];
  const checked = new Map<string, number>();

  /** GETs a listed file once: 200, the content type of its extension, and the width the srcset gives it. */
  async function expectServedAt(url: string, width: number) {
    if (checked.get(url) === width) return;
    const res = await t.request(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get("content-type"), url).toBe(CONTENT_TYPES[url.split(".").pop()!]);
    expect(res.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format === "jpeg" ? "jpg" : meta.format, url).toBe(url.split(".").pop());
    expect(meta.width, url).toBe(width);
    checked.set(url, width);
  }

  it("show the upload through srcset and sizes wherever it is used, and every file listed exists at the stated width", async () => {
    for (const page of pages()) {
      const res = await t.request(page);
      expect(res.status, page).toBe(200);
      const html = await res.text();
      const sources = tags(html, "source").filter((s) => s.srcset?.includes(upload.hash));
      const imgs = tags(html, "img").filter((img) => img.srcset?.includes(upload.hash));
      expect(sources.length, page).toBeGreaterThan(0);
      expect(imgs.length, page).toBe(sources.length);
      for (const source of sources) {
        expect(source.type).toBe("image/webp");
        expect(source.sizes, page).toBeTruthy();
        const list = candidates(source.srcset!);
        expect(list.map(([, w]) => w)).toEqual([320, 640, 960, 1280, 1400]);
        for (const [url, width] of list) {
          expect(url.endsWith(".webp"), url).toBe(true);
          await expectServedAt(url, width);
        }
      }
      for (const img of imgs) {
        expect(img.sizes, page).toBeTruthy();
        // The upload's own size, so the page keeps the picture's place while it loads.
        expect([img.width, img.height]).toEqual(["1400", "700"]);
        const list = candidates(img.srcset!);
        expect(list.map(([, w]) => w)).toEqual([320, 640, 960, 1280, 1400]);
        for (const [url, width] of list) await expectServedAt(url, width);
        expect(img.src).toBe(list.at(-1)![0]);
      }
    }
  });

  it("follow each place's layout in sizes: the hero is the whole width, a card in the grid a column", async () => {
    const home = await (await t.request("/")).text();
    const hero = tags(home, "img").find((img) => img.class === "hp-hero-bg")!;
    expect(hero.sizes).toBe("100vw");
    // The hero under its SEO filename, variants included.
    expect(hero.src).toBe(`/uploads/${upload.hash}/${seoFilename}.jpg`);
    expect(hero.srcset).toContain(`/uploads/${upload.hash}/${seoFilename}-640w.jpg 640w`);
    const card = tags(home, "img").find((img) => img.alt === "Ice water at dawn")!;
    expect(card.sizes).toMatch(/^\(min-width: 1200px\) \d+px, .*calc\(100vw - 40px\)$/);
  });

  it("preload the hero's right size from the head, with the same srcset and sizes as its WebP source", async () => {
    const home = await (await t.request("/")).text();
    const head = home.slice(0, home.indexOf("</head>"));
    const preloads = tags(head, "link").filter((link) => link.rel === "preload" && link.as === "image");
    const heroSource = tags(home, "source").find((s) => s.srcset?.includes(`/${seoFilename}-`))!;
    expect(preloads).toContainEqual(
      expect.objectContaining({ imagesrcset: heroSource.srcset, imagesizes: "100vw", fetchpriority: "high", type: "image/webp" }),
    );
  });

  it("keep the built-in pictures as they are", async () => {
    const about = await (await t.request("/services/ozone-therapy")).text();
    const img = tags(about, "img").find((i) => i.src?.startsWith("/images/"));
    expect(img, "a built-in picture").toBeDefined();
    expect(img!.srcset).toBeUndefined();
  });
});

describe("variant addresses", () => {
  it("answer 404 for a width or format the list does not give, without making anything", async () => {
    const name = `${upload.hash}.jpg`;
    const before = await variantRows(name);
    const h = upload.hash;
    for (const url of [
      `/uploads/${h}-777w.webp`,
      `/uploads/${h}-1920w.webp`, // wider than the upload
      `/uploads/${h}-1400w.jpg`, // the original itself has this address: /uploads/<hash>.jpg
      `/uploads/${h}-640w.png`, // a format the upload is not offered in
      `/uploads/${h}-640w.gif`,
      `/uploads/${h}-0640w.webp`,
      `/uploads/${h}/${seoFilename}-777w.webp`,
      `/uploads/${h}/${seoFilename}-640w.png`,
      `/uploads/${"0".repeat(32)}-640w.webp`,
      `/uploads/${"0".repeat(32)}/${seoFilename}-640w.webp`,
    ]) {
      expect((await t.request(url)).status, url).toBe(404);
    }
    expect(await variantRows(name)).toEqual(before);
  });

  it("of an upload from before the variants are made on the first request, once, and then served like the rest", async () => {
    const jpeg = await photo(700, 350);
    const stored = await ok(await t.request("/api/admin/team/upload-image", { form: formOf({ image: jpeg }), cookie }), 201);
    const name = stored.imageUrl.slice("/uploads/".length) as string;
    const made = await variantRows(name);
    expect(made).toHaveLength(5); // webp 320, 640, 700; jpg 320, 640
    // As a database from before the feature (or restored from an older backup) has it: no variants.
    await t.deps.db.delete(uploadedImageVariants).where(eq(uploadedImageVariants.uploadName, name));
    const urls = made.map((file) => `/uploads/${file}`);
    const answers = await Promise.all([...urls, ...urls].map((url) => t.request(url)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(await variantRows(name)).toEqual(made);
    const rows = await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM uploaded_image_variants WHERE upload_name = ${name}`);
    expect(((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as { n: number }).n).toBe(5);
  });
});

describe("the list of uploads (media picker)", () => {
  it("needs a signed-in staff member (401 otherwise), through REST and tRPC", async () => {
    expect((await t.request("/api/admin/uploads")).status).toBe(401);
    const anonymous = await t.callerFor();
    await expect(anonymous.uploads.list({ page: 1, pageSize: 24 })).rejects.toSatisfy(
      (error) => error instanceof TRPCError && error.code === "UNAUTHORIZED",
    );
  });

  it("lists uploads newest first with file name, alt text, size and pixels, searchable by alt text or file name, a page at a time", async () => {
    const res = await t.request("/api/admin/uploads?pageSize=100", { cookie });
    const items = (await ok(res)) as Array<Record<string, unknown>>;
    expect(Number(res.headers.get("x-total-count"))).toBe(items.length);
    const mine = items.find((item) => item.url === upload.imageUrl)!;
    expect(mine).toMatchObject({ fileName: "Morning over Millcreek.jpg", width: 1400, height: 700, contentType: "image/jpeg" });
    expect(mine.size).toBeGreaterThan(0);
    // The alt text it was last given where it is used (here the hero's, saved last).
    expect(mine.altText).toBe("Morning over Millcreek");
    const times = items.map((item) => Date.parse(item.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const byAlt = (await ok(await t.request(`/api/admin/uploads?q=${encodeURIComponent("over millcreek")}`, { cookie }))) as Array<{
      url: string;
    }>;
    expect(byAlt.map((item) => item.url)).toContain(upload.imageUrl);
    const byName = (await ok(await t.request("/api/admin/uploads?q=b.png", { cookie }))) as Array<{ fileName: string }>;
    expect(byName.map((item) => item.fileName)).toEqual(["b.png"]);
    expect(await ok(await t.request("/api/admin/uploads?q=%25_nothing", { cookie }))).toEqual([]);

    const first = await t.request("/api/admin/uploads?page=1&pageSize=2", { cookie });
    const second = await t.request("/api/admin/uploads?page=2&pageSize=2", { cookie });
    const firstItems = (await ok(first)) as Array<{ url: string }>;
    expect(firstItems).toHaveLength(2);
    expect(first.headers.get("link")).toContain('rel="next"');
    const secondItems = (await ok(second)) as Array<{ url: string }>;
    expect(secondItems.map((item) => item.url)).toEqual(items.slice(2, 4).map((item) => item.url));
    expect((await t.request("/api/admin/uploads?pageSize=0", { cookie })).status).toBe(400);
  });
});
