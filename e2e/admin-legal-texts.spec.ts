import { api, openAdmin } from "./admin-fixtures";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The legal texts (issue 22 item 5): a super admin publishes a new version of the Terms in the Legal
 * Texts screen (visual editor, effective date); the site shows it (its page and the contact form's
 * dialog), and a visitor's new inquiry names it in its consent receipt, which the inquiry desk shows.
 * It changes what the public pages show, so it runs after the other specs (playwright.config.ts), and
 * puts the words back at the end (a version is never undone: the old words are published again).
 */
test.describe.configure({ mode: "serial" });

interface LegalText {
  version: number;
  label: string;
  effectiveDate: string;
  html: string;
}

test("publish a new Terms version and see a new inquiry's receipt name it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const before = (await (await page.request.get("/api/legal/terms")).json()) as LegalText;
  const beforeTranslated = {
    es: (await (await page.request.get("/api/legal/terms?lang=es")).json()) as LegalText & { language: string },
    zh: (await (await page.request.get("/api/legal/terms?lang=zh")).json()) as LegalText & { language: string },
  };
  const marker = `Checked by the e2e run ${Date.now().toString(36)}.`;
  await openAdmin(page, "/legal");
  try {
    // ---- the super admin publishes
    await page.getByRole("tab", { name: "Terms and Conditions" }).click();
    const card = page.getByTestId("legal-terms");
    await expect(card).toContainText(`In force: ${before.label}`);
    await card.getByLabel("Effective date").fill("2026-03-01");
    const editor = card.getByRole("textbox", { name: "The text of the Terms and Conditions" });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(marker);
    await card.getByRole("button", { name: "Publish new version" }).click();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const label = `v${before.version + 1}, effective 2026-03-01`;
    await expect(page.getByText(`The website now shows ${label}.`)).toBeVisible();
    await expect(card).toContainText(`In force: ${label}`);

    // ---- a visitor reads it and sends an inquiry
    const visitor = await (await browser.newContext()).newPage();
    const terms = await visitor.goto("/terms");
    expect(terms?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
    await expect(visitor.getByText(marker)).toBeVisible();
    await expect(visitor.getByText("Effective date: March 1, 2026")).toBeVisible();

    await visitor.goto("/contact");
    await waitForHydration(visitor);
    const form = visitor.locator("#contact-form");
    // The form's Terms dialog shows the new version.
    await form.getByRole("button", { name: "Terms and Conditions" }).click();
    const dialog = visitor.getByTestId("terms-dialog");
    await expect(dialog.getByText(marker)).toBeVisible();
    await visitor.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The HIPAA checkbox's label links to its text (the dialog with JavaScript), and the rest of the label still ticks the box.
    const hipaaLink = form.getByRole("link", { name: "HIPAA Authorization" });
    await expect(hipaaLink).toHaveAttribute("href", "/hipaa-authorization");
    await hipaaLink.click();
    await expect(visitor.getByTestId("hipaa-dialog").getByText("Your Right to Revoke")).toBeVisible();
    await visitor.keyboard.press("Escape");
    const hipaa = form.getByRole("checkbox", { name: /HIPAA Authorization/ });
    await expect(hipaa).not.toBeChecked();

    const name = `Terms Reader ${Date.now().toString(36)}`;
    await form.getByLabel("Full Name").pressSequentially(name, { delay: 40 });
    await form.getByLabel("Email Address").pressSequentially("terms.reader@example.com", { delay: 40 });
    await form.getByLabel("Mobile Phone").pressSequentially("8015550177", { delay: 40 });
    await form.getByLabel("Ozone Therapy").check();
    await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
    await form.getByText("for the use and disclosure of my health information").click();
    await expect(hipaa).toBeChecked();
    await form.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(visitor.getByText("Message sent successfully!")).toBeVisible();
    await visitor.context().close();

    // ---- the inquiry desk's receipt names the new version
    await page.goto("/admin/contact");
    await page.getByText(name, { exact: true }).click();
    const consent = page.getByTestId("consent");
    await expect(consent).toContainText(label);
  } finally {
    // The words the other specs read, back in force (as a new version); then the translations, which now
    // translate an older English version and would not show (issue 36), published again as they were.
    const res = await api(page.request, "POST", "/api/admin/legal/terms", { effectiveDate: before.effectiveDate, html: before.html });
    expect(res.status()).toBe(200);
    for (const language of ["es", "zh"] as const) {
      const translated = beforeTranslated[language];
      if (translated.language !== language) continue;
      const again = await api(page.request, "POST", "/api/admin/legal/terms", {
        language,
        effectiveDate: translated.effectiveDate,
        html: translated.html,
      });
      expect(again.status()).toBe(200);
    }
  }
});
