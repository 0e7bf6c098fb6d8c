import type { Page } from "@playwright/test";
import { DEFAULT_CLINIC, phoneHref } from "../src/shared/clinic";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/**
 * The header, the menu drawer and the footer of every public page (public-site.md sections 2 and 4).
 * The footer's fallbacks (staff hide their text and links) change what every page shows: they are
 * in admin-footer.spec.ts, in the site-settings project that runs after this one.
 */

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

const drawer = (page: Page) => page.getByTestId("drawer");
const menuButton = (page: Page) => page.getByRole("button", { name: "Open menu" });

test.describe("header", () => {
  test("logo home, clickable phone, Book Now to the form, menu button @phone", async ({ page }) => {
    await open(page, "/about");
    const header = page.locator("header.site-header");
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header.getByRole("link", { name: "Millcreek Regenerative Wellness home" })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: `Call us at ${DEFAULT_CLINIC.phone}` }).first()).toHaveAttribute(
      "href",
      phoneHref(DEFAULT_CLINIC.phone),
    );
    await expect(menuButton(page)).toBeVisible();
    const book = header.getByRole("link", { name: "Book Now" });
    await expect(book).toBeVisible();
    await book.click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.locator("#contact-form")).toBeInViewport();
  });
});

test.describe("menu drawer", () => {
  test("lists the pages and Book Now with the current page highlighted @phone", async ({ page }) => {
    await open(page, "/services/ozone-therapy");
    await menuButton(page).click();
    const panel = drawer(page);
    await expect(panel).toBeVisible();
    for (const name of ["Home", "About", "Services", "News", "Contact"])
      await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Book Now" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(panel.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);
  });

  test("closes with its close button and gives focus back to the menu button @phone", async ({ page }) => {
    await open(page, "/");
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole("button", { name: "Close menu" })).toBeFocused();
    await drawer(page).getByRole("button", { name: "Close menu" }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test("closes on a click outside it (the backdrop) @phone", async ({ page }) => {
    await open(page, "/");
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.mouse.click(8, 300); // left edge: outside the right-side panel
    await expect(drawer(page)).toBeHidden();
  });

  test("closes on Escape @phone", async ({ page }) => {
    await open(page, "/");
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toBeHidden();
  });

  test("closes when a link navigates, and the new page starts at the top @phone", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await menuButton(page).click();
    await drawer(page).getByRole("link", { name: "News", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(drawer(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Latest News & Updates");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("closes on navigation by the browser's back button", async ({ page }) => {
    await open(page, "/");
    await page.locator("header").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer(page)).toBeHidden();
  });
});

test.describe("footer", () => {
  test("about text, social icons, quick links, services, contact, year and the admin lock @phone", async ({ page }) => {
    await open(page, "/news");
    const footer = page.locator("footer.site-footer");
    await expect(footer.getByTestId("footer-description")).toContainText(
      "we believe in a fully regenerative approach to health and wellness",
    );
    const social = footer.getByRole("list", { name: "Follow us" });
    for (const name of ["Facebook", "Instagram", "YouTube"])
      await expect(social.getByRole("link", { name })).toHaveAttribute("target", "_blank");
    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    for (const name of ["Home", "About", "Services", "News", "Contact"])
      await expect(quick.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(quick.getByRole("link", { name: "Book Appointment" })).toHaveAttribute("href", "/contact#contact-form");
    // The published services in their order (the spec's two first).
    const services = footer.getByRole("navigation", { name: "Services" });
    await expect(services.getByRole("link", { name: "Utah Stem Cell Therapy" })).toHaveAttribute("href", "/services/stem-cell-therapy");
    await expect(services.getByRole("link", { name: "Ozone Therapy" })).toHaveAttribute("href", "/services/ozone-therapy");
    await expect(services.getByRole("link")).toHaveText([
      "Utah Stem Cell Therapy",
      "Ozone Therapy",
      "Platelet-Rich Plasma (PRP) Therapy",
      "IV Nutrient Therapy",
    ]);
    await expect(footer).toContainText(DEFAULT_CLINIC.street);
    await expect(footer).toContainText("Millcreek, UT 84124");
    await expect(footer.getByRole("link", { name: DEFAULT_CLINIC.phone })).toHaveAttribute("href", phoneHref(DEFAULT_CLINIC.phone));
    await expect(footer.getByRole("link", { name: DEFAULT_CLINIC.email })).toHaveAttribute("href", `mailto:${DEFAULT_CLINIC.email}`);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Millcreek Regenerative Wellness`);
    const lock = footer.getByRole("link", { name: "Admin Portal" });
    await expect(lock).toHaveAttribute("href", "/admin/login");
    await expect(lock).toHaveAttribute("title", "Admin Portal");
  });

  test("opens the Privacy Policy and Terms of Service dialogs with the texts in force", async ({ page }) => {
    await open(page, "/");
    const footer = page.locator("footer.site-footer");
    await footer.getByRole("button", { name: "Privacy Policy" }).click();
    const privacy = page.getByTestId("privacy-dialog");
    await expect(privacy).toContainText("May 22, 2025");
    await page.keyboard.press("Escape");
    await expect(privacy).toBeHidden();
    await expect(footer.getByRole("button", { name: "Privacy Policy" })).toBeFocused();
    await footer.getByRole("button", { name: "Terms of Service" }).click();
    const terms = page.getByTestId("terms-dialog");
    await expect(terms).toContainText("State of Utah");
    await terms.getByRole("button", { name: "Close" }).click();
    await expect(terms).toBeHidden();
  });

  test("the admin portal has no public header or footer", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
    await expect(page.locator("header.site-header")).toHaveCount(0);
    await expect(page.locator("footer.site-footer")).toHaveCount(0);
  });
});
