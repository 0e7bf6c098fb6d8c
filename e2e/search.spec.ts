import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Site search (issue 39) in the browser: from the header on a phone in Spanish, with and without
 * JavaScript; results highlighted and linked in the page's language; the page-view beacon carries no
 * words; axe clean.
 */
async function noViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).withRules(["region"]).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("Spanish: the header's search button opens the search page; the words find the ozone service, marked @phone", async ({ page }) => {
    test.setTimeout(90_000);
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/visit")) beacons.push(request.postData() ?? "");
    });
    await page.goto("/es/");
    await waitForHydration(page);
    // The header's row keeps its controls on a 360 px screen: the search button beside the menu's.
    const header = page.getByRole("search", { name: "Buscar en el sitio" });
    const button = header.getByRole("button", { name: "Buscar" });
    await expect(button).toBeVisible();
    await expect(page.getByRole("button", { name: "Abrir menú" })).toBeVisible();
    const [searchBox, menuBox] = [await button.boundingBox(), await page.getByRole("button", { name: "Abrir menú" }).boundingBox()];
    expect(searchBox!.x).toBeGreaterThanOrEqual(menuBox!.x + menuBox!.width - 1);
    expect(searchBox!.x + searchBox!.width).toBeLessThanOrEqual(360);
    const logo = await page.locator(".site-header .brand img").boundingBox();
    expect(logo!.width).toBe(40);
    expect(logo!.x).toBeGreaterThanOrEqual(0);
    await button.click();
    await expect(page).toHaveURL(/\/es\/search\?q=$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buscar");
    await page.getByLabel("Palabras que buscar").fill("OZONO médico");
    await page.getByRole("main").getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/es\/search\?q=OZONO\+m%C3%A9dico$/);
    await waitForHydration(page);
    await expect(page.getByRole("status")).toContainText("para «OZONO médico»");
    const first = page.locator(".search-result").first();
    await expect(first.locator("mark").first()).toHaveText(/ozono/i);
    await expect(page.getByRole("link", { name: /Terapia con ozono/ }).first()).toHaveAttribute("href", "/es/services/ozone-therapy");
    await noViolations(page);
    // The page's view was counted without its words.
    await expect.poll(() => beacons.length).toBeGreaterThan(0);
    for (const body of beacons) expect(body.toLowerCase()).not.toContain("ozono");
    // A result opens its page in Spanish; the header's search is still there.
    await page
      .getByRole("link", { name: /Terapia con ozono/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/es\/services\/ozone-therapy$/);
    await expect(page.getByRole("search", { name: "Buscar en el sitio" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the search button, the page's form and its pages work as plain addresses @phone", async ({ page }) => {
      await page.goto("/es/about");
      await page.getByRole("search", { name: "Buscar en el sitio" }).getByRole("button", { name: "Buscar" }).click();
      await expect(page).toHaveURL(/\/es\/search\?q=$/);
      await page.getByLabel("Palabras que buscar").fill("terapia");
      await page.getByRole("main").getByRole("button", { name: "Buscar" }).click();
      await expect(page.getByRole("status")).toContainText("resultados para «terapia»");
      await expect(page.locator(".search-result mark").first()).toHaveText(/terapia/i);
      const next = page.getByRole("link", { name: "Página siguiente" });
      if (await next.count()) {
        await next.click();
        await expect(page).toHaveURL(/page=2$/);
        await expect(page.getByText(/Página 2 de/)).toBeVisible();
      }
    });
  });
});

test("on a wide screen the header's field takes the words; Chinese finds the Chinese ozone service", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/zh/news");
  await waitForHydration(page);
  const field = page.getByRole("searchbox", { name: "搜索本站" });
  await expect(field).toBeVisible();
  await field.fill("臭氧");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/zh\/search\?q=%E8%87%AD%E6%B0%A7$/);
  await waitForHydration(page);
  await expect(page.locator(".search-result mark").first()).toHaveText("臭氧");
  await expect(page.getByRole("link", { name: /臭氧疗法/ }).first()).toHaveAttribute("href", "/zh/services/ozone-therapy");
  await noViolations(page);
});
