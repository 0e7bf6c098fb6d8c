import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentLegalDocuments } from "../src/server/services/legal-texts";
import { issueFormToken } from "../src/server/services/form-token";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Consent follows the language (issue 36 item 5): when staff publish the English Privacy Policy v2 while
 * its Spanish and Chinese translations still translate v1, a visitor on /es/ or /zh/ is shown, and
 * consents to, the English v2 (marked lang="en", with a line in the page's language saying the
 * translation is being updated), until the translation is published again. The receipt names the text
 * shown: its language and version. The Translations screen still says "needs update". On a real
 * database (both engines), through the REST mirror and the server-rendered pages.
 */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  owner = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

interface LegalText {
  version: number;
  label: string;
  html: string;
  sha256: string;
  language: string;
  sourceVersion: number | null;
}

const UPDATING = {
  es: "La traducción al español de este texto se está actualizando.",
  zh: "本文的中文译本正在更新。",
} as const;

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}
const legal = (query = "") => t.request(`/api/legal/privacy${query}`).then((res) => json<LegalText>(res));
async function page(path: string): Promise<string> {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  return res.text();
}
const publish = (body: Record<string, unknown>) =>
  t.request("/api/admin/legal/privacy", { json: body, cookie: owner }).then((res) => json<LegalText>(res));

/** The documents of the form token a contact page was rendered with. */
async function pageTokenDocuments(path: string) {
  const token = /name="formToken" value="([^"]+)"/.exec(await page(path))?.[1];
  expect(token, path).toBeTruthy();
  return JSON.parse(Buffer.from(token!.split(".")[0]!, "base64url").toString("utf8")).docs;
}

/** An inquiry from the Spanish form, with a token as the page gave it (issued ten seconds ago); its receipt as staff read it. */
async function spanishInquiryReceipt(name: string) {
  const documents = await currentLegalDocuments(t.deps.db, "es");
  expect(await pageTokenDocuments("/es/contact")).toEqual(documents);
  const sent = await t.request("/api/contact", {
    json: {
      name,
      email: "consent.reader@example.com",
      phone: "801-555-0136",
      servicesInterested: ["Ozone Therapy"],
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: issueFormToken(t.deps.secrets, new Date(Date.now() - 10_000), documents, "es"),
    },
    ip: "192.0.2.136",
  });
  const { id } = await json<{ id: number }>(sent, 201);
  const inquiry = await json<{ consentReceipt: { language?: string; documents: Record<string, unknown> } }>(
    await t.request(`/api/admin/contact/${id}`, { cookie: owner }),
  );
  return inquiry.consentReceipt;
}

describe("an English legal text newer than its translation", () => {
  let english: LegalText;
  let spanishV1: LegalText;

  it('is what /es/ and /zh/ show (marked lang="en", the line saying the translation is being updated), and the Translations screen says needs update', async () => {
    spanishV1 = await legal("?lang=es");
    expect(spanishV1).toMatchObject({ language: "es", sourceVersion: 1 });
    const before = await page("/es/privacy");
    expect(before).not.toContain(UPDATING.es);
    expect(before).not.toMatch(/<div class="legal-text"[^>]*>[\s\S]*?<div lang="en">/);

    english = await publish({ effectiveDate: "2026-12-01", html: "<h2>1. Who we are</h2><p>Privacy, version two, in English.</p>" });
    expect(english.version).toBe(2);

    // The read in each language is the English v2, saying so.
    for (const query of ["?lang=es", "?lang=zh"]) expect(await legal(query)).toEqual(english);
    for (const language of ["es", "zh"] as const) {
      const html = await page(`/${language}/privacy`);
      expect(html).toMatch(/<html lang="(es|zh-Hans)"/);
      expect(html).toContain(UPDATING[language]);
      // The text itself, and only it, is marked English; the date line and the notice are the page's.
      expect(html).toMatch(
        /<div (?=[^>]*class="legal-text")[^>]*data-testid="privacy-page-text" data-version="2" data-language="en"[^>]*>[\s\S]*?<div lang="en"><h2>1\. Who we are<\/h2><p>Privacy, version two, in English\.<\/p><\/div>/,
      );
      expect(html).not.toContain(spanishV1.html.slice(0, 60));
    }
    // The English page has no such line.
    expect(await page("/privacy")).not.toContain('data-testid="legal-translation-updating"');

    // Staff still see that the translations need an update.
    const translations = await json<{ legal: Array<{ kind: string; languages: Record<string, { needsUpdate: boolean }> }> }>(
      await t.request("/api/admin/translations", { cookie: owner }),
    );
    const privacy = translations.legal.find((text) => text.kind === "privacy")!;
    expect(privacy.languages.es!.needsUpdate).toBe(true);
    expect(privacy.languages.zh!.needsUpdate).toBe(true);
  });

  it("is what a Spanish inquiry's receipt names (English v2, language en), beside the Spanish texts still up to date", async () => {
    const receipt = await spanishInquiryReceipt("Consent Reader Uno");
    expect(receipt.language).toBe("es");
    expect(receipt.documents.privacyPolicy).toEqual({ version: english.label, sha256: english.sha256, language: "en" });
    const terms = await json<LegalText>(await t.request("/api/legal/terms?lang=es"));
    expect(terms.language).toBe("es");
    expect(receipt.documents.termsAndConditions).toEqual({ version: terms.label, sha256: terms.sha256, language: "es" });
    // An English form's receipt is as before: the same text, no language named.
    expect((await currentLegalDocuments(t.deps.db, "en")).privacyPolicy).toEqual({ version: english.label, sha256: english.sha256 });
  });

  it("leaves the Spanish privacy page out of the sitemap's languages until the translation is published again", async () => {
    const sitemap = await page("/sitemap.xml");
    expect(sitemap).not.toContain("/es/privacy<");
    expect(sitemap).not.toContain("/zh/privacy<");
  });

  it("gives way to the translation once it is published again: the Spanish shows, unmarked, and the receipt names it", async () => {
    const spanishV2 = await publish({ language: "es", effectiveDate: "2026-12-01", html: `${spanishV1.html}<p>Versión dos.</p>` });
    expect(spanishV2).toMatchObject({ language: "es", version: 2, sourceVersion: 2 });
    expect(await legal("?lang=es")).toEqual(spanishV2);
    const html = await page("/es/privacy");
    expect(html).not.toContain(UPDATING.es);
    expect(html).toContain("Versión dos.");
    expect(html).toMatch(/data-language="es"[^>]*><p><strong>Fecha de vigencia: 1 de diciembre de 2026<\/strong><\/p><div><p>/);
    expect(await page("/sitemap.xml")).toContain("/es/privacy<");
    // Chinese is still behind: English there.
    expect((await legal("?lang=zh")).language).toBe("en");

    const receipt = await spanishInquiryReceipt("Consent Reader Dos");
    expect(receipt.documents.privacyPolicy).toEqual({ version: spanishV2.label, sha256: spanishV2.sha256, language: "es" });
  });
});
