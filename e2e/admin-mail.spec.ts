import type { APIRequestContext, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { api, createStaffUser, expectAccessible, openAdmin, showHealth } from "./admin-fixtures";
import { E2E_ADMIN, E2E_BASE_URL, E2E_MAIL_LOG, formToken } from "./env";
import { expect, test } from "./fixtures";

/**
 * E-mail in the admin portal: the E-mail card of Settings (the mail server's status, a test e-mail; its
 * switches, which turn mail off for a moment, are in admin-mail-switches.spec.ts), the E-mail notifications card of My Account, the inquiry
 * opened from the address (/admin/contact?open=<id>, the link in the e-mails), and why an inquiry was
 * judged spam on arrival.
 *
 * The e2e server sends its mail to a real SMTP server that writes each message to E2E_MAIL_LOG. That
 * server accepts every well-formed address, so the failing test e-mail goes to an address it refuses
 * honestly: one longer than SMTP allows (RFC 5321: 254 characters), which the form's own check (at
 * most 255) lets through and the mail server answers with "501 Bad recipient address syntax".
 *
 * The contact form takes at most 8 inquiries an hour from one address; this file sends 2 (the opened
 * one and the spam one).
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).last();
const mailCard = (page: Page) => page.getByTestId("settings-mail");

interface MailLine {
  to: string[];
  subject: string;
  text: string;
  messageId: string;
}

async function mailLog(): Promise<MailLine[]> {
  const text = await readFile(E2E_MAIL_LOG, "utf8");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailLine);
}

/** Sends an inquiry through the public REST route with the form token the contact page would have rendered; answers its id. */
async function sendInquiry(request: APIRequestContext, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await request.post("/api/contact", {
    data: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      phone: "801-555-0123",
      servicesInterested: ["Ozone Therapy"],
      availabilityDays: ["tuesday"],
      availabilityTimes: ["morning"],
      healthConditions: "Knee pain",
      optInTexting: false,
      privacyPolicy: true,
      hipaaConsent: true,
      termsAndConditions: true,
      formToken: formToken(),
      ...extra,
    },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** How many times the page asked the server for contact.byId (each one is a logged opening), batched or not. */
function countOpenings(page: Page): () => number {
  let n = 0;
  page.on("request", (request) => {
    const path = decodeURIComponent(new URL(request.url()).pathname);
    if (path.startsWith("/trpc/"))
      n += path
        .slice("/trpc/".length)
        .split(",")
        .filter((p) => p === "contact.byId").length;
  });
  return () => n;
}

test.describe("Settings: e-mail", () => {
  test("a test e-mail the mail server refuses shows its words; one to one's own address arrives and clears the failure", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = `chief-${unique()}@clinic.example`;
    const chief = await createStaffUser(request, "super_admin", { email });
    await openAdmin(page, "/settings", chief);
    const card = mailCard(page);
    const testMail = card.getByTestId("mail-test");
    const address = testMail.getByLabel("Send to");
    const send = testMail.getByRole("button", { name: "Send a test message" });
    const result = testMail.getByTestId("mail-test-result");
    await expect(testMail).toContainText(`Leave it empty to send it to your own address, ${email}.`);
    await expect(card.getByTestId("mail-configured")).toHaveText("Set up");

    // 254 characters: a valid address to the form, too long for SMTP, refused by the mail server.
    const tooLong = `${"a".repeat(242)}@example.com`;
    await address.fill(tooLong);
    await send.click();
    await expect(result).toContainText("The test e-mail could not be sent");
    const words = /^The mail server at 127\.0\.0\.1:\d+ refused the message \(it answered: 501 Error: Bad recipient address syntax\)\.$/;
    await expect(result.locator(".ant-alert-description")).toHaveText(words);
    await expect(toast(page, "Failed to send the test e-mail")).toBeVisible();
    // The status block is read again: failing since when, and why.
    const failing = card.getByTestId("mail-failing");
    await expect(failing).toContainText("Sending has been failing since");
    await expect(failing.getByTestId("mail-last-error")).toHaveText(words);

    // Empty: to one's own address. It arrives at the mail server, and the failure is over.
    await address.fill("");
    // "Last sent" is a time between these two readings (their order is checked, not a duration).
    const clicked = Date.now();
    await send.click();
    await expect(result).toContainText("Test e-mail sent");
    await expect(result).toContainText(`The mail server accepted it for ${email}.`);
    await expect(failing).toHaveCount(0);
    const lastSent = new Date((await card.getByTestId("mail-last-sent").locator("time").getAttribute("datetime"))!).getTime();
    const read = Date.now();
    expect(lastSent).toBeGreaterThanOrEqual(clicked);
    expect(lastSent).toBeLessThanOrEqual(read);
    await expect
      .poll(
        async () =>
          (await mailLog()).filter((mail) => mail.to.includes(email) && /^Test e-mail from the .+ website$/.test(mail.subject)).length,
      )
      .toBe(1);
    expect((await mailLog()).some((mail) => mail.to.includes(tooLong))).toBe(false);
  });
});

test.describe("My Account: e-mail notifications", () => {
  test("a staff member turns new-inquiry mail on and off; without an address they are told nothing arrives yet", async ({
    page,
    request,
  }) => {
    const staff = await createStaffUser(request);
    await openAdmin(page, "/account", staff);
    const card = page.getByTestId("account-notifications");
    const toggle = card.getByLabel("E-mail me when a new inquiry arrives");
    await expect(card).toContainText("It holds no details of the inquiry");
    await expect(toggle).not.toBeChecked();
    await expect(card.getByTestId("notify-no-email")).toContainText("Your account has no e-mail address.");
    await expect(card.getByTestId("notify-no-email")).toContainText(
      "nothing arrives until a super administrator adds an address to your account",
    );

    await toggle.click();
    await expect(toast(page, "New-inquiry e-mail turned on")).toBeVisible();
    await expect(toggle).toBeChecked();
    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toast(page, "New-inquiry e-mail turned off")).toBeVisible();
    await page.reload();
    await expect(toggle).not.toBeChecked();
  });

  test("with an address the card names it, and a super admin's change for them shows in their My Account", async ({ page, request }) => {
    const email = `notified-${unique()}@clinic.example`;
    const staff = await createStaffUser(request, "admin", { email });
    // `request` is signed in as the super admin who created the account.
    const set = await request.put("/api/admin/settings/mail-recipients", {
      data: { adminId: staff.id, newInquiries: true },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(set.status(), await set.text()).toBe(200);
    await openAdmin(page, "/account", staff);
    const card = page.getByTestId("account-notifications");
    await expect(card.getByLabel("E-mail me when a new inquiry arrives")).toBeChecked();
    await expect(card).toContainText(`Sent to ${email}.`);
    await expect(card.getByTestId("notify-no-email")).toHaveCount(0);
  });
});

test.describe("the inquiry desk opened from an e-mail's link", () => {
  test("/admin/contact?open=<id> opens that inquiry (after signing in), once per load; closing takes it out of the address", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const name = `Emery Link ${unique()}`;
    const id = await sendInquiry(request, name);
    const openings = countOpenings(page);
    const drawer = page.getByRole("dialog", { name });

    // Signed out, as someone following the link in the e-mail: sign in, then straight to the inquiry.
    await page.goto(`/admin/contact?open=${id}`);
    await expect(page).toHaveURL(/\/admin\/login\?next=/);
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contact\\?open=${id}$`));
    await expect(drawer.getByTestId("access-history").locator(".ant-table-row").first()).toBeVisible();
    expect(openings()).toBe(1);
    // Its health details open behind a reason (issue 24), asked once per inquiry in this session.
    await showHealth(page, drawer);
    await expect(drawer.getByTestId("health-details")).toHaveText("Knee pain");
    const beforeReload = openings();

    // A reload opens it again, once, with its health details (the reason was given in this session).
    await page.reload();
    await expect(drawer.getByTestId("health-details")).toHaveText("Knee pain");
    await expect(drawer.getByTestId("access-history").locator(".ant-table-row").first()).toBeVisible();
    expect(openings()).toBe(beforeReload + 1);
    const accessLog = (await (await api(page.request, "GET", `/api/admin/contact/${id}/history`)).json()) as Array<{
      action: string;
      username: string;
    }>;
    expect(accessLog.filter((entry) => entry.action === "open")).toHaveLength(beforeReload + 1);

    // Closing takes ?open out of the address, keeps the rest, and adds no history entry.
    await page.goto(`/admin/contact?q=${encodeURIComponent(name)}&open=${id}`);
    await expect(drawer.getByTestId("health-details")).toBeVisible();
    const entries = await page.evaluate(() => window.history.length);
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/contact\\?q=${encodeURIComponent(name).replace(/%20/g, "(%20|\\+)")}$`));
    expect(await page.evaluate(() => window.history.length)).toBe(entries);

    // Opened from the list, the address names it too (a reload keeps it open), again without a new history entry.
    await page.getByRole("button", { name: `Open the inquiry from ${name}` }).click();
    await expect(drawer.getByTestId("health-details")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${id}$`));
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await drawer.getByRole("button", { name: "Close" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]open=/);

    // An inquiry that no longer exists says so.
    await page.goto("/admin/contact?open=2000000000");
    await expect(page.getByRole("dialog").getByText("This inquiry no longer exists. It may have been deleted.")).toBeVisible();
  });

  test("an inquiry judged spam on arrival says why while it is Spam", async ({ page, request }) => {
    const name = `Robo Filler ${unique()}`;
    const id = await sendInquiry(request, name, { website: "x" }); // the honeypot field people never see
    await openAdmin(page, `/contact?open=${id}`);
    const drawer = page.getByRole("dialog", { name });
    const reason = drawer.getByTestId("spam-reason");
    await expect(reason).toContainText("Marked as spam automatically: a hidden field that people never see was filled in");
    await expect(reason).toContainText("No e-mail was sent about it. If a real person wrote it, change its status.");

    // Rescued by hand: no longer Spam, so no longer explained as spam.
    await drawer.getByLabel("Status", { exact: true }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="New"]').click();
    await expect(toast(page, "Status changed to New")).toBeVisible();
    await expect(reason).toHaveCount(0);
  });
});

test.describe("accessibility", () => {
  test("Settings with both cards and My Account pass the scan", async ({ page, request }) => {
    test.setTimeout(120_000); // axe takes a while on a busy machine
    const staff = await createStaffUser(request, "admin", { email: `scan-${unique()}@clinic.example` });
    await openAdmin(page, "/settings");
    await expect(page.getByTestId("settings-retention")).toBeVisible();
    await expect(mailCard(page).getByTestId("mail-configured")).toBeVisible();
    await expect(mailCard(page).getByRole("switch", { name: `New-inquiry mail for ${staff.username}` })).toBeVisible();
    await expectAccessible(page);

    await openAdmin(page, "/account", staff);
    await expect(page.getByTestId("account-notifications").getByLabel("E-mail me when a new inquiry arrives")).toBeVisible();
    await expectAccessible(page);
  });
});
