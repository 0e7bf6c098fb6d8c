import type { Page } from "@playwright/test";
import { DEFAULT_CLINIC, phoneHref } from "../src/shared/clinic";
import { api, signInByApi } from "./admin-fixtures";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./fixtures";

/** The header, the menu drawer and the footer of every public page (public-site.md sections 2 and 4). */

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
    await expect(header.getByRole("link", { name: `Call us at ${DEFAULT_CLINIC.phone}` }).first()).toHaveAttribute("href", phoneHref(DEFAULT_CLINIC.phone));
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
    for (const name of ["Home", "About", "Services", "News", "Contact"]) await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
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
    await expect(footer.getByTestId("footer-description")).toContainText("we believe in a fully regenerative approach to health and wellness");
    const social = footer.getByRole("list", { name: "Follow us" });
    for (const name of ["Facebook", "Instagram", "YouTube"]) await expect(social.getByRole("link", { name })).toHaveAttribute("target", "_blank");
    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    for (const name of ["Home", "About", "Services", "News", "Contact"]) await expect(quick.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(quick.getByRole("link", { name: "Book Appointment" })).toHaveAttribute("href", "/contact#contact-form");
    const services = footer.getByRole("navigation", { name: "Services" });
    await expect(services.getByRole("link", { name: "Utah Stem Cell Therapy" })).toHaveAttribute("href", "/services/stem-cell-therapy");
    await expect(services.getByRole("link", { name: "Ozone Therapy" })).toHaveAttribute("href", "/services/ozone-therapy");
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

test.describe.serial("footer fallbacks", () => {
  test("static social links when staff show none, and the default text when the description is hidden", async ({ page }) => {
    await signInByApi(page.request);
    const links = (await (await api(page.request, "GET", "/api/admin/social-media")).json()) as Array<Record<string, unknown> & { id: number; isVisible: boolean; displayName: string; url: string }>;
    const visible = links.filter((l) => l.isVisible);
    const content = (await (await api(page.request, "GET", "/api/admin/content?page=footer")).json()) as Array<Record<string, unknown> & { id: number; section: string; key: string }>;
    const description = content.find((c) => c.section === "description" && c.key === "text")!;
    const footer = page.locator("footer.site-footer");
    const social = footer.getByRole("list", { name: "Follow us" });
    const defaultText =
      "At Millcreek Regenerative Wellness, we believe in a fully regenerative approach to health and wellness, addressing the needs of body, mind, and spirit.";
    // Staff's own text and addresses first, each unlike the built-in fallback, so the fallback below is
    // seen to replace them (the seeded ones are the fallback's words). The staff text keeps the words
    // other footer tests, running at the same time, look for.
    const edit = `edit-${Date.now()}`;
    const staffText = `Staff ${edit}: we believe in a fully regenerative approach to health and wellness.`;
    const staffUrl = (link: { url: string }) => `${link.url.replace(/\/+$/, "")}/${edit}`;
    try {
      for (const link of visible) expect((await api(page.request, "PUT", `/api/admin/social-media/${link.id}`, { ...link, url: staffUrl(link) })).status()).toBe(200);
      expect((await api(page.request, "PUT", `/api/admin/content/${description.id}`, { ...description, content: `<p>${staffText}</p>` })).status()).toBe(200);
      await page.context().clearCookies();
      await open(page, "/services");
      await expect(footer.getByTestId("footer-description")).toHaveText(staffText);
      for (const link of visible) await expect(social.getByRole("link", { name: link.displayName })).toHaveAttribute("href", staffUrl(link));

      await signInByApi(page.request);
      for (const link of visible) await api(page.request, "PUT", `/api/admin/social-media/${link.id}`, { ...link, url: staffUrl(link), isVisible: false });
      await api(page.request, "PUT", `/api/admin/content/${description.id}`, { ...description, content: `<p>${staffText}</p>`, isVisible: false });
      await page.context().clearCookies();
      await open(page, "/services");
      await expect(footer.getByTestId("footer-description")).toHaveText(defaultText);
      await expect(social.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", DEFAULT_CLINIC.social.facebook);
      await expect(social.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", DEFAULT_CLINIC.social.instagram);
      await expect(social.getByRole("link", { name: "YouTube" })).toHaveAttribute("href", DEFAULT_CLINIC.social.youtube);
      await expect(social.getByRole("link")).toHaveCount(3);
    } finally {
      await signInByApi(page.request);
      for (const link of visible) await api(page.request, "PUT", `/api/admin/social-media/${link.id}`, link);
      await api(page.request, "PUT", `/api/admin/content/${description.id}`, description);
    }
  });
});
