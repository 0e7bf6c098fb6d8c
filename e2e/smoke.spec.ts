import { expect, test, waitForHydration } from "./fixtures";

test("the home page renders on the server and hydrates without errors @phone", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page).toHaveTitle(/Millcreek Regenerative Wellness/);
});
