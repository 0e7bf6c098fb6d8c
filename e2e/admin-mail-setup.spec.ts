import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import postgres from "postgres";
import { withDatabase } from "../tests/setup/global-setup";
import { BUILT_SERVER, start, stopProcess, type Running } from "../tests/setup/processes";
import { startSmtpServer, type TestSmtpServer } from "../tests/setup/smtp";
import { expectAccessible } from "./admin-fixtures";
import { E2E_PORT, E2E_SECRET_KEY } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Issue 36, a fresh install's owner sets up e-mail in the portal: a built server of this spec's own,
 * started with NO SMTP_URL and NO MAIL_FROM (on PostgreSQL, a database of its own, when
 * TEST_DATABASE_URL is set), and a real SMTP server (smtp-server). The first sign-in lands on the
 * dashboard, which asks the owner for an e-mail address (skippable) and warns that no inquiry is
 * e-mailed to anyone; the owner sets up the mail server in Settings > E-mail, receives the test message,
 * a visitor sends an inquiry on the public form, the owner receives its alert, and the warning is gone.
 */
const OWNER = { username: "owner", password: "mail-setup-e2e-password" };
const OWNER_EMAIL = "owner@clinic-mail.test";
const SENDER = "front-desk@clinic-mail.test";
/** The port of this spec's server: the run's port + 1 (each helper's run its own range). */
const PORT = E2E_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;

let server: Running | undefined;
let smtp: TestSmtpServer;
let dataDir = "";
let dropDatabase: (() => Promise<void>) | null = null;
let databaseUrl: string | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "clinic-mail-setup-e2e-"));
  const env: Record<string, string> = {
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: BASE,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    SECRET_KEY: E2E_SECRET_KEY,
    NODE_ENV: "production",
    // No SMTP_URL and no MAIL_FROM: mail is set up in the portal or not at all.
  };
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `clinic_e2e_mail_setup_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    env.DATABASE_URL = withDatabase(url, name);
    databaseUrl = env.DATABASE_URL;
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  server = await start(process.execPath, [BUILT_SERVER], env, "Listening on");
});

test.afterAll(async () => {
  if (process.env.E2E_SHOW_SERVER_LOG) console.log(server?.output());
  await stopProcess(server);
  await dropDatabase?.();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const toast = (page: Page, text: string) => page.locator(".ant-notification").getByText(text);
const WARNING = "New inquiries are not e-mailed to anyone: set up e-mail";

test("a fresh install's owner sets up e-mail in the portal and receives the test message and an inquiry's alert", async ({ page }) => {
  test.setTimeout(150_000);

  // The first sign-in, through the sign-in page: it lands on the dashboard, as the spec says.
  await page.goto(`${BASE}/admin/login`);
  await page.getByLabel("Username").fill(OWNER.username);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // No mail server: the dashboard warns, and asks for the owner's e-mail address (the account has none).
  const warning = page.getByTestId("mail-alerts-warning");
  await expect(warning).toContainText(WARNING);
  await expect(warning).toContainText("No mail server is set up.");
  const prompt = page.getByTestId("email-prompt");
  await expect(prompt.getByRole("heading", { name: "Where should we e-mail you about new inquiries?" })).toBeVisible();
  await expectAccessible(page);

  // The prompt may be skipped: gone for this visit, the dashboard as before.
  await prompt.getByRole("button", { name: "Not now" }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("mail-alerts-warning")).toBeVisible();
  await expect(page.getByTestId("email-prompt")).toHaveCount(0);
  // A new tab (another browser session) asks again while the account has no address.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(prompt).toBeVisible();

  // A wrong address is refused at the field; the right one is saved to the owner's own account.
  const email = prompt.getByLabel("Your e-mail address");
  await email.fill("not-an-address");
  await prompt.getByRole("button", { name: "Save my e-mail" }).click();
  await expect(prompt.locator(".ant-form-item-explain-error")).toHaveText("Invalid email");
  await email.fill(OWNER_EMAIL);
  await expect(prompt.getByLabel("E-mail me when a new inquiry arrives")).toBeChecked();
  await prompt.getByRole("button", { name: "Save my e-mail" }).click();
  await expect(toast(page, "Your e-mail address is saved")).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(warning).toContainText("No mail server is set up.");

  // The warning's link leads to where it is fixed: Settings > E-mail.
  await warning.getByRole("link", { name: "set up e-mail" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  const card = page.getByTestId("settings-mail");
  await expect(card.getByTestId("mail-configured")).toHaveText("Not set up");
  const form = card.getByTestId("mail-server");
  await form.getByLabel("Host").fill("127.0.0.1");
  // antd's radio buttons: the label is what a person clicks.
  await form.locator("label.ant-radio-button-wrapper", { hasText: "None" }).click();
  await expect(form.getByRole("radio", { name: "None" })).toBeChecked();
  await expect(form.getByLabel("Port")).toHaveValue("25");
  await expect(form).toContainText("No encryption: only for a mail server on the clinic's own network");
  await form.getByLabel("Port").fill(String(smtp.port));
  await form.getByLabel("Sender's address").fill(SENDER);
  // A password is not sent without TLS: the form says so at the field, and nothing is saved.
  await form.getByLabel("User name").fill("clinic");
  await form.getByLabel("Password").fill("a-password");
  await form.getByRole("button", { name: "Save mail server" }).click();
  await expect(form.locator(".ant-form-item-explain-error")).toHaveText(
    "A password is sent only over STARTTLS or TLS: choose one of them, or leave the user name and password empty.",
  );
  await form.getByLabel("User name").fill("");
  await form.getByLabel("Password").fill("");
  await form.getByRole("button", { name: "Save mail server" }).click();
  await expect(toast(page, "Mail server saved: the next e-mail goes through it")).toBeVisible();
  await expect(card.getByTestId("mail-configured")).toHaveText("Set up");
  await expect(card.getByTestId("mail-from")).toHaveText(SENDER);
  await expectAccessible(page, '[data-testid="settings-mail"]');

  // The "Send e-mail" switch and its words agree, both ways (not saved: only shown).
  const enabled = card.getByLabel("Send e-mail", { exact: true });
  const enabledWords = card.getByTestId("mail-enabled-help");
  await expect(enabled).toBeChecked();
  await expect(enabledWords).toHaveText("On: the website sends the e-mail chosen below, through the mail server above.");
  await enabled.click();
  await expect(enabledWords).toHaveText("Off: the website sends no e-mail at all. Inquiries are still saved and shown here.");
  await enabled.click();
  await expect(enabledWords).toHaveText("On: the website sends the e-mail chosen below, through the mail server above.");

  // The test message, to the owner's own address: it arrives, from the sender set here, with no restart.
  const testMail = card.getByTestId("mail-test");
  await testMail.getByRole("button", { name: "Send a test message" }).click();
  await expect(testMail.getByTestId("mail-test-result")).toContainText("Test e-mail sent");
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(OWNER_EMAIL)).length).toBe(1);
  const test1 = smtp.messages.find((m) => m.to.includes(OWNER_EMAIL))!;
  expect(test1.subject).toMatch(/^Test e-mail from the .+ website$/);
  expect(test1.from).toBe(SENDER);

  // A visitor sends an inquiry on the public form (another browser context: no staff cookie).
  const visitor = await page.context().browser()!.newContext();
  try {
    const site = await visitor.newPage();
    await site.goto(`${BASE}/contact`);
    await waitForHydration(site);
    const contact = site.locator("#contact-form");
    await contact.getByLabel("Full Name").pressSequentially("Robin Visitor", { delay: 30 });
    await contact.getByLabel("Email Address").pressSequentially("robin.visitor@example.org", { delay: 30 });
    await contact.getByLabel("Mobile Phone").pressSequentially("(801) 555-0190", { delay: 30 });
    await contact.getByLabel("Utah Stem Cell Therapy").check();
    await contact.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
    await contact.getByRole("checkbox", { name: /HIPAA Authorization/ }).check();
    await contact.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
    await contact.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(site.getByTestId("toast")).toContainText("Message sent successfully!");
  } finally {
    await visitor.close();
  }

  // The alert reaches the owner (the dispatcher inside the server sends it within seconds), with nothing the visitor wrote.
  await expect
    .poll(() => smtp.messages.filter((m) => m.to.includes(OWNER_EMAIL) && m.subject === "New appointment inquiry").length, {
      timeout: 30_000,
    })
    .toBe(1);
  const alert = smtp.messages.find((m) => m.subject === "New appointment inquiry")!;
  expect(alert.from).toBe(SENDER);
  expect(alert.text).toContain(`${BASE}/admin/contact?open=`);
  expect(alert.text).not.toContain("Robin");
  // The visitor's acknowledgement went out through the same server.
  await expect.poll(() => smtp.messages.some((m) => m.to.includes("robin.visitor@example.org"))).toBe(true);

  // Back on the dashboard: the warning is gone, and so is the prompt.
  await page.goto(`${BASE}/admin/dashboard`);
  await expect(page.getByTestId("count-services")).toBeVisible();
  await expect(page.getByText(WARNING)).toHaveCount(0);
  await expect(page.getByTestId("mail-alerts-warning")).toHaveCount(0);
  await expect(page.getByTestId("email-prompt")).toHaveCount(0);
});

test('changing the mail server asks "Confirm it\'s you" once the sign-in is over 5 minutes old', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 403/); // the save's first answer: "Confirm it's you" first
  // The session's last check is moved into the past in the database: PostgreSQL's can be reached beside
  // the running server (the embedded one belongs to its process; tests/mail-server.test.ts shows the 403 on both).
  test.skip(!databaseUrl, "needs TEST_DATABASE_URL");
  const res = await page.request.post(`${BASE}/api/admin/login`, { data: OWNER, headers: { Origin: BASE } });
  expect(res.status(), await res.text()).toBe(200);
  const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    await sql`update admin_sessions set fresh_at = now() - interval '30 minutes'`;
  } finally {
    await sql.end();
  }
  await page.goto(`${BASE}/admin/settings`);
  const card = page.getByTestId("settings-mail");
  const form = card.getByTestId("mail-server");
  await expect(form.getByLabel("Host")).toHaveValue("127.0.0.1");
  await form.getByLabel("Sender's address").fill("reception@clinic-mail.test");
  await form.getByRole("button", { name: "Save mail server" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password").fill(OWNER.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Mail server saved: the next e-mail goes through it")).toBeVisible();
  await expect(card.getByTestId("mail-from")).toHaveText("reception@clinic-mail.test");
});
