import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accentProblem, contrastRatio, DEFAULT_ACCENT, PAGE_BACKGROUND } from "../src/shared/brand";
import { sanitizeSvg } from "../src/server/services/svg-sanitize";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The clinic's brand (Settings > Brand, issue 36): an uploaded SVG logo is sanitized (no scripts, no
 * event handlers, no external references), a PNG re-encoded; the header shows it; a favicon becomes
 * PNGs of 32, 180, 192 and 512 px linked from every page's head; an accent colour is refused unless it
 * reaches WCAG AA's 4.5:1 against white and the page, and is set on <html> by the server. Nothing set:
 * the site's own look.
 */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  owner = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

const EVIL_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" width="120" height="40" onload="alert(1)">
<script>alert('script')</script>
<style>@import url(https://evil.example/x.css); .a{fill:url(https://evil.example/p.svg#g)} .b{fill:#0e5a61}</style>
<defs><linearGradient id="g"><stop offset="0" stop-color="#0e5a61"/></linearGradient></defs>
<a href="javascript:alert(1)"><rect width="10" height="10"/></a>
<foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/frame"></iframe></foreignObject>
<image href="https://evil.example/track.png" width="1" height="1"/>
<use xlink:href="https://evil.example/sprite.svg#icon"/>
<path class="b" d="M0 0L120 40" fill="url(#g)" style="stroke:url(https://evil.example/s)" onclick="steal()"/>
<set attributeName="href" to="javascript:alert(1)"/>
<text x="5" y="30" font-family="Georgia">Clinic &amp; Co &xxe;</text>
</svg>`;

const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
const upload = (part: "logo" | "favicon", content: File, cookie = owner) => {
  const form = new FormData();
  form.set(part, content);
  return t.request(`/api/admin/brand/${part}`, { method: "PUT", form, cookie });
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 14, g: 90, b: 97, alpha: 1 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-exif-marker" } } })
    .toBuffer();

describe("the SVG sanitizer", () => {
  it("keeps the drawing and drops scripts, handlers, foreign content, links out and entity definitions", () => {
    const clean = sanitizeSvg(EVIL_SVG);
    for (const gone of [
      "<script",
      "alert(",
      "onload",
      "onclick",
      "javascript:",
      "evil.example",
      "foreignObject",
      "iframe",
      "@import",
      "<a ",
      "<set",
      "ENTITY",
      "passwd",
    ]) {
      expect(clean, gone).not.toContain(gone);
    }
    for (const kept of [
      'viewBox="0 0 120 40"',
      '<path class="b" d="M0 0L120 40" fill="url(#g)"',
      "linearGradient",
      ".b{fill:#0e5a61}",
      "Clinic &amp; Co",
    ]) {
      expect(clean, kept).toContain(kept);
    }
    expect(clean.startsWith("<svg")).toBe(true);
  });
});

describe("the accent colour's contrast check", () => {
  it("measures as WCAG does, and takes the site's own colour", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(accentProblem(DEFAULT_ACCENT)).toBeNull();
    expect(accentProblem("#0e5a61")).toBeNull();
    // Just dark enough for white text (4.54:1), a shade too light as text on the page's warm white: refused for that.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#767676", PAGE_BACKGROUND)).toBeLessThan(4.5);
    expect(accentProblem("#767676")).toMatch(/^This colour is too light: as text on the page's background it has a contrast of 4\.4:1/);
  });

  it("refuses a too-light colour with the contrast it has, and a malformed one, changing nothing", async () => {
    const light = await t.request("/api/admin/brand/accent", { method: "PUT", json: { accentColor: "#f4c06a" }, cookie: owner });
    expect(light.status).toBe(400);
    const body = await light.json();
    expect(body.fieldErrors.accentColor).toEqual([
      "This colour is too light: white text on it has a contrast of 1.6:1, and WCAG AA needs at least 4.5:1. Choose a darker colour.",
    ]);
    const grey = await t.request("/api/admin/brand/accent", { method: "PUT", json: { accentColor: "#777" }, cookie: owner });
    expect((await grey.json()).fieldErrors.accentColor[0]).toContain("contrast of 4.4:1");
    const bad = await t.request("/api/admin/brand/accent", { method: "PUT", json: { accentColor: "teal" }, cookie: owner });
    expect((await bad.json()).fieldErrors.accentColor).toEqual(["Please enter a colour as # and six hexadecimal digits, like #0e5a61."]);
    expect(await (await t.request("/api/brand")).json()).toEqual({ accentColor: null, accentHover: null, logo: null, favicon: null });
    const html = await (await t.request("/")).text();
    expect(html).not.toContain("--copper-600");
  });

  it("an accepted colour is set in the head by the server (both shades), on every page; null brings the site's own back", async () => {
    const res = await t.request("/api/admin/brand/accent", { method: "PUT", json: { accentColor: "#0E5A61" }, cookie: owner });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accentColor: "#0e5a61", accentHover: "#0c4d52" });
    for (const page of ["/", "/es/contact", "/services/stem-cell-therapy"]) {
      const html = await (await t.request(page)).text();
      // Last in the head, after the stylesheet's link, so its custom properties win.
      expect(html, page).toMatch(/<style>:root\{--copper-600:#0e5a61;--copper-700:#0c4d52\}<\/style><\/head>/);
    }
    expect((await t.request("/api/admin/brand/accent", { method: "PUT", json: { accentColor: null }, cookie: owner })).status).toBe(200);
    expect(await (await t.request("/")).text()).not.toContain("--copper-600");
  });
});

describe("logo and favicon", () => {
  it("an SVG logo is stored sanitized, served as an image that runs nothing, and shown in the header at its shape", async () => {
    const res = await upload("logo", file(EVIL_SVG, "logo.svg", "image/svg+xml"));
    const brand = await res.json();
    expect(res.status, JSON.stringify(brand)).toBe(200);
    expect(brand.logo).toMatchObject({ url: expect.stringMatching(/^\/brand\/logo-[0-9a-f]{24}\.svg$/), width: 120, height: 40 });

    const served = await t.request(brand.logo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const text = await served.text();
    expect(text).not.toMatch(/script|onload|evil\.example|javascript:/);

    for (const page of ["/", "/zh/about"]) {
      const html = await (await t.request(page)).text();
      expect(html, page).toContain(
        `<img src="${brand.logo.url}" alt height="40" width="120" data-testid="brand-logo" class="brand-logo"/>`,
      );
    }
  });

  it("a PNG logo is re-encoded (its metadata gone) and replaces the SVG, whose file is deleted", async () => {
    const before = (await (await t.request("/api/brand")).json()).logo.url;
    const res = await upload("logo", file(await png(300, 100), "logo.png", "image/png"));
    const brand = await res.json();
    expect(res.status).toBe(200);
    expect(brand.logo).toMatchObject({ url: expect.stringMatching(/\.png$/), width: 300, height: 100 });
    const bytes = Buffer.from(await (await t.request(brand.logo.url)).arrayBuffer());
    expect(bytes.includes("secret-exif-marker")).toBe(false);
    expect((await t.request(before)).status).toBe(404);
  });

  it("refuses what is not an SVG or a PNG, with its words; removing goes back to the site's own logo", async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const refused = await upload("logo", file(jpeg, "logo.jpg", "image/jpeg"));
    expect(refused.status).toBe(415);
    expect((await refused.json()).message).toBe("Please choose the logo as an SVG or PNG file.");
    const broken = await upload("logo", file("<svg><script>x</script></svg>", "empty.svg", "image/svg+xml"));
    expect(broken.status).toBe(415);
    expect((await broken.json()).message).toBe("This SVG file cannot be read as a picture. Please export it again, or choose a PNG.");

    const removed = await t.request("/api/admin/brand/logo", { method: "DELETE", cookie: owner });
    expect(removed.status).toBe(200);
    expect((await removed.json()).logo).toBeNull();
    expect(await (await t.request("/")).text()).toContain('<img src="/images/logo.svg" alt width="40" height="40"/>');
  });

  it("a favicon becomes PNGs of 32, 180, 192 and 512 px, linked from every page's head (the booking links' plain pages too) instead of the site's own", async () => {
    const res = await upload(
      "favicon",
      file(EVIL_SVG.replace('width="120" height="40"', 'width="64" height="64"'), "icon.svg", "image/svg+xml"),
    );
    const brand = await res.json();
    expect(res.status, JSON.stringify(brand)).toBe(200);
    const sizes = { icon32: 32, appleTouch: 180, icon192: 192, icon512: 512 } as const;
    for (const [key, size] of Object.entries(sizes)) {
      const url = brand.favicon[key];
      const served = await t.request(url);
      expect(served.headers.get("content-type"), key).toBe("image/png");
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height], key).toEqual([size, size]);
    }
    const html = await (await t.request("/es/")).text();
    expect(html).toContain(`<link rel="icon" href="${brand.favicon.icon32}" sizes="32x32" type="image/png"/>`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="${brand.favicon.appleTouch}" sizes="180x180"/>`);
    expect(html).not.toContain('href="/favicon.svg"');
    // The plain pages a booking mail's links open carry it too (here a link that finds nothing).
    const plain = await t.request("/es/booking/cancel?token=1.1.unknown");
    expect(plain.status).toBe(404);
    const plainHtml = await plain.text();
    expect(plainHtml).toContain(`<link rel="icon" href="${brand.favicon.icon32}" sizes="32x32" type="image/png"/>`);
    expect(plainHtml).not.toContain('href="/favicon.svg"');

    await t.request("/api/admin/brand/favicon", { method: "DELETE", cookie: owner });
    expect(await (await t.request("/es/")).text()).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect((await t.request(brand.favicon.icon32)).status).toBe(404);
  });

  it("only those who may change settings may change the brand", async () => {
    const admin = await t.cookieFor(await t.createAdmin({ role: "admin" }));
    expect((await upload("logo", file(await png(20, 20), "x.png", "image/png"), admin)).status).toBe(403);
    expect((await t.request("/api/admin/brand/accent", { method: "PUT", json: { accentColor: "#0e5a61" }, cookie: admin })).status).toBe(
      403,
    );
    expect((await (await t.request("/api/brand")).json()).accentColor).toBeNull();
  });
});
