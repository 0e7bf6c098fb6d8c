import { signInByApi } from "./admin-fixtures";
import { E2E_ADMIN } from "./env";
import { expect, test } from "./fixtures";

test("a signed-out visit to /admin/dashboard lands on the login, and signing in leads back to the dashboard", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fdashboard$/);
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login successful. Redirecting to admin dashboard...")).toBeVisible();
  await expect(page.getByText(`Welcome back, ${E2E_ADMIN.username} (Super Administrator)`)).toBeVisible();
  const services = (await (await page.request.get("/api/services")).json()) as unknown[];
  await expect(page.getByTestId("count-services")).toContainText(String(services.length));
});

test("a session that ends while working sends the user to the login and back to the same page", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource.*401/); // the call that finds the session gone
  await signInByApi(page.request);
  await page.goto("/admin/services");
  await expect(page.getByRole("heading", { name: "Services", level: 2 })).toBeVisible();
  await page.context().clearCookies(); // as if it had been idle for 30 minutes
  // The next call the portal makes finds the session gone: moving to News, or any call already on its way.
  await page
    .getByRole("menuitem", { name: "News Articles" })
    .click({ timeout: 3000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/admin\/login\?next=%2F(news|services)$/);
  const next = decodeURIComponent(new URL(page.url()).searchParams.get("next")!);
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin${next}$`));
  await expect(page.getByRole("heading", { name: next === "/news" ? "News Articles" : "Services", level: 2 })).toBeVisible();
});
