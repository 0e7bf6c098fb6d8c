import { signInByApi } from "./admin-fixtures";
import { E2E_ADMIN } from "./env";
import { expect, test } from "./fixtures";

test("a signed-out visit to /admin/dashboard lands on the login, and signing in leads back to the dashboard", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fdashboard$/);
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  // The counts the server answers for the dashboard. (Not the services list fetched afterwards: other
  // tests add and delete services at the same time, so a second read may count differently.)
  const dashboardAnswer = page.waitForResponse((response) => /\/trpc\/[^?]*system\.dashboard/.test(response.url()));
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login successful. Redirecting to admin dashboard...")).toBeVisible();
  await expect(page.getByText(`Welcome back, ${E2E_ADMIN.username} (Super Administrator)`)).toBeVisible();
  const answer = await dashboardAnswer;
  const procedures = decodeURIComponent(new URL(answer.url()).pathname.replace(/^\/trpc\//, "")).split(",");
  const batch = (await answer.json()) as Array<{ result: { data: { services: number } } }>;
  const counts = batch[procedures.indexOf("system.dashboard")]!.result.data;
  expect(counts.services).toBeGreaterThan(0);
  await expect(page.getByTestId("count-services").locator(".ant-statistic-content-value")).toHaveText(String(counts.services));
  // What needs doing leads: the inquiry cards, in a group of their own above the site's counts, wider than those.
  const toDo = page.getByRole("region", { name: "Waiting for you" });
  await expect(toDo.getByTestId("count-newInquiries")).toBeVisible();
  await expect(toDo.getByTestId("count-overdueInquiries")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your website" }).getByTestId("count-services")).toBeVisible();
  const box = async (id: string) => (await page.getByTestId(id).boundingBox())!;
  const [fresh, services] = [await box("count-newInquiries"), await box("count-services")];
  expect(fresh.y + fresh.height).toBeLessThanOrEqual(services.y);
  expect(fresh.width).toBeGreaterThan(services.width * 1.5);
});

test("a session that ends while working sends the user to the login and back to the same page", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource.*401/); // the call that finds the session gone
  await signInByApi(page.request);
  await page.goto("/admin/services");
  await expect(page.getByRole("heading", { name: "Services", level: 2 })).toBeVisible();
  // The list has loaded, so no call of the portal is on its way (nothing polls): the next one is ours.
  await expect(page.getByTestId("service-card").first()).toBeVisible();
  await page.context().clearCookies(); // as if it had been idle for 30 minutes
  // Moving to News makes the next call, which finds the session gone.
  await page.getByRole("menuitem", { name: "News Articles" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fnews$/);
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByRole("heading", { name: "News Articles", level: 2 })).toBeVisible();
});

test("Logout lands on the plain sign-in page even when that page is slow to arrive", async ({ page }) => {
  await signInByApi(page.request);
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("count-services")).toBeVisible();
  // Hold the sign-in page's document until the portal has read the (now ended) session again: that
  // answer must not send the page elsewhere (to /login?next=%2Fdashboard) while it is leaving.
  const sessionReadAgain = page.waitForResponse((response) => /\/trpc\/[^?]*auth\.session/.test(response.url()));
  await page.route(/\/admin\/login$/, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    await sessionReadAgain.catch(() => undefined);
    await route.continue();
  });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
});
