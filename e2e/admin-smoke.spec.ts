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
