import type { Page, Route } from "@playwright/test";
import { DEFAULT_CLINIC, phoneHref } from "../src/shared/clinic";
import { replaceProcedureData } from "./admin-fixtures";
import { E2E_ADMIN, E2E_BASE_URL, formToken } from "./env";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/**
 * The contact page (public-site.md sections 2-5, 8, 9): the inquiry form and its states, the Get in
 * Touch panel, the map that contacts no third party until asked, and the legal dialogs' contact-form
 * readings, and the spam defences (a honeypot people never meet, a minimum fill time carried in the
 * form's signed token). The e2e server allows 60 inquiries an hour from one address (every test here
 * comes from 127.0.0.1); this file sends five for real, the others hold, fail or alter the request.
 */

const MESSAGES = {
  name: "Name must be at least 2 characters.",
  email: "Please enter a valid email address.",
  phone: "Mobile phone number is required.",
  services: "Please select at least one service you are interested in.",
  health: "Health conditions must be 200 characters or less.",
  privacy: "You must agree to our Privacy Policy to continue.",
  hipaa: "You must consent to the HIPAA Authorization to continue.",
  terms: "You must agree to our Terms and Conditions to continue.",
};
const SUBMIT_URL = "**/trpc/contact.submit**";

async function openContact(page: Page, path = "/contact") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return page.locator("#contact-form");
}

function fields(page: Page) {
  const form = page.locator("#contact-form");
  return {
    form,
    name: form.getByLabel("Full Name"),
    email: form.getByLabel("Email Address"),
    phone: form.getByLabel("Mobile Phone"),
    texting: form.getByLabel(/send me appointment reminders/),
    services: form.getByRole("group", { name: /Services You're Interested In/ }),
    stemCell: form.getByLabel("Utah Stem Cell Therapy"),
    ozone: form.getByLabel("Ozone Therapy"),
    days: form.getByRole("group", { name: "Preferred Days" }),
    times: form.getByRole("group", { name: "Preferred Times" }),
    health: form.getByLabel("Health Conditions (optional)"),
    privacy: form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }),
    hipaa: form.getByRole("checkbox", { name: /HIPAA Authorization/ }),
    terms: form.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }),
    submit: form.getByRole("button", { name: /Send Inquiry|Sending\.\.\./ }),
    clear: form.getByRole("button", { name: "Clear Form" }),
  };
}

type Fields = ReturnType<typeof fields>;

/** Fills the form as a person does: typing, key by key (a person's pace keeps them above the minimum fill time). */
async function fillValid(f: Fields, values: { name: string; email: string; phone: string; health: string }) {
  await f.name.pressSequentially(values.name, { delay: 40 });
  await f.email.pressSequentially(values.email, { delay: 40 });
  await f.phone.pressSequentially(values.phone, { delay: 40 });
  await f.texting.check();
  // Ticked out of order on purpose: the inquiry lists them in the form's order.
  await f.ozone.check();
  await f.stemCell.check();
  await f.days.getByLabel("Thursday").check();
  await f.days.getByLabel("Tuesday").check();
  await f.times.getByLabel("Morning (8AM-12PM)").check();
  await f.health.pressSequentially(values.health, { delay: 40 });
  await f.privacy.check();
  await f.hipaa.check();
  await f.terms.check();
}

async function expectKept(f: Fields, values: { name: string; email: string; phone: string; health: string }) {
  await expect(f.name).toHaveValue(values.name);
  await expect(f.email).toHaveValue(values.email);
  await expect(f.phone).toHaveValue(values.phone);
  await expect(f.health).toHaveValue(values.health);
  for (const box of [
    f.texting,
    f.stemCell,
    f.ozone,
    f.days.getByLabel("Tuesday"),
    f.days.getByLabel("Thursday"),
    f.times.getByLabel("Morning (8AM-12PM)"),
    f.privacy,
    f.hipaa,
    f.terms,
  ]) {
    await expect(box).toBeChecked();
  }
  await expect(f.days.getByLabel("Monday")).not.toBeChecked();
}

test("the contact page shows the booking heading, the form and the Get in Touch details @phone", async ({ page }) => {
  const form = await openContact(page);
  await expect(page).toHaveTitle("Book An Appointment | Millcreek Regenerative Wellness");
  await expect(page.getByRole("heading", { level: 1, name: "Book An Appointment" })).toBeVisible();
  await expect(form.getByRole("heading", { name: "Inquire Today" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${E2E_BASE_URL}/contact`);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "MedicalClinic", address: { postalCode: "84124" } });

  const f = fields(page);
  for (const control of [f.name, f.email, f.phone, f.health, f.privacy, f.hipaa, f.terms]) await expect(control).toBeVisible();
  await expect(f.phone).toHaveAttribute("type", "tel");
  await expect(f.phone).toHaveAttribute("autocomplete", "tel");
  await expect(f.email).toHaveAttribute("autocomplete", "email");
  await expect(f.texting).not.toBeChecked();
  for (const service of ["Utah Stem Cell Therapy", "Ozone Therapy", "General Consultation"])
    await expect(f.services.getByLabel(service)).toBeVisible();
  await expect(f.days.getByRole("checkbox")).toHaveCount(7);
  await expect(f.times.getByRole("checkbox")).toHaveCount(2);
  await expect(f.submit).toHaveText("Send Inquiry");
  await expect(f.submit).toBeEnabled();

  const details = page.getByTestId("contact-details");
  await expect(details.getByRole("heading", { name: "Get in Touch" })).toBeVisible();
  await expect(details).toContainText(DEFAULT_CLINIC.street);
  await expect(details).toContainText("Millcreek, UT 84124");
  await expect(details.getByRole("link", { name: DEFAULT_CLINIC.phone })).toHaveAttribute("href", phoneHref(DEFAULT_CLINIC.phone));
  await expect(details.getByRole("link", { name: DEFAULT_CLINIC.email })).toHaveAttribute("href", `mailto:${DEFAULT_CLINIC.email}`);
  for (const [days, time] of [
    ["Monday - Friday", "9:00 AM - 5:00 PM"],
    ["Saturday", "Closed"],
    ["Sunday", "Closed"],
  ]) {
    await expect(details.locator(".hours div").filter({ hasText: days! })).toContainText(time!);
  }
  await expect(details.getByRole("link", { name: /Facebook/ })).toHaveAttribute("href", DEFAULT_CLINIC.social.facebook);
  await expect(details.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", DEFAULT_CLINIC.social.instagram);
  await expect(details.getByRole("link", { name: /YouTube/ })).toHaveAttribute("href", DEFAULT_CLINIC.social.youtube);

  await expectNoSeriousA11yViolations(page);
});

test("an empty submit shows each message at its field and focuses the first @phone", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  await f.submit.click();

  await expect(f.name).toBeFocused();
  const expectations: Array<[ReturnType<Page["locator"]>, string]> = [
    [f.name, MESSAGES.name],
    [f.email, MESSAGES.email],
    [f.phone, MESSAGES.phone],
    [f.services, MESSAGES.services],
    [f.privacy, MESSAGES.privacy],
    [f.hipaa, MESSAGES.hipaa],
    [f.terms, MESSAGES.terms],
  ];
  for (const [control, message] of expectations) await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  for (const control of [f.name, f.email, f.phone, f.privacy, f.hipaa, f.terms, f.stemCell])
    await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(f.form.getByTestId("field-error")).toHaveCount(7);
  await expect(f.form.getByText(MESSAGES.services)).toBeVisible();
  // Optional fields stay quiet.
  await expect(f.health).not.toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

  // A field shown invalid is checked again as the visitor types or ticks.
  await f.name.fill("J");
  await expect(f.form.getByText(MESSAGES.name)).toBeVisible();
  await f.name.fill("Jo");
  await expect(f.form.getByText(MESSAGES.name)).toHaveCount(0);
  await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
  await f.email.fill("jo@");
  await expect(f.form.getByText(MESSAGES.email)).toBeVisible();
  await f.email.fill("jo@example.com");
  await expect(f.form.getByText(MESSAGES.email)).toHaveCount(0);
  await f.ozone.check();
  await expect(f.form.getByText(MESSAGES.services)).toHaveCount(0);
  await f.hipaa.check();
  await expect(f.form.getByText(MESSAGES.hipaa)).toHaveCount(0);

  // The next submit focuses the first field still invalid.
  await f.submit.click();
  await expect(f.phone).toBeFocused();
  await expect(f.form.getByTestId("field-error")).toHaveCount(3);
});

test("health conditions count characters and stop at 200", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  const count = f.form.getByTestId("char-count");
  await expect(count).toContainText("0/200");
  await f.health.fill("a".repeat(200));
  await expect(count).toContainText("200/200");
  await expect(f.form.getByText(MESSAGES.health)).toHaveCount(0);
  await f.health.press("End");
  await f.health.pressSequentially("b");
  await expect(count).toContainText("201/200");
  await expect(f.health).toHaveAccessibleDescription(new RegExp(escapeRegExp(MESSAGES.health)));
  await expect(f.health).toHaveAttribute("aria-invalid", "true");
  await f.health.press("Backspace");
  await expect(f.form.getByText(MESSAGES.health)).toHaveCount(0);
  await expect(count).toContainText("200/200");
});

test("a valid inquiry shows Sending..., then the success toast, resets the form and is stored", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  const stamp = Date.now();
  const values = {
    name: `Avery Test ${stamp}`,
    email: `avery.${stamp}@example.com`,
    phone: "(801) 555-0123",
    health: "Left knee pain after a ski injury.",
  };
  await fillValid(f, values);

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SUBMIT_URL, async (route) => {
    await held;
    await route.continue();
  });
  await f.submit.click();
  await expect(f.submit).toHaveText("Sending...");
  await expect(f.submit).toBeDisabled();
  await expect(f.clear).toBeDisabled();
  release();

  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Message sent successfully!");
  await expect(toast).toContainText("Thank you for your inquiry. We'll get back to you within 24 hours.");
  await expect(f.submit).toHaveText("Send Inquiry");
  await expect(f.submit).toBeEnabled();
  for (const input of [f.name, f.email, f.phone, f.health]) await expect(input).toHaveValue("");
  for (const box of [f.texting, f.stemCell, f.ozone, f.privacy, f.hipaa, f.terms]) await expect(box).not.toBeChecked();
  await expect(f.form.getByTestId("char-count")).toContainText("0/200");

  // Staff can read it back through the REST mirror.
  const login = await page.request.post("/api/admin/login", { data: E2E_ADMIN, headers: { Origin: E2E_BASE_URL } });
  expect(login.ok()).toBe(true);
  const list = await page.request.get("/api/admin/contact");
  expect(list.ok()).toBe(true);
  const rows = (await list.json()) as Array<Record<string, unknown>>;
  const stored = rows.find((row) => row.email === values.email);
  expect(stored).toMatchObject({
    status: "new",
    spamReason: null,
    name: values.name,
    phone: values.phone,
    servicesInterested: ["Utah Stem Cell Therapy", "Ozone Therapy"],
    availabilityDays: ["tuesday", "thursday"],
    availabilityTimes: ["morning"],
    healthConditions: values.health,
    optInTexting: true,
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
  });
});

test("a failed inquiry shows the error toast and keeps everything typed", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 500/);
  await openContact(page);
  const f = fields(page);
  const values = { name: "Robin Keep", email: "robin@example.com", phone: "801-555-0188", health: "Shoulder stiffness." };
  await fillValid(f, values);
  await page.route(SUBMIT_URL, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }));
  await f.submit.click();

  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Error sending message");
  await expect(toast).toContainText("Please try again or contact us directly.");
  await expect(toast).toHaveAttribute("role", "alert");
  await expect(f.submit).toHaveText("Send Inquiry");
  await expect(f.submit).toBeEnabled();
  await expectKept(f, values);
});

test("field errors from the server are shown at their fields, with the form kept", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 400/);
  await openContact(page);
  const f = fields(page);
  const values = { name: "Sam Server", email: "sam@example.com", phone: "801-555-0177", health: "" };
  await fillValid(f, values);
  // The browser's check passes; the request is altered on its way so the server's own check answers.
  await page.route(SUBMIT_URL, async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as Record<string, Record<string, unknown>>;
    body["0"]!.email = "not-an-email";
    await route.continue({ postData: JSON.stringify(body) });
  });
  await f.submit.click();
  await expect(page.getByTestId("toast")).toContainText("Error sending message");
  await expect(f.email).toHaveAccessibleDescription(new RegExp(escapeRegExp(MESSAGES.email)));
  await expect(f.email).toBeFocused();
  await expectKept(f, values);
});

test("a throttled inquiry says why, next to the buttons", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 429/);
  await openContact(page);
  const f = fields(page);
  const values = { name: "Taylor Often", email: "taylor@example.com", phone: "801-555-0166", health: "" };
  await fillValid(f, values);
  const message = `Too many messages were sent from your network. Please try again later or call us at ${DEFAULT_CLINIC.phone}.`;
  // The answer the tRPC endpoint gives when the per-address limit is reached (a batch of one error).
  await page.route(SUBMIT_URL, (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify([
        { error: { message, code: -32029, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, path: "contact.submit" } } },
      ]),
    }),
  );
  await f.submit.click();
  await expect(page.getByTestId("toast")).toContainText("Error sending message");
  await expect(f.form.getByRole("alert")).toContainText(message);
  await expectKept(f, values);
  await f.clear.click();
  await expect(f.form.getByRole("alert")).toHaveCount(0);
});

test("Clear Form empties the form and its messages", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  await f.name.fill("Casey");
  await f.health.fill("Some notes");
  await f.ozone.check();
  await f.days.getByLabel("Friday").check();
  await f.submit.click();
  await expect(f.form.getByTestId("field-error")).not.toHaveCount(0);

  await f.clear.click();
  await expect(f.form.getByTestId("field-error")).toHaveCount(0);
  await expect(f.name).toHaveValue("");
  await expect(f.health).toHaveValue("");
  await expect(f.ozone).not.toBeChecked();
  await expect(f.days.getByLabel("Friday")).not.toBeChecked();
  await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
});

test("the map asks OpenStreetMap for nothing until the visitor loads it", async ({ page }) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (/^https?:/.test(request.url()) && !request.url().startsWith(E2E_BASE_URL)) thirdParty.push(request.url());
  });
  // No network to the outside in tests: answer for OpenStreetMap, and still see the request.
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title><p>map</p>" }),
  );
  await openContact(page);
  const map = page.getByTestId("clinic-map");
  await map.scrollIntoViewIfNeeded();
  await expect(map.getByRole("heading", { name: "Find Us" })).toBeVisible();
  await expect(map.getByRole("img")).toHaveAttribute("src", "/images/map-millcreek.svg");
  await expect(map.getByRole("img")).toHaveAttribute("alt", /Millcreek, UT 84124/);
  await expect(map).toContainText("The interactive map is provided by OpenStreetMap and loads only when you ask for it.");
  await expect(map.getByRole("link", { name: /Get directions/ })).toHaveAttribute("href", /destination=3300/);
  await expect(map.locator("iframe")).toHaveCount(0);
  // Everything the page loads on its own has loaded (the document with its resources, and the lazy map
  // picture now in view), and none of it came from a third party.
  await page.waitForFunction(() => document.readyState === "complete");
  await expect(map.getByRole("img")).toHaveJSProperty("complete", true);
  expect(await map.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(thirdParty).toEqual([]);

  await map.getByRole("button", { name: "Show interactive map" }).click();
  const frame = map.locator("iframe");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("title", "Map of Millcreek Regenerative Wellness");
  await expect(frame).toHaveAttribute(
    "src",
    /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.+&layer=mapnik&marker=40\.6989%2C-111\.8404$/,
  );
  await expect(frame).toBeFocused();
  await expect.poll(() => thirdParty.filter((url) => url.startsWith("https://www.openstreetmap.org/export/embed.html")).length).toBe(1);
  expect(thirdParty.every((url) => url.startsWith("https://www.openstreetmap.org/"))).toBe(true);
});

test("the legal dialogs open from the form with the texts in force and close three ways", async ({ page }) => {
  const legalChunks: string[] = [];
  page.on("request", (request) => {
    if (/LegalDialogsView/.test(request.url())) legalChunks.push(request.url());
  });
  const form = await openContact(page);
  expect(legalChunks, "the legal dialogs load only when one opens").toEqual([]);
  const privacyButton = form.getByRole("button", { name: "Privacy Policy" });
  const termsButton = form.getByRole("button", { name: "Terms and Conditions" });
  const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });

  // Close button.
  await privacyButton.click();
  await expect(privacy).toBeVisible();
  // One text everywhere (issue 22): the notice's one date.
  await expect(privacy).toContainText("Effective date: May 22, 2025");
  await expect(privacy).not.toContainText("May 21, 2025");
  await expect(privacy.getByRole("heading", { level: 2, name: "How We Protect Your Information" })).toBeVisible();
  await expect(privacy).toContainText(DEFAULT_CLINIC.privacyOfficerPhone);
  expect(legalChunks.length).toBe(1);
  await privacy.getByRole("button", { name: "Close" }).click();
  await expect(privacy).toBeHidden();
  await expect(privacyButton).toBeFocused();
  // The word opened the dialog; it did not tick the box.
  await expect(fields(page).privacy).not.toBeChecked();

  // Escape.
  await termsButton.click();
  await expect(terms).toBeVisible();
  await expect(terms).toContainText("Effective date: May 21, 2025");
  await expect(terms.locator(".legal-text h2")).toHaveCount(12);
  await expect(terms.getByRole("heading", { name: "10. Governing Law" })).toBeVisible();
  await expect(terms).toContainText("the laws of the State of Utah");
  await expect(terms).not.toContainText("Oregon");
  await expect(terms).toContainText("24 hours' notice to avoid potential fees");
  await page.keyboard.press("Escape");
  await expect(terms).toBeHidden();
  await expect(termsButton).toBeFocused();

  // Overlay.
  await privacyButton.click();
  await expect(privacy).toBeVisible();
  await page.mouse.click(4, 400);
  await expect(privacy).toBeHidden();
  await expect(privacyButton).toBeFocused();
  await termsButton.click();
  await expect(terms).toBeVisible();
  await page.mouse.click(4, 400);
  await expect(terms).toBeHidden();
  await expect(termsButton).toBeFocused();
});

test("the footer's legal dialogs show the same texts as the form's", async ({ page }) => {
  await openContact(page);
  const footer = page.locator("footer");
  await footer.getByRole("button", { name: "Privacy Policy" }).click();
  const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
  await expect(privacy).toContainText("Effective date: May 22, 2025");
  await expect(privacy).not.toContainText("May 21, 2025");
  await page.keyboard.press("Escape");
  await footer.getByRole("button", { name: "Terms of Service" }).click();
  const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(terms).toContainText("the laws of the State of Utah");
  await expect(terms).not.toContainText("Oregon");
  await expect(terms).toContainText("Effective date: May 21, 2025");
});

test("/contact#contact-form lands with the form in view @phone", async ({ page }) => {
  const form = await openContact(page, "/contact#contact-form");
  await expect(form).toBeInViewport();
  await expect(form.getByRole("heading", { name: "Inquire Today" })).toBeInViewport();
  await expect(form).toBeFocused();
});

test("Book Now in the header brings the visitor to the form", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.locator("header").getByRole("link", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/contact#contact-form$/);
  const form = page.locator("#contact-form");
  await expect(form.getByLabel("Full Name")).toBeVisible();
  await expect(form).toBeInViewport();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// ---------------------------------------------------------------- spam without a CAPTCHA

/** Every stored inquiry, as staff read them through the REST mirror (status and spam reason included). */
async function storedInquiry(page: Page, email: string) {
  const login = await page.request.post("/api/admin/login", { data: E2E_ADMIN, headers: { Origin: E2E_BASE_URL } });
  expect(login.ok()).toBe(true);
  const rows = (await (await page.request.get("/api/admin/contact")).json()) as Array<Record<string, unknown>>;
  return rows.find((row) => row.email === email);
}

const honeypot = (page: Page) => page.locator("#contact-form input[name=website]");

async function expectSuccessToast(page: Page) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Message sent successfully!");
  await expect(toast).toContainText("Thank you for your inquiry. We'll get back to you within 24 hours.");
}

test("the honeypot is out of everyone's way: not seen, not read by a screen reader, not reached with Tab", async ({ page }) => {
  await openContact(page);
  await expect(honeypot(page)).toHaveCount(1);
  await expect(honeypot(page)).not.toBeInViewport();
  await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  // Tab from the top of the form to its last button: the honeypot never takes the focus.
  await page.locator("#contact-form").getByLabel("Full Name").focus();
  const visited: string[] = [];
  for (let i = 0; i < 40; i++) {
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return `${el?.tagName}:${el?.getAttribute("name") ?? el?.textContent?.trim() ?? ""}`;
    });
    visited.push(name);
    if (name.includes("Send Inquiry")) break;
    await page.keyboard.press("Tab");
  }
  expect(visited.some((v) => v.endsWith(":website"))).toBe(false);
  expect(visited.at(-1)).toContain("Send Inquiry");
});

test("a filled honeypot is stored as Spam, and the visitor sees the normal success message", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  const email = `honeypot.${Date.now()}@example.com`;
  await fillValid(f, { name: "Spam Bot", email, phone: "(801) 555-0177", health: "Nothing." });
  // What a bot does: fill every field it finds, hidden ones included.
  await honeypot(page).fill("https://cheap-pills.example", { force: true });
  await f.submit.click();
  await expectSuccessToast(page);
  expect(await storedInquiry(page, email)).toMatchObject({ status: "spam", spamReason: "honeypot" });
});

test("a form sent faster than a person can fill it is stored as Spam, with the normal success message", async ({ page }) => {
  // The token comes with the page; take it out so the form asks for a fresh one when it appears, and send
  // the form the moment that token arrives, as a script does: the time between them is what is judged.
  await page.route("**/contact", async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/"formToken":"[^"]*"/, '"formToken":""')
      .replace(/(name="formToken" value=")[^"]*"/, '$1"');
    await route.fulfill({ response, body: html });
  });
  // The fresh token the form receives is one the server would issue a minute from now: the form goes the
  // moment it is in, and however slowly a busy machine runs the script, that is sooner than a person could.
  await page.route(/\/trpc\/[^?]*contact\.formToken/, (route) =>
    replaceProcedureData(route, "contact.formToken", { formToken: formToken(-60_000) }),
  );
  const tokenArrives = page.waitForResponse(/\/trpc\/[^?]*contact\.formToken/);
  await openContact(page);
  await tokenArrives;
  // The token is in the form once React has taken the answer (the response alone may come first).
  await expect(page.locator("form.contact-form input[name=formToken]")).not.toHaveValue("");
  const email = `fast.${Date.now()}@example.com`;
  await page.evaluate((address) => {
    const form = document.querySelector<HTMLFormElement>("form.contact-form")!;
    const set = (selector: string, value: string) => {
      const input = form.querySelector<HTMLInputElement>(selector)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    };
    set("input[name=name]", "Speedy Script");
    set("input[name=email]", address);
    set("input[name=phone]", "8015550166");
    for (const box of form.querySelectorAll<HTMLInputElement>("input[type=checkbox]")) {
      if (/Ozone|Privacy Policy|HIPAA|Terms and Conditions/.test(box.closest("label, .check")?.textContent ?? "") && !box.checked)
        box.click();
    }
    form.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
  }, email);
  await expectSuccessToast(page);
  expect(await storedInquiry(page, email)).toMatchObject({ status: "spam", spamReason: "too_fast" });
});

test("a person using the keyboard alone is never caught", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  const email = `keyboard.${Date.now()}@example.com`;
  await f.name.focus();
  await page.keyboard.type("Kim Keyboard", { delay: 40 });
  await page.keyboard.press("Tab");
  await page.keyboard.type(email, { delay: 40 });
  await page.keyboard.press("Tab");
  await page.keyboard.type("801 555 0188", { delay: 40 });
  await f.ozone.focus();
  await page.keyboard.press("Space");
  await f.health.focus();
  await page.keyboard.type("Shoulder pain when lifting.", { delay: 40 });
  for (const box of [f.privacy, f.hipaa, f.terms]) {
    await box.focus();
    await page.keyboard.press("Space");
  }
  await f.submit.focus();
  await page.keyboard.press("Enter");
  await expectSuccessToast(page);
  expect(await storedInquiry(page, email)).toMatchObject({ status: "new", spamReason: null, name: "Kim Keyboard" });
});

test("a person whose browser autofills the form is never caught", async ({ page }) => {
  await openContact(page);
  const f = fields(page);
  const email = `autofill.${Date.now()}@example.com`;
  // What autofill does: fill, at once, every field that names what it holds (autocomplete tokens).
  // The honeypot names nothing (autocomplete="off"), so it stays empty.
  const profile: Record<string, string> = { name: "Alex Autofill", email, tel: "(801) 555-0199" };
  for (const input of await page.locator("#contact-form input[autocomplete]").all()) {
    const token = (await input.getAttribute("autocomplete")) ?? "";
    if (profile[token]) await input.fill(profile[token]);
  }
  await expect(honeypot(page)).toHaveValue("");
  await f.stemCell.click({ delay: 60 });
  await f.health.pressSequentially("Lower back pain for a year.", { delay: 40 });
  for (const box of [f.privacy, f.hipaa, f.terms]) await box.click({ delay: 60 });
  await f.submit.click({ delay: 60 });
  await expectSuccessToast(page);
  expect(await storedInquiry(page, email)).toMatchObject({ status: "new", spamReason: null, name: "Alex Autofill" });
});
