import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { uploadedImages } from "../src/server/db/schema";
import { importUploadedFiles } from "../src/server/services/uploads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/** Uploads: images only, decided by their bytes; at most 10 MB; SVG refused; re-encoded; served safely. */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

const upload = (file: File) => {
  const form = new FormData();
  form.set("image", file);
  return t.request("/api/admin/team/upload-image", { form, cookie });
};
const storedFiles = async () => t.deps.db.select({ name: uploadedImages.name }).from(uploadedImages);

describe("image uploads", () => {
  it("refuses a fake PNG (text bytes with a .png name and type) and stores nothing", async () => {
    const before = (await storedFiles()).length;
    const res = await upload(new File(["this is plainly not an image"], "photo.png", { type: "image/png" }));
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe("Invalid file type: Please select an image file (PNG, JPG, GIF, etc.)");
    expect(await storedFiles()).toHaveLength(before);
  });

  it("refuses an SVG carrying a script, whatever it is called", async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
    for (const [name, type] of [
      ["evil.svg", "image/svg+xml"],
      ["innocent.png", "image/png"],
    ] as const) {
      const res = await upload(new File([svg], name, { type }));
      expect(res.status, name).toBe(415);
      expect((await res.json()).message).toMatch(/SVG images are not accepted/);
    }
  });

  it("refuses an 11 MB image with 413", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer(),
    );
    const res = await upload(new File([big], "huge.png", { type: "image/png" }));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("File too large: Please select an image smaller than 10MB");
  });

  it("refuses a file just over 10 MB that fits the request limit", async () => {
    const file = new Uint8Array(10 * 1024 * 1024 + 100);
    const res = await upload(new File([file], "a.jpg", { type: "image/jpeg" }));
    expect(res.status).toBe(413);
  });

  it("stores a real PNG re-encoded under a generated name and serves it as an image with nosniff", async () => {
    const original = await sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 10, g: 120, b: 90, alpha: 1 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const res = await upload(new File([new Uint8Array(original)], "My Holiday Photo.PNG", { type: "application/octet-stream" }));
    expect(res.status).toBe(201);
    const { imageUrl, width, height } = await res.json();
    expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(imageUrl).not.toMatch(/holiday/i);
    expect({ width, height }).toEqual({ width: 120, height: 80 });

    const served = await t.request(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toMatch(/immutable/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(original)).toBe(false); // re-encoded, not the uploaded bytes
    expect((await sharp(bytes).metadata()).format).toBe("png");
  });

  it("drops EXIF and GPS data from a JPEG and keeps its orientation applied", async () => {
    const jpeg = await sharp({ create: { width: 60, height: 30, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: "Patient family photo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 41/1 0/1" } },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const res = await upload(new File([new Uint8Array(jpeg)], "a.jpg", { type: "image/jpeg" }));
    expect(res.status).toBe(201);
    const { imageUrl, width, height } = await res.json();
    expect(imageUrl).toMatch(/\.jpg$/);
    expect({ width, height }).toEqual({ width: 30, height: 60 }); // orientation 6 = rotated 90°
    const served = Buffer.from(await (await t.request(imageUrl)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from("Patient family photo"))).toBe(false);
  });

  it("stores images in the database, named after their bytes: the same image once, served from any instance", async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#aa5500" } })
      .png()
      .toBuffer();
    const first = await (await upload(new File([new Uint8Array(png)], "a.png", { type: "image/png" }))).json();
    const second = await (await upload(new File([new Uint8Array(png)], "b.png", { type: "image/png" }))).json();
    expect(second.imageUrl).toBe(first.imageUrl);
    const rows = (await storedFiles()).filter((row) => first.imageUrl.endsWith(row.name));
    expect(rows).toHaveLength(1);
    // Another instance on the same database (its own app, its own caches) serves it.
    const other = await createTestApp({ database: { handle: t.deps.database, drop: async () => {}, engine: t.engine } });
    try {
      const served = await other.request(first.imageUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("etag")).toBeTruthy();
      const again = await other.request(first.imageUrl, { headers: { "if-none-match": served.headers.get("etag")! } });
      expect(again.status).toBe(304);
    } finally {
      await other.close();
    }
  });

  it("imports images from the uploads folder of before, under their old names", async () => {
    const dir = path.join(t.dataDir, "legacy-uploads");
    mkdirSync(dir, { recursive: true });
    const jpeg = await sharp({ create: { width: 12, height: 9, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const oldName = "0123456789abcdef0123456789abcdef.jpg";
    writeFileSync(path.join(dir, oldName), jpeg);
    writeFileSync(path.join(dir, "notes.txt"), "not an upload");
    expect((await t.request(`/uploads/${oldName}`)).status).toBe(404);
    expect(await importUploadedFiles(t.deps.db, dir)).toBe(1);
    expect(await importUploadedFiles(t.deps.db, dir)).toBe(0);
    const served = await t.request(`/uploads/${oldName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it("serves nothing outside the generated names", async () => {
    for (const path of ["/uploads/../secret.key", "/uploads/secret.key", "/uploads/%2e%2e%2fsecret.key", "/uploads/abc.png"]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it("refuses an upload without a file", async () => {
    const res = await t.request("/api/admin/team/upload-image", { form: new FormData(), cookie });
    expect(res.status).toBe(400);
  });

  it("requires a signed-in staff member", async () => {
    const form = new FormData();
    form.set("image", new File(["x"], "x.png"));
    expect((await t.request("/api/admin/testimonials/upload-image", { form })).status).toBe(401);
  });
});
