import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { websiteContent } from "../src/server/db/schema";
import { MIGRATIONS_DIR } from "../src/server/paths";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The home hero's picture has one source, the Website Images entry of home/hero: its picture, its alt
 * text and its SEO filename reach the home page's HTML as the server sends it.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

/** The attributes of the home hero's <img>, as the server rendered them. */
async function heroImage(): Promise<Record<string, string>> {
  const res = await t.request("/");
  expect(res.status).toBe(200);
  const html = await res.text();
  const tag = /<img[^>]*class="hp-hero-bg"[^>]*>/.exec(html)?.[0];
  expect(tag, "the home page has a hero image").toBeDefined();
  return Object.fromEntries([...tag!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

async function heroEntry(): Promise<{ id: number; altText: string | null; imageUrl: string }> {
  const res = await t.request("/api/admin/images?page=home", { cookie });
  const images = (await res.json()) as Array<{ id: number; section: string; altText: string | null; imageUrl: string }>;
  return images.find((image) => image.section === "hero")!;
}

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [key, value] of Object.entries(fields)) f.set(key, value);
  return f;
}

describe("the home hero image", () => {
  it("carries the alt text staff give the Website Images entry, and follows a change at once", async () => {
    const seeded = await heroEntry();
    expect((await heroImage()).alt).toBe(seeded.altText);

    const altText = `Morning light over the Wasatch ${Date.now()}`;
    const res = await t.request(`/api/admin/images/${seeded.id}`, { method: "PUT", form: form({ altText, isVisible: "true" }), cookie });
    expect(res.status, await res.text()).toBe(200);
    const img = await heroImage();
    expect(img.alt).toBe(altText);
    expect(img.src).toBe(seeded.imageUrl);
  });

  it("is served under its SEO filename once staff upload a picture", async () => {
    const { id } = await heroEntry();
    const bytes = await sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const res = await t.request(`/api/admin/images/${id}`, {
      method: "PUT",
      form: form({
        altText: "Sunrise over Millcreek",
        seoFilename: "millcreek-sunrise",
        image: new File([new Uint8Array(bytes)], "IMG_0042.png", { type: "image/png" }),
      }),
      cookie,
    });
    const saved = (await res.json()) as { imageUrl: string };
    expect(res.status).toBe(200);
    const [, hash, ext] = /^\/uploads\/([a-f0-9]{32})\.(\w+)$/.exec(saved.imageUrl)!;

    const img = await heroImage();
    expect(img.src).toBe(`/uploads/${hash}/millcreek-sunrise.${ext}`);
    expect(img.alt).toBe("Sunrise over Millcreek");

    const named = await t.request(img.src!);
    const stored = await t.request(saved.imageUrl);
    expect(named.status).toBe(200);
    expect(named.headers.get("content-type")).toBe(stored.headers.get("content-type"));
    expect(Buffer.from(await named.arrayBuffer())).toEqual(Buffer.from(await stored.arrayBuffer()));
    // Only a well-formed name of a stored image answers.
    expect((await t.request(`/uploads/${hash}/Not_A_Name.${ext}`)).status).toBe(404);
    expect((await t.request(`/uploads/${"0".repeat(32)}/millcreek-sunrise.${ext}`)).status).toBe(404);
  });
});

describe("the content item home/hero/backgroundImage", () => {
  const stale = and(eq(websiteContent.page, "home"), eq(websiteContent.section, "hero"), eq(websiteContent.key, "backgroundImage"));

  it("is not seeded", async () => {
    expect(await t.deps.db.select().from(websiteContent).where(stale)).toEqual([]);
  });

  it("is deleted by the migration from a database that still has it", async () => {
    await t.deps.db
      .insert(websiteContent)
      .values({ page: "home", section: "hero", key: "backgroundImage", content: "/images/old-hero.jpg", contentType: "url" });
    // As on a database from before the migration: 0004's own statements run on it. (Later migrations
    // follow it, so the migrator would not run it again by forgetting the last one it applied.)
    const migration = readFileSync(path.join(MIGRATIONS_DIR, "0004_home_hero_picture_from_website_images.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await t.deps.db.execute(sql.raw(statement));
    expect(await t.deps.db.select().from(websiteContent).where(stale)).toEqual([]);
    const hero = await t.deps.db
      .select({ key: websiteContent.key })
      .from(websiteContent)
      .where(and(eq(websiteContent.page, "home"), eq(websiteContent.section, "hero")));
    expect(hero.map((row) => row.key).sort()).toEqual(["bookButton", "browseButton", "eyebrow", "subtitle", "title"]);
  });
});
