import type { Browser, Page } from "@playwright/test";
import { api, openAdmin } from "./admin-fixtures";
import { type ConsoleGuard, expect, test, waitForHydration } from "./fixtures";

/**
 * Order, drafts and brand (issue 36): staff drag the services into a new order, with the mouse and with
 * the keyboard, and the public Services page follows; a service set to Draft leaves the public site (its
 * page is Page Not Found to a visitor, a preview to staff); a logo uploaded in Settings > Brand shows in
 * the public header; an accent colour colours the public buttons, and a too-light one is refused with
 * the contrast it has. These change what every public page shows, so they run in the site-settings
 * project (playwright.config.ts), one after the other, each putting things back at its end.
 */
test.describe.configure({ mode: "serial" });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function toast(page: Page, text: string) {
  await expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();
}

/** A visitor's page (no staff session), hydrated. */
async function visitor(browser: Browser, path: string, status = 200) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: "reduce" })).newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await waitForHydration(page);
  return page;
}

/** The services' titles as the public Services page lists them (of `among` only: another spec may add its own meanwhile). */
async function publicServiceTitles(browser: Browser, among?: string[]): Promise<string[]> {
  const page = await visitor(browser, "/services");
  const titles = (await page.locator("main .svc-card-title").allInnerTexts()).map((title) => title.trim());
  await page.context().close();
  return among ? titles.filter((title) => among.includes(title)) : titles;
}

/**
 * The expected order without the services gone from the site meanwhile: the spec that adds a service
 * (admin-service-pages) runs beside this one and deletes its own, which may have been in the list
 * this test read first. The services this test moves are seeded and stay.
 */
function stillThere(expected: string[], onTheSite: string[]): string[] {
  return expected.filter((title, index) => index < 3 || onTheSite.includes(title));
}

/** The services' ids in the site's order, to put back after a test that moves them. */
let putBackOrder: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await putBackOrder?.();
  putBackOrder = null;
});

/** Remembers the order now, to put back at the end (the ids of the services that still exist then, in that order, the rest after). */
async function rememberOrder(page: Page) {
  const ids = async () =>
    ((await (await api(page.request, "GET", "/api/admin/services")).json()) as Array<{ id: number }>).map((s) => s.id);
  const before = await ids();
  putBackOrder = async () => {
    const now = await ids();
    await api(page.request, "PUT", "/api/admin/services/order", {
      ids: [...before.filter((id) => now.includes(id)), ...now.filter((id) => !before.includes(id))],
    });
  };
}

/**
 * Runs a move on the Services screen until it is saved: a spec beside this one may add or delete a
 * service meanwhile, and the server then refuses the stale list ("Reload the list and try again"), as
 * it should; the screen is loaded again and the move made again.
 */
async function moveUntilSaved(page: Page, consoleGuard: ConsoleGuard, move: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    await page.goto("/admin/services");
    await expect(page.getByTestId("service-card").first()).toBeVisible();
    await move();
    const saved = page.locator(".ant-notification-notice").filter({ hasText: "Order saved: the website shows the new order" });
    const refused = page.locator(".ant-notification-notice").filter({ hasText: "Failed to save the order" });
    await expect(saved.or(refused).last()).toBeVisible();
    if ((await saved.count()) > 0) return;
    consoleGuard.allow(/status of 400/); // the refused stale list's answer
    expect(attempt, "the order was refused three times").toBeLessThan(3);
  }
}

test("drag a service card with the mouse to a new place: the public Services page shows the new order", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await openAdmin(page, "/services");
  await rememberOrder(page);
  const cards = page.getByTestId("service-card");
  let before: string[] = [];
  await moveUntilSaved(page, consoleGuard, async () => {
    before = (await cards.getByRole("heading").allInnerTexts()).map((title) => title.trim());
    // The first card's handle, dragged onto the third card.
    const handle = cards.first().getByTestId("drag-handle");
    const target = (await cards.nth(2).boundingBox())!;
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 10, { steps: 5 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
    await page.mouse.up();
  });
  const expected = [before[1]!, before[2]!, before[0]!, ...before.slice(3)];
  await expect(cards.first().getByRole("heading")).toHaveText(expected[0]!);
  const onTheSite = await publicServiceTitles(browser);
  expect(onTheSite.filter((title) => before.includes(title))).toEqual(stillThere(expected, onTheSite));
});

test("move a service with the keyboard (space, arrow, space): the public order follows, and a screen reader is told", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await openAdmin(page, "/services");
  await rememberOrder(page);
  const live = page.locator("[id^='DndLiveRegion']");
  let before: string[] = [];
  await moveUntilSaved(page, consoleGuard, async () => {
    before = (await page.getByTestId("service-card").getByRole("heading").allInnerTexts()).map((title) => title.trim());
    const handle = page.getByTestId("service-card").first().getByTestId("drag-handle");
    await expect(handle).toHaveAccessibleName(`Move "${before[0]}"`);
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(live).toContainText(`Picked up "${before[0]}", position 1 of ${before.length}.`);
    await page.keyboard.press("ArrowRight");
    await expect(live).toContainText(`"${before[0]}" is over position 2 of ${before.length}.`);
    await page.keyboard.press("Space");
    await expect(live).toContainText(`"${before[0]}" dropped at position 2 of ${before.length}.`);
  });
  const expected = [before[1]!, before[0]!, ...before.slice(2)];
  const onTheSite = await publicServiceTitles(browser);
  expect(onTheSite.filter((title) => before.includes(title))).toEqual(stillThere(expected, onTheSite));
});

test("a service set to Draft leaves the public site: not on /services, its page is Page Not Found; staff see a preview", async ({
  page,
  browser,
}) => {
  await openAdmin(page, "/services");
  const title = `Draft Therapy ${stamp()}`;
  const slug = `draft-therapy-${stamp()}`;
  const created = await api(page.request, "POST", "/api/admin/services", {
    title,
    slug,
    shortDescription: "Not out yet.",
    description: "Words.",
    imageAlt: "A picture",
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    expect(await publicServiceTitles(browser)).toContain(title);
    await page.goto(`/admin/services/edit/${id}`);
    const status = page.getByRole("switch", { name: "Status" });
    await expect(status).toBeChecked();
    await status.click();
    await expect(page.getByText("A draft is not on the website")).toBeVisible();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Service updated successfully");
    await page.goto("/admin/services");
    await expect(page.getByTestId("service-card").filter({ hasText: title }).getByTestId("service-draft")).toHaveText("Draft");

    expect(await publicServiceTitles(browser)).not.toContain(title);
    const outsider = await visitor(browser, `/services/${slug}`, 404);
    await expect(outsider.getByRole("heading", { level: 1 })).not.toHaveText(title);
    await outsider.context().close();

    // Staff (this page's session) open the same address: the preview.
    const preview = await page.goto(`/services/${slug}`);
    expect(preview?.status()).toBe(200);
    await expect(page.getByTestId("preview-banner")).toContainText("Preview: not public");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  } finally {
    await api(page.request, "DELETE", `/api/admin/services/${id}`);
  }
});

const LOGO_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40" onload="alert(1)">` +
  `<script>alert(2)</script><rect width="160" height="40" rx="8" fill="#0e5a61"/>` +
  `<text x="80" y="27" font-size="18" text-anchor="middle" fill="#fff">Own Logo</text></svg>`;

test("upload a logo in Settings > Brand: the public header shows it, at its shape; then back to the site's own", async ({
  page,
  browser,
}) => {
  await openAdmin(page, "/settings");
  const card = page.getByTestId("settings-brand");
  await expect(card.getByTestId("brand-logo-preview")).toHaveAttribute("src", "/images/logo.svg");
  try {
    await card
      .getByTestId("brand-logo-file")
      .setInputFiles({ name: "own-logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(LOGO_SVG) });
    await toast(page, "Logo saved: it shows on the website now");
    await expect(card.getByTestId("brand-logo-preview")).toHaveAttribute("src", /^\/brand\/logo-[0-9a-f]+\.svg$/);
    const src = await card.getByTestId("brand-logo-preview").getAttribute("src");

    const home = await visitor(browser, "/");
    const logo = home.locator("header.site-header").getByTestId("brand-logo");
    await expect(logo).toHaveAttribute("src", src!);
    await expect(logo).toHaveAttribute("width", "160");
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await logo.boundingBox())!;
    expect(Math.round(box.height)).toBe(40);
    expect(Math.round(box.width)).toBe(160);
    await home.context().close();
  } finally {
    await api(page.request, "DELETE", "/api/admin/brand/logo");
  }
  const after = await visitor(browser, "/");
  await expect(after.locator("header.site-header img").first()).toHaveAttribute("src", "/images/logo.svg");
  await after.context().close();
});

test("an accent colour: a too-light one is refused with its contrast; an accepted one colours the public buttons; then back", async ({
  page,
  browser,
}) => {
  await openAdmin(page, "/settings");
  const card = page.getByTestId("brand-accent");
  const input = card.getByLabel("Colour (hex)");
  try {
    await input.fill("#f4c06a");
    await card.getByRole("button", { name: "Save colour" }).click();
    await expect(card).toContainText(
      "This colour is too light: white text on it has a contrast of 1.6:1, and WCAG AA needs at least 4.5:1. Choose a darker colour.",
    );
    expect(((await (await api(page.request, "GET", "/api/brand")).json()) as { accentColor: string | null }).accentColor).toBeNull();

    await input.fill("#0e5a61");
    await card.getByRole("button", { name: "Save colour" }).click();
    await toast(page, "Colour saved: the website uses it now");

    const home = await visitor(browser, "/");
    const book = home.locator("header.site-header .btn-primary");
    await expect(book).toHaveCSS("background-color", "rgb(14, 90, 97)");
    await home.context().close();
  } finally {
    await api(page.request, "PUT", "/api/admin/brand/accent", { accentColor: null });
  }
  const after = await visitor(browser, "/");
  await expect(after.locator("header.site-header .btn-primary")).toHaveCSS("background-color", "rgb(156, 79, 28)");
  await after.context().close();
});
