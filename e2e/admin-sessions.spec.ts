import { FRESH_CHECK_MESSAGE } from "../src/server/errors";
import type { Page } from "@playwright/test";
import { createStaffUser, signInByApi } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * Sessions and "Confirm it's you" in the portal (docs/decisions/0054): a session ended from My Account
 * in one browser signs the other browser out at its next request; a sensitive act refused for want of
 * a fresh check opens the confirm dialog and, once confirmed, goes through (here the CSV export).
 */
/** Signs in as `user` and opens an admin page (the machine may be busy: the portal gets longer to render). */
async function openAs(page: Page, path: string, user: { username: string; password: string }) {
  await signInByApi(page.request, user);
  await page.goto(`/admin${path}`);
  await expect(page.getByTestId("admin-user")).toBeVisible({ timeout: 30_000 });
}

test.describe("sessions and the fresh check", () => {
  test.slow();
  test("ending a session from another browser context signs that context out at its next request", async ({ page, browser, request }) => {
    const staff = await createStaffUser(request);
    // The other browser: signed in and on the dashboard.
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await openAs(otherPage, "/dashboard", staff);

      // This browser: My Account lists both sessions, this one marked; End signs the other out.
      await openAs(page, "/account", staff);
      const card = page.getByTestId("account-sessions");
      await expect(card.getByTestId("account-session")).toHaveCount(2);
      await expect(card.getByText("This device")).toBeVisible();
      await card.getByRole("button", { name: /^End the session on / }).click();
      await expect(card.getByTestId("account-session")).toHaveCount(1);

      // The other browser's next request answers 401: the portal sends it to the sign-in page.
      await otherPage.getByRole("link", { name: "Contact Inquiries" }).click();
      await expect(otherPage.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
      await expect(otherPage).toHaveURL(/\/admin\/login/);
      // This browser is still signed in.
      await page.reload();
      await expect(page.getByTestId("account-sessions")).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("the confirm dialog appears on an export that needs a fresh check, and the export then downloads", async ({
    page,
    request,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 403|status of 400/);
    const staff = await createStaffUser(request);
    // The server refuses a sensitive act once the session's check is over 5 minutes old (tests/
    // fresh-check-sessions.test.ts shows that): here the first export answers that refusal as the server words it.
    let refused = 0;
    await page.route("**/api/admin/contact/export**", async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ message: FRESH_CHECK_MESSAGE, requiresFreshCheck: true }),
      });
    });
    await openAs(page, "/contact", staff);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    // A wrong password is refused at its field; the right one passes and the export runs again.
    await dialog.getByLabel("Password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText("Password is incorrect")).toBeVisible();
    await dialog.getByLabel("Password").fill(staff.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(dialog).toBeHidden();
    expect(refused).toBe(1);
  });
});
