import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueFormToken } from "../src/server/services/form-token";
import { currentLegalDocuments, currentLegalText } from "../src/server/services/legal-texts";
import { openIdentity } from "../src/server/services/inquiry-identity";
import { appMeta, contactSubmissions, services, translations } from "../src/server/db/schema";
import { seedDatabase } from "../src/server/db/seed";
import { eq } from "drizzle-orm";
import { createTestApp, ORIGIN, type TestApp } from "./setup/test-app";
import { ES } from "../src/client/public/catalogue/es";

/**
 * The site in three languages (issue 27), as crawlers and API callers see it: each page at its
 * language's address with `<html lang>` and hreflang alternates that agree everywhere; a record with
 * no translation shows its English marked lang="en" and is in no other language's sitemap; the REST
 * reads take `?lang=`; a consent receipt names the language and the texts the form showed.
 */
let t: TestApp;
let admin: { id: number };
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  admin = await t.createAdmin({ role: "super_admin" });
  cookie = await t.cookieFor(admin);
});
afterAll(() => t.close());

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
/** The page's hreflang alternates, language tag to address. */
function alternatesOf(html: string): Map<string, string> {
  return new Map([...headOf(html).matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}
const canonicalOf = (html: string) => decode(/<link rel="canonical" href="([^"]*)"/.exec(headOf(html))?.[1] ?? "");
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
async function page(path: string, status = 200): Promise<string> {
  const res = await t.request(path);
  const html = await res.text();
  expect(res.status, `${path}: ${html.slice(0, 200)}`).toBe(status);
  return html;
}
/** The sitemap's addresses, each with its alternates. */
async function sitemap(): Promise<Map<string, Map<string, string>>> {
  const xml = await (await t.request("/sitemap.xml")).text();
  return new Map(
    [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => [
      decode(m[1]!),
      new Map([...m[2]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((a) => [a[1]!, decode(a[2]!)])),
    ]),
  );
}

describe("each page in its language, and the alternates agree", () => {
  it("answers /, /es/ and /zh/ in their languages, and sends /es to /es/", async () => {
    expect(htmlLang(await page("/"))).toBe("en");
    expect(htmlLang(await page("/es/"))).toBe("es");
    expect(htmlLang(await page("/zh/"))).toBe("zh-Hans");
    const res = await t.request("/es");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/es/");
    expect((await t.request("/zh/about/")).headers.get("location")).toBe("/zh/about");
  });

  it("every page of the sitemap names the same absolute alternates as the sitemap, and each alternate names them back", async () => {
    const urls = await sitemap();
    expect(urls.size).toBeGreaterThan(30); // 10 pages and the seeded services and articles, in three languages
    expect([...urls.keys()]).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/es/`,
        `${ORIGIN}/zh/`,
        `${ORIGIN}/es/services/stem-cell-therapy`,
        `${ORIGIN}/zh/privacy`,
      ]),
    );
    const seen = new Map<string, Map<string, string>>();
    for (const [url, listed] of urls) {
      const html = await page(url.slice(ORIGIN.length));
      const alternates = alternatesOf(html);
      seen.set(url, alternates);
      expect(Object.fromEntries(alternates), url).toEqual(Object.fromEntries(listed));
      expect(canonicalOf(html), url).toBe(url);
      for (const href of alternates.values()) expect(href, url).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(alternates.get("x-default"), url).toBe(alternates.get("en"));
      // The page is one of its own alternates, in the language its <html> says.
      expect(alternates.get(htmlLang(html)!), url).toBe(url);
    }
    // Reciprocal: an alternate of a page lists the same set.
    for (const [url, alternates] of seen) {
      for (const [tag, href] of alternates)
        if (tag !== "x-default")
          expect(Object.fromEntries(seen.get(href) ?? new Map()), `${url} -> ${href}`).toEqual(Object.fromEntries(alternates));
    }
  });

  it("a seeded service reads in Chinese at /zh/services/{slug}; its share tags follow the language", async () => {
    const html = await page("/zh/services/ozone-therapy");
    expect(htmlLang(html)).toBe("zh-Hans");
    expect(html).toMatch(/<h1[^>]*>[^<]*臭氧/);
    expect(html).toContain('<meta property="og:locale" content="zh_CN"/>');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US"/>');
  });
});

describe("a record without a translation", () => {
  let slug: string;
  beforeAll(async () => {
    const res = await t.request("/api/admin/news", {
      cookie,
      json: {
        title: "Clinic Open Late on Thursdays",
        slug: "clinic-open-late-on-thursdays",
        summary: "From next month we stay open until 7 PM on Thursdays.",
        content: "<p>Evening appointments are here.</p>",
        isPublished: true,
      },
    });
    expect(res.status).toBe(201);
    slug = (await res.json()).slug;
  });

  it('shows its English under /es/, marked lang="en", with the page\'s own words in Spanish around it', async () => {
    const html = await page(`/es/news/${slug}`);
    expect(htmlLang(html)).toBe("es");
    expect(html).toMatch(
      /<h1 (?=[^>]*id="article-title")(?=[^>]*class="article-title")[^>]*lang="en"[^>]*>Clinic Open Late on Thursdays<\/h1>/,
    );
    expect(html).toMatch(/data-testid="article-body" lang="en"/);
    expect(html).toContain("Volver a Noticias");
    // Its only page is the English one: the canonical, and the only language of its alternates.
    expect(canonicalOf(html)).toBe(`${ORIGIN}/news/${slug}`);
    expect(alternatesOf(html).size).toBe(0);
  });

  it("is in the sitemap in English only", async () => {
    const urls = await sitemap();
    expect(urls.has(`${ORIGIN}/news/${slug}`)).toBe(true);
    expect(urls.has(`${ORIGIN}/es/news/${slug}`)).toBe(false);
    expect(urls.has(`${ORIGIN}/zh/news/${slug}`)).toBe(false);
  });
});

describe("the REST mirror takes ?lang=", () => {
  it("answers as documented without it, and each record's words and language with it", async () => {
    const english = await (await t.request("/api/services")).json();
    expect(english[0]).not.toHaveProperty("language");
    const spanish = await (await t.request("/api/services?lang=es")).json();
    expect(spanish.map((s: { slug: string }) => s.slug)).toEqual(english.map((s: { slug: string }) => s.slug));
    const ozone = spanish.find((s: { slug: string }) => s.slug === "ozone-therapy");
    expect(ozone).toMatchObject({ language: "es", title: "Terapia con ozono" });
    const one = await (await t.request("/api/services/ozone-therapy?lang=zh")).json();
    expect(one.language).toBe("zh");
    expect(one.languages).toEqual(["en", "es", "zh"]);
    expect((await t.request("/api/services?lang=fr")).status).toBe(400);
    const legal = await (await t.request("/api/legal/privacy?lang=es")).json();
    expect(legal).toMatchObject({ kind: "privacy", language: "es", sourceVersion: 1 });
  });
});

describe("consent in the visitor's language", () => {
  it("the receipt records the form's language and the SHA-256 of the Spanish texts it showed", async () => {
    const documents = await currentLegalDocuments(t.deps.db, "es");
    const res = await t.request("/api/contact", {
      json: {
        name: "Lucía Gómez",
        email: "lucia@example.com",
        phone: "801-555-0111",
        servicesInterested: ["Ozone Therapy"],
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: issueFormToken(t.deps.secrets, new Date(Date.now() - 10_000), documents, "es"),
        language: "es",
      },
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    const receipt = openIdentity(t.deps.secrets, id, row!.identity).consentReceipt!;
    expect(receipt.language).toBe("es");
    const privacy = await currentLegalText(t.deps.db, "privacy", "es");
    expect(privacy.language).toBe("es");
    expect(receipt.documents.privacyPolicy).toEqual({ version: privacy.label, sha256: privacy.sha256, language: "es" });
    const english = await currentLegalText(t.deps.db, "privacy");
    expect(receipt.documents.privacyPolicy.sha256).not.toBe(english.sha256);
  });

  it("the form posted without JavaScript from /es/contact answers in Spanish, at its fields", async () => {
    const res = await t.request("/es/contact", {
      method: "POST",
      body: "name=J&email=nope",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(htmlLang(html)).toBe("es");
    expect(html).toContain(ES.CM.messages.name);
    expect(html).toContain(ES.CM.messages.email);
    expect(html).not.toContain("Name must be at least 2 characters.");
  });

  it("a Spanish contact page's form token carries the Spanish texts", async () => {
    const html = await page("/es/contact");
    expect(htmlLang(html)).toBe("es");
    const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeTruthy();
    const payload = JSON.parse(Buffer.from(token!.split(".")[0]!, "base64url").toString("utf8"));
    expect(payload.lang).toBe("es");
    expect(payload.docs.hipaaConsent.sha256).toBe((await currentLegalText(t.deps.db, "hipaa", "es")).sha256);
  });
});

describe("a database seeded before the site had languages", () => {
  it("gets the seeded translations at its next start: published where the English is still the seeded one, a draft that needs an update where staff changed it", async () => {
    const db = t.deps.db;
    // As before issue 27: no translations, no marker; staff had reworded one service since.
    await db.delete(translations);
    await db.delete(appMeta).where(eq(appMeta.key, "translations_seeded_at"));
    await db.update(services).set({ shortDescription: "Our own words now." }).where(eq(services.slug, "prp-therapy"));
    expect(await seedDatabase(db)).toBe(false); // the content itself is not seeded again
    const rows = await db.select().from(translations).where(eq(translations.kind, "service"));
    const [ozone] = await db.select().from(services).where(eq(services.slug, "ozone-therapy"));
    const [prp] = await db.select().from(services).where(eq(services.slug, "prp-therapy"));
    expect(
      rows
        .filter((row) => row.recordId === ozone!.id)
        .map((row) => [row.language, row.status])
        .sort(),
    ).toEqual([
      ["es", "published"],
      ["zh", "published"],
    ]);
    expect(rows.filter((row) => row.recordId === prp!.id).map((row) => row.status)).toEqual(["draft", "draft"]);
    const answer = await (await t.request(`/api/admin/translations/service/${prp!.id}/es`, { cookie })).json();
    expect(answer.needsUpdate).toBe(true);
    // Once only: a translation staff delete is not brought back by a later start.
    await db.delete(translations).where(eq(translations.recordId, ozone!.id));
    await seedDatabase(db);
    expect(
      (await db.select().from(translations).where(eq(translations.recordId, ozone!.id))).filter((row) => row.kind === "service"),
    ).toEqual([]);
  });
});
