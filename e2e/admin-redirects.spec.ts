import { api, expectAccessible, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The Redirects screen (issue 39): a missing address a visitor asked for shows in the 404 log (its
 * path only, the referring site's domain); staff turn it into a redirect in one step on the same
 * screen, and the old address then redirects. The redirect is this spec's own (a unique address) and
 * is removed again.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let made: string | null = null;

test.afterEach(async ({ page }) => {
  if (!made) return;
  const res = await api(page.request, "GET", "/api/admin/redirects");
  for (const row of ((await res.json()) as Array<{ id: number; fromPath: string }>).filter((r) => r.fromPath === made))
    await api(page.request, "DELETE", `/api/admin/redirects/${row.id}`);
  made = null;
});

test("a 404 log entry becomes a redirect in one step, and the old address then redirects", async ({ page, browser }) => {
  const lost = `/lost-page-${stamp()}`;
  made = lost;
  // A visitor follows a link from another site to an address the site does not have.
  const visitor = await browser.newContext();
  const missing = await visitor.request.get(`${lost}?ref=newsletter`, {
    headers: { Referer: "https://partner.example/blog/post?id=7" },
    maxRedirects: 0,
  });
  expect(missing.status()).toBe(404);

  await openAdmin(page, "/redirects");
  await expect(page.getByRole("heading", { name: "Redirects", level: 2 })).toBeVisible();
  const log = page.getByTestId("not-found-log");
  const row = log.getByRole("row").filter({ hasText: lost });
  await expect(row).toBeVisible();
  await expect(row).toContainText("partner.example");
  await expect(log).not.toContainText("newsletter");
  await expectAccessible(page);

  await row.getByRole("button", { name: `Redirect ${lost}` }).click();
  const dialog = page.getByRole("dialog", { name: "Redirect a Missing Address" });
  await expect(dialog.getByLabel("Old address")).toHaveValue(lost);
  // Another site's address is refused, with the reason at the field.
  await dialog.getByLabel("New address").fill("https://elsewhere.example/page");
  await dialog.getByRole("button", { name: "Create Redirect" }).click();
  await expect(dialog).toContainText("Enter a path on this site that starts with / (no other site's address)");
  await dialog.getByLabel("New address").fill("/about");
  await dialog.getByRole("button", { name: "Create Redirect" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Redirect added" }).last()).toBeVisible();
  // The entry left the log; the redirect is in the list.
  await expect(log.getByRole("row").filter({ hasText: lost })).toHaveCount(0);
  await expect(page.getByTestId("redirects").getByRole("row").filter({ hasText: lost })).toContainText("/about");

  // The old address now redirects, in English and in Spanish.
  const moved = await visitor.request.get(lost, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/about");
  const visit = await visitor.newPage();
  await visit.goto(`/es${lost}`);
  await expect(visit).toHaveURL(/\/es\/about$/);
  await visitor.close();
});
