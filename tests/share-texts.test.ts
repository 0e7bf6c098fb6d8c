import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EN } from "../src/client/public/catalogue/en";
import { ES } from "../src/client/public/catalogue/es";
import { ZH } from "../src/client/public/catalogue/zh";
import { seedDatabase } from "../src/server/db/seed";
import { appMeta, translations, websiteContent } from "../src/server/db/schema";
import { contentLabel } from "../src/shared/content-slots";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Each page's share texts (issue 27: "share texts have a Spanish and a Chinese version", staff's to
 * change): the title and description of Home, About, Services and News and the Contact page's title
 * are website content in Website Content (section "share"), seeded with the site's words and their
 * Spanish and Chinese, and the server-rendered head (<title>, description, og: and twitter: tags)
 * follows what staff save, in each language, from the English and from its translation.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  cookie = await t.cookieFor(await t.createAdmin({ role: "admin" }));
});
afterAll(() => t.close());

interface Item {
  id: number;
  page: string;
  section: string;
  key: string;
  content: string;
  contentType: string;
  isVisible: boolean;
}

async function head(path: string) {
  const res = await t.request(path);
  const html = await res.text();
  expect(res.status, path).toBe(200);
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
  return {
    title: attr(/<title>([^<]*)<\/title>/)?.replace(/ \| [^|]*$/, ""),
    fullTitle: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: attr(/<meta property="og:description" content="([^"]*)"/),
  };
}
const shareItems = async (page: string) => (await (await t.request(`/api/admin/content?page=${page}`, { cookie })).json()) as Item[];
const shareItem = async (page: string, key: string) =>
  (await shareItems(page)).find((item) => item.section === "share" && item.key === key)!;

describe("the pages' share texts", () => {
  it("are seeded as website content in English, with their Spanish and Chinese published; the head shows them in each language", async () => {
    const items = (await shareItems("home")).filter((item) => item.section === "share");
    expect(items.map((item) => [item.key, item.content]).sort()).toEqual([
      ["description", EN.TS.homeDescription],
      ["title", EN.TS.homeTitle],
    ]);
    expect(contentLabel(items[0]!)).toMatch(/^Home: page (title|description) in search results/);
    expect((await shareItems("contact")).filter((item) => item.section === "share").map((item) => item.key)).toEqual(["title"]);

    const english = await head("/about");
    expect(english.fullTitle).toContain(EN.TS.aboutTitle);
    expect(english.description).toBe(EN.TS.aboutDescription);
    const spanish = await head("/es/about");
    expect(spanish.fullTitle).toContain(ES.TS.aboutTitle);
    expect(spanish.description).toBe(ES.TS.aboutDescription);
    const chinese = await head("/zh/news");
    expect(chinese.fullTitle).toContain(ZH.TS.newsTitle);
    expect(chinese.description).toBe(ZH.TS.newsDescription);
  });

  it("what staff save in English is the English page's title and description, and its share tags; the translation then needs an update and still shows", async () => {
    const title = await shareItem("services", "title");
    const description = await shareItem("services", "description");
    const save = async (item: Item, content: string) => {
      const res = await t.request(`/api/admin/content/${item.id}`, { method: "PUT", json: { ...item, content }, cookie });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await save(title, "Treatments at Our Millcreek Clinic");
    await save(description, "Stem cell, ozone and PRP treatments, planned with you.");

    const english = await head("/services");
    expect(english.fullTitle).toContain("Treatments at Our Millcreek Clinic");
    expect(english.ogTitle).toContain("Treatments at Our Millcreek Clinic");
    expect(english.description).toBe("Stem cell, ozone and PRP treatments, planned with you.");
    expect(english.ogDescription).toBe("Stem cell, ozone and PRP treatments, planned with you.");

    // The Spanish translation stays published (staff see "Needs update" on the Translations screen).
    expect((await head("/es/services")).description).toBe(ES.TS.servicesDescription);
    const translation = await (await t.request(`/api/admin/translations/content/${description.id}/es`, { cookie })).json();
    expect(translation.needsUpdate).toBe(true);

    const translated = await t.request(`/api/admin/translations/content/${description.id}/es`, {
      method: "PUT",
      cookie,
      json: { status: "published", fields: { content: "Tratamientos con células madre, ozono y PRP, planificados con usted." } },
    });
    expect(translated.status, await translated.clone().text()).toBe(200);
    const spanish = await head("/es/services");
    expect(spanish.description).toBe("Tratamientos con células madre, ozono y PRP, planificados con usted.");
    expect(spanish.ogDescription).toBe("Tratamientos con células madre, ozono y PRP, planificados con usted.");
  });

  it("a share text without a translation in a language shows the English there; a hidden or emptied one gives the page the site's words back", async () => {
    const title = await shareItem("news", "title");
    await t.request(`/api/admin/translations/content/${title.id}/zh`, { method: "DELETE", cookie });
    expect((await head("/zh/news")).fullTitle).toContain(EN.TS.newsTitle);

    const hidden = await t.request(`/api/admin/content/${title.id}`, { method: "PUT", json: { ...title, isVisible: false }, cookie });
    expect(hidden.status).toBe(200);
    expect((await head("/zh/news")).fullTitle).toContain(ZH.TS.newsTitle);
    expect((await head("/news")).fullTitle).toContain(EN.TS.newsTitle);
  });
});

describe("a database from before the share texts", () => {
  it("gets them, with their translations, once at its next start; a text staff had put in the same place is kept", async () => {
    const db = t.deps.db;
    const shared = and(eq(websiteContent.section, "share"));
    const ids = (await db.select({ id: websiteContent.id }).from(websiteContent).where(shared)).map((row) => row.id);
    await db.delete(websiteContent).where(shared);
    expect(
      await db
        .select()
        .from(translations)
        .where(and(eq(translations.kind, "content"), inArray(translations.recordId, ids))),
    ).toEqual([]);
    await db.delete(appMeta).where(eq(appMeta.key, "share_texts_seeded_at"));
    await db
      .insert(websiteContent)
      .values({ page: "home", section: "share", key: "title", content: "Our own home title", contentType: "text" });

    expect(await seedDatabase(db)).toBe(false);
    const rows = await db.select().from(websiteContent).where(shared);
    expect(rows).toHaveLength(9);
    const home = rows.find((row) => row.page === "home" && row.key === "title")!;
    expect(home.content).toBe("Our own home title");
    const about = rows.find((row) => row.page === "about" && row.key === "title")!;
    const aboutTranslations = await db
      .select()
      .from(translations)
      .where(and(eq(translations.kind, "content"), eq(translations.recordId, about.id)));
    expect(aboutTranslations.map((row) => [row.language, row.status, (row.fields as { content: string }).content]).sort()).toEqual([
      ["es", "published", ES.TS.aboutTitle],
      ["zh", "published", ZH.TS.aboutTitle],
    ]);
    expect(
      await db
        .select()
        .from(translations)
        .where(and(eq(translations.kind, "content"), eq(translations.recordId, home.id))),
    ).toEqual([]);

    // Once only: a text staff delete is not brought back by a later start.
    await db.delete(websiteContent).where(eq(websiteContent.id, about.id));
    await seedDatabase(db);
    expect((await db.select().from(websiteContent).where(shared)).map((row) => row.id)).not.toContain(about.id);
    expect(await db.select().from(websiteContent).where(shared)).toHaveLength(8);
  });
});
