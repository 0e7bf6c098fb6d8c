import type { Locator, Page } from "@playwright/test";
import { api, createStaffUser, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The E-mail card's switches in Settings. Turning mail off for a moment changes what every other spec
 * relies on (acknowledgements, a changed e-mail's link), so this one test runs with the specs that
 * change shared settings, alone and last (playwright.config.ts, project mail-switches); the rest of the card's tests
 * are in admin-mail.spec.ts and run with the other admin specs.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) => page.locator(".ant-notification-notice").filter({ hasText: text }).last();
const fieldError = (scope: Locator, text: string) => scope.locator(".ant-form-item-explain-error", { hasText: text });
const mailCard = (page: Page) => page.getByTestId("settings-mail");

test.describe("Settings: e-mail", () => {
  test("the switches save and survive a reload; who receives new-inquiry mail; both logged in words", async ({
    page,
    request,
    consoleGuard,
  }) => {
    test.setTimeout(90_000);
    consoleGuard.allow(/status of 400/); // the test e-mail without an address, on purpose
    const chief = await createStaffUser(request, "super_admin"); // no e-mail address
    const reachable = await createStaffUser(request, "admin", { email: `reachable-${unique()}@clinic.example` });
    const unreachable = await createStaffUser(request); // no e-mail address
    await openAdmin(page, "/settings", chief);

    const card = mailCard(page);
    await expect(page.getByTestId("settings-retention")).toBeVisible();
    await expect(card.locator(".ant-card-head-title")).toHaveText("E-mail");
    // The e2e server has a mail server (SMTP_URL) and a sender (MAIL_FROM).
    await expect(card.getByTestId("mail-configured")).toHaveText("Set up");
    await expect(card.getByTestId("mail-from")).toHaveText("clinic@e2e.test");
    await expect(card.getByTestId("mail-not-configured")).toHaveCount(0);
    await expect(card.getByTestId("mail-waiting")).toHaveText(/^(Nothing waiting|\d+ messages?)$/);

    const enabled = card.getByLabel("Send e-mail", { exact: true });
    const acknowledgement = card.getByLabel("Acknowledge each inquiry to the visitor");
    const reminders = card.getByLabel("Remind about inquiries still New after 24 hours");
    const save = card.getByRole("button", { name: "Save" });
    for (const item of [enabled, acknowledgement, reminders]) await expect(item).toBeChecked();
    await expect(save).toBeDisabled();

    // All three off, saved, and still off after a reload; the REST mirror says the same.
    for (const item of [enabled, acknowledgement, reminders]) await item.click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    for (const item of [enabled, acknowledgement, reminders]) await expect(item).not.toBeChecked();
    expect((await (await api(page.request, "GET", "/api/admin/settings")).json()).mail).toEqual({
      enabled: false,
      acknowledgement: false,
      overdueReminders: false,
    });

    // And on again (the run's other tests expect mail to go out).
    for (const item of [enabled, acknowledgement, reminders]) await item.click();
    await save.click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(save).toBeDisabled();
    expect((await (await api(page.request, "GET", "/api/admin/settings")).json()).mail).toEqual({
      enabled: true,
      acknowledgement: true,
      overdueReminders: true,
    });

    // Who receives new-inquiry mail: a staff member without an address cannot, and the list says why.
    const recipients = card.getByTestId("mail-recipients");
    const noAddress = recipients.getByTestId(`mail-recipient-${unreachable.username}`);
    await expect(noAddress.getByRole("switch", { name: `New-inquiry mail for ${unreachable.username}` })).toBeDisabled();
    await expect(noAddress).toContainText("No e-mail address: add one in User Management.");
    const withAddress = recipients.getByRole("switch", { name: `New-inquiry mail for ${reachable.username}` });
    await expect(withAddress).toBeEnabled();
    await expect(withAddress).not.toBeChecked(); // administrators start without it
    await withAddress.click();
    await expect(toast(page, `New-inquiry mail turned on for ${reachable.username}`)).toBeVisible();
    await expect(withAddress).toBeChecked();
    await page.reload();
    await expect(withAddress).toBeChecked();

    // The test e-mail: a malformed address is refused at the field; with none, the server needs one (this account has no address).
    const testMail = card.getByTestId("mail-test");
    await expect(testMail).toContainText("Your account has no e-mail address, so enter the address to send it to.");
    await testMail.getByLabel("Send to").fill("not-an-address");
    await testMail.getByRole("button", { name: "Send a test message" }).click();
    await expect(fieldError(testMail, "Please enter a valid email address.")).toBeVisible();
    await testMail.getByLabel("Send to").fill("");
    await testMail.getByRole("button", { name: "Send a test message" }).click();
    await expect(fieldError(testMail, "Enter an address to send the test to (your account has none).")).toBeVisible();
    await expect(testMail.getByTestId("mail-test-result")).toHaveCount(0);

    // The activity log says what changed, in words.
    await page.goto(`/admin/activity?user=${chief.id}&action=update`);
    const logged = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect(logged.filter({ hasText: "Settings: E-mail" }).filter({ hasText: "E-mail off: the website sends none" })).toHaveCount(1);
    await expect(
      logged
        .filter({ hasText: "Settings: E-mail" })
        .filter({ hasText: "E-mail on; acknowledgements to visitors on; 24-hour reminders on" }),
    ).toHaveCount(1);
    await expect(
      logged.filter({ hasText: `Admin user: ${reachable.username}` }).filter({ hasText: "New-inquiry mail turned on" }),
    ).toHaveCount(1);
  });
});
