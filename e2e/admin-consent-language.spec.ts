import type { Page } from "@playwright/test";
import { ES } from "../src/client/public/catalogue/es";
import { ZH } from "../src/client/public/catalogue/zh";
import { api, openAdmin, signInByApi } from "./admin-fixtures";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Consent follows the language (issue 36 item 5). Staff publish the English Privacy Policy v2 while its
 * Spanish and Chinese translations still translate v1: /es/privacy and /zh/privacy, and the Spanish
 * form's Privacy Policy dialog, show the English v2 marked lang="en" with a line in the page's language
 * saying the translation is being updated, and an inquiry sent from the Spanish form has a receipt naming
 * the English v2 (the portal's inquiry drawer). The seeded testimonials on /es/ and /zh/ say they were
 * written in English. It changes what every public page's legal texts show, so it runs after the other
 * specs (playwright.config.ts, SHARED_SETTINGS_SPECS), and puts things back at the end: the English
 * words published again, then the Spanish and Chinese translations of them.
 */
test.describe.configure({ mode: "serial" });

interface LegalText {
  version: number;
  label: string;
  effectiveDate: string;
  html: string;
  language: string;
}

const readLegal = async (page: Page, query = "") => (await (await page.request.get(`/api/legal/privacy${query}`)).json()) as LegalText;

/** A legal page in a language: the English v2 there, marked, with the page's "being updated" line. */
async function expectEnglishShown(page: Page, path: string, updating: string, marker: string, version: number) {
  const text = page.getByTestId("privacy-page-text");
  await expect(text).toHaveAttribute("data-version", String(version));
  await expect(text).toHaveAttribute("data-language", "en");
  await expect(text.getByTestId("legal-translation-updating")).toHaveText(updating);
  // The line is in the page's language (unmarked); the text itself is marked English.
  await expect(text.getByTestId("legal-translation-updating")).not.toHaveAttribute("lang", /.+/);
  await expect(text.locator('div[lang="en"]')).toContainText(marker);
  expect(page.url()).toContain(path);
}

test("after English Privacy v2, /es/privacy shows it marked English and a Spanish inquiry's receipt names English v2", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInByApi(page.request);
  const before = { en: await readLegal(page), es: await readLegal(page, "?lang=es"), zh: await readLegal(page, "?lang=zh") };
  expect([before.es.language, before.zh.language]).toEqual(["es", "zh"]);
  const stamp = Date.now().toString(36);
  const marker = `Privacy checked in English by the e2e run ${stamp}.`;
  try {
    // ---- the English v2, published (as the Legal Texts screen does)
    const res = await api(page.request, "POST", "/api/admin/legal/privacy", {
      effectiveDate: "2026-12-01",
      html: `${before.en.html}<p>${marker}</p>`,
    });
    expect(res.status(), await res.text()).toBe(200);
    const published = (await res.json()) as LegalText;
    expect(published.version).toBe(before.en.version + 1);

    // ---- a Spanish and a Chinese visitor read the Privacy Policy
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto("/es/privacy");
    await expect(visitor.locator("html")).toHaveAttribute("lang", "es");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(ES.L.legalTitles.privacy);
    await expectEnglishShown(visitor, "/es/privacy", ES.L.legalTranslationUpdating, marker, published.version);
    await waitForHydration(visitor);
    await expectEnglishShown(visitor, "/es/privacy", ES.L.legalTranslationUpdating, marker, published.version);

    await visitor.goto("/zh/privacy");
    await expect(visitor.locator("html")).toHaveAttribute("lang", "zh-Hans");
    await expectEnglishShown(visitor, "/zh/privacy", ZH.L.legalTranslationUpdating, marker, published.version);

    // ---- the Spanish form: its Privacy Policy is the English v2 too, and that is what the visitor agrees to
    await visitor.goto("/es/contact");
    await waitForHydration(visitor);
    const form = visitor.locator("form.contact-form");
    await form.getByRole("button", { name: ES.TC.form.privacyPolicy }).click();
    const dialog = visitor.getByTestId("privacy-dialog");
    await expect(dialog.getByTestId("legal-translation-updating")).toHaveText(ES.L.legalTranslationUpdating);
    await expect(dialog.locator('div[lang="en"]')).toContainText(marker);
    await visitor.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The HIPAA authorization is still translated (no spec changes it): Spanish, no line.
    const hipaaLink = form.getByRole("link", { name: ES.L.legalTitles.hipaa });
    await hipaaLink.click();
    const hipaa = visitor.getByTestId("hipaa-dialog");
    await expect(hipaa.getByTestId("hipaa-content")).toHaveAttribute("data-language", "es");
    await expect(hipaa.getByTestId("legal-translation-updating")).toHaveCount(0);
    await visitor.keyboard.press("Escape");
    await expect(hipaa).toBeHidden();
    // Focus is back on the link that opened it before the typing starts (a clean-clone run once found
    // the name field empty after typing into it right after the dialog closed, the later fields filled).
    await expect(hipaaLink).toBeFocused();

    const name = `Lectora ${stamp}`;
    await form.getByLabel(ES.T.contact.fields.name).pressSequentially(name, { delay: 30 });
    await expect(form.getByLabel(ES.T.contact.fields.name)).toHaveValue(name);
    await form.getByLabel(ES.T.contact.fields.email).pressSequentially(`lectora.${stamp}@example.com`, { delay: 30 });
    await form.getByLabel(ES.T.contact.fields.phone).pressSequentially("8015550136", { delay: 30 });
    await form.getByLabel("Terapia con ozono").check();
    await form.getByRole("checkbox", { name: new RegExp(ES.TC.form.privacyPolicy) }).check();
    await form.getByRole("checkbox", { name: new RegExp(ES.L.legalTitles.hipaa) }).check();
    await form.getByRole("checkbox", { name: new RegExp(ES.TC.form.termsAndConditions) }).check();
    await form.getByRole("button", { name: ES.T.contact.submit }).click();
    await expect(visitor.getByTestId("toast")).toContainText(ES.T.contact.successTitle);
    await context.close();

    // ---- the portal's receipt names the English v2 for the Privacy Policy, the Spanish for the HIPAA authorization
    await openAdmin(page, "/contact");
    await page.getByText(name, { exact: true }).click();
    const consent = page.getByTestId("consent");
    const privacyRow = consent.locator("tr").filter({ hasText: "Privacy Policy" });
    await expect(privacyRow).toContainText(`Version: ${published.label}`);
    await expect(privacyRow).toContainText("Language: English");
    await expect(consent.locator("tr").filter({ hasText: "HIPAA Authorization" })).toContainText("Language: Spanish");
  } finally {
    // The words the other specs read, back in force: the English, then its translations (each a new version).
    for (const [language, text] of [
      ["en", before.en],
      ["es", before.es],
      ["zh", before.zh],
    ] as const) {
      const res = await api(page.request, "POST", "/api/admin/legal/privacy", {
        language,
        effectiveDate: text.effectiveDate,
        html: text.html,
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  }
  // Translated again: the Spanish shows, with no line.
  expect((await readLegal(page, "?lang=es")).language).toBe("es");
  await page.goto("/es/privacy");
  await expect(page.getByTestId("privacy-page-text")).toHaveAttribute("data-language", "es");
  await expect(page.getByTestId("legal-translation-updating")).toHaveCount(0);
});

test("the seeded testimonials on /es/ and /zh/ say they were written in English, and their words are marked so", async ({ page }) => {
  for (const [path, catalogue] of [
    ["/es/", ES],
    ["/zh/", ZH],
  ] as const) {
    await page.goto(path);
    await waitForHydration(page);
    const cards = page.getByTestId("testimonial");
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) {
      await expect(card.getByTestId("testimonial-written-in")).toHaveText(catalogue.TH.testimonials.writtenIn.en);
      await expect(card.getByTestId("testimonial-written-in")).toBeVisible();
      await expect(card.locator('blockquote [lang="en"]')).toHaveCount(1);
    }
  }
  // The English page has no such line.
  await page.goto("/");
  await expect(page.getByTestId("testimonial").first()).toBeVisible();
  await expect(page.getByTestId("testimonial-written-in")).toHaveCount(0);
});
