import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EN } from "../src/client/public/catalogue/en";
const { NEWS_ARTICLE_CTA } = EN.D;
import { appMeta, websiteContent } from "../src/server/db/schema";
import { MORE_PAGE_TEXTS, PAGE_TEXTS, SEED_CONTENT, SEED_SERVICES, shareTexts } from "../src/server/db/seed-data";
import { MIGRATIONS_DIR } from "../src/server/paths";
import { CONTENT_SLOTS, contentLabel, inPageOrder } from "../src/shared/content-slots";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Issue 22, item 6: every text of the public pages is a content item staff can edit, the calls to
 * action and the contact and news pages' texts included; each has a plain label and its place in the
 * page's order; the Website Content screen's live preview frames a public page.
 */
let t: TestApp;
let cookie: string;
let admin: { id: number };
beforeAll(async () => {
  t = await createTestApp({ web: true });
  admin = await t.createAdmin();
  cookie = await t.cookieFor(admin);
});
afterAll(() => t.close());

const place = (item: { page: string; section: string; key: string }) => `${item.page}/${item.section}/${item.key}`;

/** A migration's own statements, run as on a database from before it (the lead may renumber it). */
async function runPageTextsMigration(name = "page_texts") {
  const file = readdirSync(MIGRATIONS_DIR).find((file) => file.replace(/^\d+_/, "") === `${name}.sql`)!;
  const migration = readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) await t.deps.db.execute(sql.raw(statement));
}

/** Deletes these texts' items (as on a database from before their migration). */
async function deleteTexts(texts: readonly { page: string; section: string; key: string }[]) {
  for (const text of texts) {
    await t.deps.db
      .delete(websiteContent)
      .where(and(eq(websiteContent.page, text.page), eq(websiteContent.section, text.section), eq(websiteContent.key, text.key)));
  }
}

const pageTextRows = async () =>
  (await t.deps.db.select().from(websiteContent)).filter((row) => PAGE_TEXTS.some((text) => place(text) === place(row)));

describe("the page texts as content items", () => {
  it("seeds every text the pages read from content, each with a plain label, in the pages' order", async () => {
    // The pages' share texts are seeded by a step of their own, on older databases too (tests/share-texts.test.ts).
    const seeded = [...SEED_CONTENT, ...shareTexts(EN.TS)].map(place);
    expect(seeded.sort()).toEqual(CONTENT_SLOTS.map(place).sort());
    const rows = await t.deps.db.select().from(websiteContent);
    expect(inPageOrder(rows).map(place)).toEqual(CONTENT_SLOTS.map(place));
    expect(contentLabel({ page: "home", section: "hero", key: "title" })).toBe("Home: big title at the top");
    expect(contentLabel({ page: "home", section: "cta", key: "title" })).toBe("Home: invitation to book at the bottom, heading");
    // An item staff added: its page and place, readable.
    expect(contentLabel({ page: "offers", section: "springSale", key: "headline" })).toBe("offers: Spring sale, headline");
  });

  it("seeds the calls to action and the contact and news pages' texts with the pages' own words", async () => {
    const rows = await pageTextRows();
    const stored = Object.fromEntries(rows.map((row) => [place(row), row.content]));
    expect(stored["home/cta/title"]).toBe("Ready to Start Your Wellness Journey?");
    expect(stored["contact/hero/title"]).toBe("Book An Appointment");
    expect(stored["contact/form/title"]).toBe("Inquire Today");
    expect(stored["contact/details/title"]).toBe("Get in Touch");
    expect(stored["news/hero/title"]).toBe("Latest News & Updates");
    expect(stored["news/articleCta/title"]).toBe(NEWS_ARTICLE_CTA.title);
    expect(rows).toHaveLength(PAGE_TEXTS.length);
  });

  it("the migration adds them to a database seeded before them, once, keeping what staff changed", async () => {
    const edited = and(eq(websiteContent.page, "contact"), eq(websiteContent.section, "hero"), eq(websiteContent.key, "title"));
    await t.deps.db.update(websiteContent).set({ content: "Come and see us" }).where(edited);
    await deleteTexts(PAGE_TEXTS.filter((text) => text.page === "home"));
    await deleteTexts(PAGE_TEXTS.filter((text) => text.page === "news"));
    await runPageTextsMigration();
    await runPageTextsMigration();
    const rows = await pageTextRows();
    expect(rows).toHaveLength(PAGE_TEXTS.length);
    for (const text of PAGE_TEXTS) {
      const row = rows.find((r) => place(r) === place(text))!;
      expect(row.content, place(text)).toBe(place(text) === "contact/hero/title" ? "Come and see us" : text.content);
      expect(row.contentType).toBe("text");
    }
    await t.deps.db.update(websiteContent).set({ content: "Book An Appointment" }).where(edited);
  });

  it("the migration adds nothing to a database not seeded yet (its first start seeds them)", async () => {
    const [marker] = await t.deps.db.select().from(appMeta).where(eq(appMeta.key, "seeded_at"));
    await t.deps.db.delete(appMeta).where(eq(appMeta.key, "seeded_at"));
    await deleteTexts(PAGE_TEXTS.filter((text) => text.page === "news"));
    await runPageTextsMigration();
    expect((await pageTextRows()).filter((row) => row.page === "news")).toEqual([]);
    await t.deps.db.insert(appMeta).values(marker!);
    await runPageTextsMigration();
    expect((await pageTextRows()).filter((row) => row.page === "news")).toHaveLength(5);
  });

  it("the pages show the stored texts: a call to action and the contact page's heading changed by staff", async () => {
    const caller = await t.callerFor(admin);
    const items = await caller.content.adminList();
    const cta = items.find((item) => place(item) === "home/cta/title")!;
    const heading = items.find((item) => place(item) === "contact/form/title")!;
    await caller.content.update({ ...cta, content: "Your first visit starts here" });
    await caller.content.update({ ...heading, content: "Ask us anything" });
    const home = await (await t.request("/")).text();
    expect(home).toContain("Your first visit starts here");
    expect(home).not.toContain("Ready to Start Your Wellness Journey?");
    expect(await (await t.request("/contact")).text()).toContain("Ask us anything");
    await caller.content.update({ ...cta });
    await caller.content.update({ ...heading });
  });
});

describe("the rest of the page texts as content items (buttons, small words above headings, the About page's heading)", () => {
  const moreTextRows = async () =>
    (await t.deps.db.select().from(websiteContent)).filter((row) => MORE_PAGE_TEXTS.some((text) => place(text) === place(row)));

  it("seeds them with the pages' own words", async () => {
    const stored = Object.fromEntries((await moreTextRows()).map((row) => [place(row), row.content]));
    expect(stored["home/cta/bookButton"]).toBe("Book Your Appointment");
    expect(stored["home/cta/contactButton"]).toBe("Contact Us");
    expect(stored["home/services/intro"]).toBe("Regenerative treatments designed around you and delivered with care.");
    expect(stored["home/testimonials/title"]).toBe("What Our Clients Say");
    expect(stored["about/heading/title"]).toBe("About Millcreek Regenerative Wellness");
    expect(stored["news/articleCta/bookButton"]).toBe("Book Consultation");
    expect(Object.keys(stored)).toHaveLength(MORE_PAGE_TEXTS.length);
    expect(contentLabel({ page: "home", section: "cta", key: "bookButton" })).toBe(
      "Home: invitation to book at the bottom, booking button",
    );
  });

  it("the migration adds them to a database seeded before them, once, keeping what staff changed", async () => {
    const edited = and(eq(websiteContent.page, "about"), eq(websiteContent.section, "heading"), eq(websiteContent.key, "title"));
    await t.deps.db.update(websiteContent).set({ content: "Who We Are" }).where(edited);
    await deleteTexts(MORE_PAGE_TEXTS.filter((text) => place(text) !== "about/heading/title"));
    expect(await moreTextRows()).toHaveLength(1);
    const before = (await t.deps.db.select().from(websiteContent)).length;
    await runPageTextsMigration("more_page_texts");
    await runPageTextsMigration("more_page_texts");
    const rows = await moreTextRows();
    expect(rows).toHaveLength(MORE_PAGE_TEXTS.length);
    expect((await t.deps.db.select().from(websiteContent)).length).toBe(before + MORE_PAGE_TEXTS.length - 1);
    for (const text of MORE_PAGE_TEXTS) {
      const row = rows.find((r) => place(r) === place(text))!;
      expect(row.content, place(text)).toBe(place(text) === "about/heading/title" ? "Who We Are" : text.content);
      expect(row.contentType).toBe("text");
    }
    await t.deps.db.update(websiteContent).set({ content: "About Millcreek Regenerative Wellness" }).where(edited);
  });

  it("the pages show the stored texts: a button, an intro and the About page's heading changed by staff", async () => {
    const caller = await t.callerFor(admin);
    const items = await caller.content.adminList();
    const find = (at: string) => items.find((item) => place(item) === at)!;
    const changes = [
      [find("home/cta/bookButton"), "Plan Your First Visit"],
      [find("home/testimonials/intro"), "In our patients' own words."],
      [find("about/heading/title"), "Meet the Clinic"],
      [find("news/articleCta/bookButton"), "Plan a Consultation"],
      [find("contact/map/title"), "Where We Are"],
      [find("services/detail/bookButton"), "Ask About This Treatment"],
    ] as const;
    for (const [item, content] of changes) await caller.content.update({ ...item, content });
    const home = await (await t.request("/")).text();
    expect(home).toContain("Plan Your First Visit");
    expect(home).not.toContain("Book Your Appointment");
    // Preact leaves an apostrophe in text as it is (React wrote &#x27;).
    expect(home).toMatch(/In our patients(&#x27;|') own words\./);
    const about = await (await t.request("/about")).text();
    expect(about).toContain("<h1>Meet the Clinic</h1>");
    expect(about).not.toContain("About Millcreek Regenerative Wellness</h1>");
    expect(await (await t.request("/contact")).text()).toContain("Where We Are");
    const service = await (await t.request(`/services/${SEED_SERVICES[0]!.slug}`)).text();
    expect(service).toContain("Ask About This Treatment");
    expect(service).not.toContain("Book This Service");
    for (const [item] of changes) await caller.content.update({ ...item });
  });
});

describe("the live preview's page", () => {
  it("may be framed by this site, for signed-in staff only, and is never cached", async () => {
    const preview = await t.request("/contact?preview=content", { cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(preview.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex");

    for (const answer of [await t.request("/contact?preview=content"), await t.request("/contact", { cookie }), await t.request("/")]) {
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
    }
    // The admin portal may frame it.
    expect((await t.request("/admin/content")).headers.get("content-security-policy")).toMatch(/frame-src 'self' /);
  });
});
