import { E2E_ADMIN, E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";

/**
 * The public site with JavaScript turned off (issue 13): the menu button opens the menu (it is a link
 * to the drawer), and the inquiry form posts as a plain form to the server, which checks it with the
 * same schema and answers the contact page: the spec's messages at their fields with everything typed
 * kept, or the success message.
 */
test.use({ javaScriptEnabled: false });

test.describe("on a phone-wide screen, where the menu button shows", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("without JavaScript the menu button opens the menu, and its links lead on @phone", async ({ page }) => {
    await page.goto("/about");
    const drawer = page.locator("#site-drawer");
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "News", exact: true })).toBeVisible();
    await drawer.getByRole("link", { name: "News", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Latest News & Updates");
  });
});

test("without JavaScript the inquiry form posts to the server: messages at their fields with the values kept, then success @phone", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 400/); // the server's answer to an invalid form is the page with status 400
  await page.goto("/contact");
  const form = page.locator("form.contact-form");
  await form.getByLabel("Full Name").fill("J");
  await form.getByLabel("Email Address").fill("not-an-address");
  await form.getByLabel("Ozone Therapy").check();
  await form.getByRole("button", { name: "Send Inquiry" }).click();

  // The server's answer: the contact page, the spec's messages at their fields, everything typed kept.
  await expect(page).toHaveURL(/\/contact$/);
  await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByText("Mobile phone number is required.")).toBeVisible();
  await expect(form.getByText("You must agree to our Privacy Policy to continue.")).toBeVisible();
  await expect(form.getByLabel("Full Name")).toHaveValue("J");
  await expect(form.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Email Address")).toHaveValue("not-an-address");
  await expect(form.getByLabel("Ozone Therapy")).toBeChecked();

  const email = `no.script.${Date.now()}@example.com`;
  await form.getByLabel("Full Name").fill("Noa Script");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Mobile Phone").fill("(801) 555-0188");
  await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
  await form.getByRole("checkbox", { name: /HIPAA Authorization/ }).check();
  await form.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole("button", { name: "Send Inquiry" }).click();

  await expect(form.getByRole("status")).toContainText("Message sent successfully!");
  await expect(form.getByRole("status")).toContainText("Thank you for your inquiry. We'll get back to you within 24 hours.");
  await expect(form.getByLabel("Full Name")).toHaveValue("");

  // Stored, with what was ticked (as staff read it through the REST mirror).
  const login = await page.request.post("/api/admin/login", { data: E2E_ADMIN, headers: { Origin: E2E_BASE_URL } });
  expect(login.ok()).toBe(true);
  const rows = (await (await page.request.get("/api/admin/contact")).json()) as Array<Record<string, unknown>>;
  expect(rows.find((row) => row.email === email)).toMatchObject({ name: "Noa Script", servicesInterested: ["Ozone Therapy"] });
});

test("without JavaScript the Privacy Policy and Terms open their pages, from the footer and from the form, in a new tab @phone", async ({
  page,
  context,
}) => {
  await page.goto("/contact");
  const footer = page.getByRole("contentinfo");
  const form = page.locator("form.contact-form");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  const opened = context.waitForEvent("page");
  await form.getByRole("link", { name: "Terms and Conditions" }).click();
  const terms = await opened;
  await expect(terms.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
  // The form stays where it was, in its own tab.
  await expect(page).toHaveURL(/\/contact$/);
});

test("a form post from another site is refused", async ({ request }) => {
  const res = await request.post("/contact", { form: { name: "X" }, headers: { Origin: "https://elsewhere.example" } });
  expect(res.status()).toBe(403);
});
