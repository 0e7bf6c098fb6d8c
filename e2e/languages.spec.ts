import { readFile } from "node:fs/promises";
import { ES } from "../src/client/public/catalogue/es";
import { ZH } from "../src/client/public/catalogue/zh";
import { E2E_ADMIN, E2E_BASE_URL, E2E_MAIL_LOG } from "./env";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/**
 * The site in Spanish and Chinese (issue 27), as a visitor meets it: the language choice goes to the
 * same page in that language; the inquiry form speaks it from its labels to its messages and its
 * success, and the consent receipt and the acknowledgement follow; the browser's language only
 * suggests. Staff translating are in admin-translations.spec.ts.
 */
interface MailLine {
  to: string;
  subject: string;
  text: string;
}
async function mailTo(address: string): Promise<MailLine | undefined> {
  const text = await readFile(E2E_MAIL_LOG, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailLine)
    .find((mail) => mail.to.includes(address));
}

test("a visitor chooses Español on Home and sends an inquiry entirely in Spanish @phone", async ({ page, isMobile }) => {
  await page.goto("/");
  await waitForHydration(page);
  // The menu on a phone, the footer on a desktop: this page in each language.
  if (isMobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByTestId("drawer").getByRole("link", { name: "Español" }).click();
  } else {
    await page.locator("footer").getByRole("link", { name: "Español" }).click();
  }
  await expect(page).toHaveURL(`${E2E_BASE_URL}/es/`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await waitForHydration(page);
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Atención regenerativa en el corazón de Millcreek");
  await expectNoSeriousA11yViolations(page);

  // Book Now, in Spanish, to the Spanish form.
  await page.getByRole("link", { name: ES.T.nav.bookNow }).first().click();
  await expect(page).toHaveURL(/\/es\/contact#contact-form$/);
  await waitForHydration(page);
  const form = page.locator("form.contact-form");
  await expect(form.getByRole("button", { name: ES.T.contact.submit })).toBeVisible();

  // A validation message in Spanish, at its field.
  await form.getByRole("button", { name: ES.T.contact.submit }).click();
  await expect(form.getByText(ES.CM.messages.name)).toBeVisible();
  await expect(form.getByText(ES.CM.messages.privacyPolicy)).toBeVisible();

  const stamp = Date.now();
  const email = `lucia.${stamp}@example.com`;
  await form.getByLabel(ES.T.contact.fields.name).fill(`Lucía Gómez ${stamp}`);
  await form.getByLabel(ES.T.contact.fields.email).fill(email);
  await form.getByLabel(ES.T.contact.fields.phone).fill("(801) 555-0111");
  await form.getByLabel("Terapia con ozono").check();
  await form.getByLabel(ES.L.weekdays.tuesday).check();
  await form.getByLabel(ES.CM.times.morning).check();
  await form.getByRole("checkbox", { name: new RegExp(ES.TC.form.privacyPolicy) }).check();
  await form.getByRole("checkbox", { name: new RegExp(ES.L.legalTitles.hipaa) }).check();
  await form.getByRole("checkbox", { name: new RegExp(ES.TC.form.termsAndConditions) }).check();
  await expect(form.getByText(ES.CM.messages.name)).toHaveCount(0);
  // A person takes more than the 2 s the server asks of a form (its token says when the form appeared).
  const token = await form.locator('input[name="formToken"]').inputValue();
  const issuedAt = (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as { iat: number; lang?: string }).iat;
  expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")).lang).toBe("es");
  await expect.poll(() => Date.now() - issuedAt, { timeout: 5_000 }).toBeGreaterThan(2_500);
  await form.getByRole("button", { name: ES.T.contact.submit }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(ES.T.contact.successTitle);
  await expect(toast).toContainText(ES.T.contact.successText);

  // Staff read it back: kept with the English names of its choices, and its receipt names the Spanish texts.
  const login = await page.request.post("/api/admin/login", { data: E2E_ADMIN, headers: { Origin: E2E_BASE_URL } });
  expect(login.ok()).toBe(true);
  const rows = (await (await page.request.get("/api/admin/contact")).json()) as Array<Record<string, unknown>>;
  const stored = rows.find((row) => row.email === email) as {
    status: string;
    servicesInterested: string[];
    availabilityDays: string[];
    consentReceipt: { language?: string; documents: Record<string, { sha256: string; language?: string }> };
    language: string;
  };
  expect(stored.status).toBe("new");
  // The inquiry says the language of the page it was written on (issue 36): staff answer in Spanish.
  expect(stored.language).toBe("es");
  expect(stored.servicesInterested).toEqual(["Ozone Therapy"]);
  expect(stored.availabilityDays).toEqual(["tuesday"]);
  expect(stored.consentReceipt.language).toBe("es");
  for (const [consent, kind] of [
    ["privacyPolicy", "privacy"],
    ["hipaaConsent", "hipaa"],
    ["termsAndConditions", "terms"],
  ] as const) {
    const spanish = (await (await page.request.get(`/api/legal/${kind}?lang=es`)).json()) as { sha256: string; language: string };
    expect(spanish.language).toBe("es");
    expect(stored.consentReceipt.documents[consent]).toMatchObject({ sha256: spanish.sha256, language: "es" });
  }

  // The acknowledgement is in Spanish.
  await expect.poll(async () => (await mailTo(email))?.subject ?? "", { timeout: 15_000 }).toMatch(/^Recibimos su solicitud/);
  expect((await mailTo(email))!.text).toContain("Gracias por comunicarse");
});

test("the browser's language suggests the page in it, and never switches by itself", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await page.goto("/services");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const suggestion = page.getByTestId("language-suggestion");
  await expect(suggestion.getByRole("link")).toHaveText("查看此页面的中文版");
  await expect(suggestion.getByRole("link")).toHaveAttribute("lang", "zh-Hans");
  await suggestion.getByRole("link").click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/zh/services`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Our Services");
  await waitForHydration(page);
  await expect(page.getByTestId("language-suggestion")).toHaveCount(0);

  // Chose English, and dismissed: no notice any more.
  await page.locator("footer").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/services`);
  await waitForHydration(page);
  await expect(page.getByTestId("language-suggestion")).toHaveCount(0);
  await context.close();
});

test("the About page's language choice opens the page in that language; a client navigation keeps the language", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.getByTestId("cultural-insights").getByLabel("中文").check();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/zh/about`);
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-Hans");
  await waitForHydration(page);
  await expect(page.getByTestId("insights-language")).toContainText("中文");
  // An in-page link stays in Chinese, and its page's words load with it.
  await page.locator("header").getByRole("link", { name: ZH.T.nav.news }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/zh/news`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Latest News & Updates");
  await expect(page.getByText(ZH.T.news.readFullArticle).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
