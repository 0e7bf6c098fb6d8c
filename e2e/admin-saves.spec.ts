import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { api, createStaffUser, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * Issue 11, the admin's one way of saving: a change anywhere refreshes what it affects (the dashboard's
 * counts included) without a reload; a duplicate is shown at the field the server names; html content
 * is edited visually and saved as HTML; user actions say what they do. Navigation goes through the
 * portal's own menu (never page.goto), so the portal's query cache is what is being tested.
 */

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let afterwards: Array<(page: Page) => Promise<void>> = [];
test.afterEach(async ({ page }) => {
  for (const step of afterwards) await step(page);
  afterwards = [];
});

function removeAfterwards(list: string, match: (row: Record<string, unknown>) => boolean) {
  afterwards.push(async (page) => {
    const res = await api(page.request, "GET", list);
    if (!res.ok()) return;
    for (const row of ((await res.json()) as Array<Record<string, unknown>>).filter(match))
      await api(page.request, "DELETE", `${list}/${row.id}`);
  });
}

async function menu(page: Page, entry: string) {
  await page.getByRole("menuitem", { name: entry }).click();
}

async function toast(page: Page, text: string) {
  await expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();
}

/** The antd form item whose label reads exactly `label`. */
function fieldItem(scope: Locator, label: string): Locator {
  return scope
    .locator(".ant-form-item")
    .filter({ has: scope.page().locator("label", { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }) });
}

/**
 * Back on the dashboard through the menu, its count card for `key` shows how many records `list` (the
 * REST mirror) holds now: without a refresh it would still show the number it read before the change.
 */
async function expectDashboardCount(page: Page, key: string, list: string) {
  await menu(page, "Dashboard");
  const rows = (await (await api(page.request, "GET", list)).json()) as unknown[];
  await expect(page.getByTestId(`count-${key}`).locator(".ant-statistic-content-value")).toHaveText(String(rows.length));
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 14, g: 90, b: 97 } } })
    .png()
    .toBuffer();
}

test.describe("the dashboard counts follow every change without a reload", () => {
  test("team: add a member, delete them", async ({ page }) => {
    const name = `E2E Count Member ${stamp()}`;
    removeAfterwards("/api/admin/team", (row) => row.name === name);
    await openAdmin(page, "/dashboard");
    await expect(page.getByTestId("count-team").locator(".ant-statistic-content-value")).toBeVisible();

    await menu(page, "Team");
    await page.getByRole("button", { name: "Add Team Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Team Member" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Role").fill("Coach");
    await dialog.getByLabel("Bio").fill("Counted by the dashboard.");
    await dialog.getByLabel("Photo").setInputFiles({ name: "member.png", mimeType: "image/png", buffer: await png(120, 120) });
    await expect(dialog.getByTestId("image-preview").locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await dialog.getByRole("button", { name: "Add Team Member" }).click();
    await toast(page, "Team member added successfully");
    // The toast sits at the bottom of the window, clear of the header and its buttons.
    const header = await page.locator(".admin-header").boundingBox();
    const notice = await page.locator(".ant-notification-notice").last().boundingBox();
    expect(notice!.y).toBeGreaterThan(header!.y + header!.height);
    await expectDashboardCount(page, "team", "/api/admin/team");

    await menu(page, "Team");
    await page
      .getByTestId("team-card")
      .filter({ hasText: name })
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    await page.getByRole("dialog").filter({ hasText: "Delete Team Member" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Team member deleted successfully");
    await expectDashboardCount(page, "team", "/api/admin/team");
  });

  test("testimonials: add one, delete it", async ({ page }) => {
    const name = `E2E Count Client ${stamp()}`;
    removeAfterwards("/api/admin/testimonials", (row) => row.name === name);
    await openAdmin(page, "/dashboard");
    await expect(page.getByTestId("count-testimonials").locator(".ant-statistic-content-value")).toBeVisible();

    await menu(page, "Testimonials");
    await page.getByRole("button", { name: "Add Testimonial" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await expect(fieldItem(dialog, "Service")).toContainText("Utah Stem Cell Therapy");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Content", { exact: true }).fill("Counted on the dashboard at once.");
    await dialog.getByLabel("The patient agreed to the publication of this testimonial").check();
    await dialog.getByRole("button", { name: "Add Testimonial" }).click();
    await toast(page, "Testimonial added successfully");
    await expectDashboardCount(page, "testimonials", "/api/admin/testimonials");

    await menu(page, "Testimonials");
    await page
      .getByTestId("testimonial-card")
      .filter({ hasText: name })
      .getByRole("button", { name: /Delete/ })
      .click();
    await page.getByRole("dialog").filter({ hasText: name }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Testimonial deleted successfully");
    await expectDashboardCount(page, "testimonials", "/api/admin/testimonials");
  });

  test("social media: add a link, delete it", async ({ page }) => {
    const name = `E2E Count Link ${stamp()}`;
    removeAfterwards("/api/admin/social-media", (row) => row.displayName === name);
    await openAdmin(page, "/dashboard");
    await expect(page.getByTestId("count-social").locator(".ant-statistic-content-value")).toBeVisible();

    await menu(page, "Social Media");
    await page.getByRole("button", { name: "Add Social Link" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Social Media Link" });
    await dialog.getByLabel("Platform").fill("mastodon");
    await dialog.getByLabel("Display name").fill(name);
    await dialog.getByLabel("URL").fill("https://mastodon.example/@clinic");
    await dialog.getByRole("button", { name: "Add Link" }).click();
    await toast(page, "Social media link created successfully");
    await expectDashboardCount(page, "social", "/api/admin/social-media");

    await menu(page, "Social Media");
    await page
      .getByTestId("social-link")
      .filter({ hasText: name })
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    await page.getByRole("dialog").filter({ hasText: name }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Social media link deleted successfully");
    await expectDashboardCount(page, "social", "/api/admin/social-media");
  });

  test("website content: add an item, edit it, delete it", async ({ page }) => {
    const pageName = `e2e-count-${stamp()}`;
    removeAfterwards("/api/admin/content", (row) => row.page === pageName);
    await openAdmin(page, "/dashboard");
    await expect(page.getByTestId("count-content").locator(".ant-statistic-content-value")).toBeVisible();

    await menu(page, "Website Content");
    await page.getByRole("button", { name: "Add Content" }).click();
    const create = page.getByTestId("content-create");
    await create.getByLabel("Page").fill(pageName);
    await create.getByLabel("Section").fill("intro");
    await create.getByLabel("Key").fill("title");
    await create.getByLabel("Content", { exact: true }).fill("Counted on the dashboard.");
    await create.getByRole("button", { name: "Create" }).click();
    await toast(page, "Content created successfully");
    await expectDashboardCount(page, "content", "/api/admin/content");

    // Staff read where an item appears, in words.
    await menu(page, "Website Content");
    await page.getByRole("tab", { name: pageName }).click();
    const item = page.locator(`[data-testid="content-item"][data-key="${pageName}/intro/title"]`);
    await expect(item.getByTestId("content-place")).toHaveText(`${pageName}: Intro, title`);
    await item.getByRole("button", { name: /^Edit / }).click();
    await item.getByLabel("Content", { exact: true }).fill("Edited, and still counted.");
    await item.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Content updated successfully");
    await expectDashboardCount(page, "content", "/api/admin/content");

    await menu(page, "Website Content");
    await page.getByRole("tab", { name: pageName }).click();
    await item.getByRole("button", { name: /^Delete / }).click();
    await page.getByRole("dialog").filter({ hasText: "Delete Content Item" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Content deleted successfully");
    await expectDashboardCount(page, "content", "/api/admin/content");
  });
});

test.describe("a duplicate is shown at the field the server names", () => {
  test("service editor: the slug", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    await openAdmin(page, "/services");
    await page.getByRole("button", { name: "Add New Service" }).click();
    await page.getByLabel("Title", { exact: true }).fill("A second ozone page");
    await page.getByLabel("URL slug", { exact: true }).fill("ozone-therapy");
    await page.getByLabel("Short description", { exact: true }).fill("A copy.");
    await page.getByLabel("Full description", { exact: true }).fill("A copy of a service.");
    await page.getByLabel("Image alt text", { exact: true }).fill("Ozone");
    await page.getByRole("button", { name: "Create Service" }).click();
    await expect(fieldItem(page.locator("main"), "URL slug").locator(".ant-form-item-explain-error")).toHaveText(
      "A service with this URL slug already exists",
    );
    await expect(fieldItem(page.locator("main"), "Title").locator(".ant-form-item-explain-error")).toHaveCount(0);
  });

  test("article editor: the slug, on the Content tab", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    const slug = `e2e-duplicate-${stamp()}`;
    removeAfterwards("/api/admin/news", (row) => row.slug === slug);
    await openAdmin(page, "/news");
    const res = await api(page.request, "POST", "/api/admin/news", {
      title: "An article that is there first",
      slug,
      summary: "It takes the slug first.",
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.getByRole("button", { name: "Create Article" }).first().click();
    await page.getByLabel("Title", { exact: true }).fill("An article that comes second");
    await page.getByLabel("Slug", { exact: true }).fill(slug);
    await page.getByLabel("Summary", { exact: true }).fill("It asks for a slug that is taken.");
    await page.getByRole("tab", { name: "Publishing" }).click();
    await page.getByRole("button", { name: "Save Article" }).click();
    await toast(page, "An article with this slug already exists");
    await expect(page.getByRole("tab", { name: "Content" })).toHaveAttribute("aria-selected", "true");
    const slugItem = page
      .locator(".ant-form-item")
      .filter({ has: page.getByLabel("Slug", { exact: true }) })
      .last();
    await expect(slugItem.locator(".ant-form-item-explain-error")).toHaveText("An article with this slug already exists");
  });

  test("create user dialog: the username", async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 409/);
    const existing = await createStaffUser(request);
    await openAdmin(page, "/users");
    await page.getByRole("button", { name: "Add Admin User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Admin User" });
    await dialog.getByLabel("Username").fill(existing.username);
    await dialog.getByLabel("Password", { exact: true }).fill("another-password-123");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expect(fieldItem(dialog, "Username").locator(".ant-form-item-explain-error")).toHaveText("Username already exists");
    await expect(fieldItem(dialog, "Password").locator(".ant-form-item-explain-error")).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
});

test("the users table's actions say what they do, in words and to screen readers", async ({ page, request }) => {
  const user = await createStaffUser(request);
  await openAdmin(page, "/users");
  const row = page.getByRole("row").filter({ hasText: user.username });
  for (const [name, words] of [
    [`Edit ${user.username}`, "Edit"],
    [`Reset password for ${user.username}`, "Reset password"],
    [`Delete ${user.username}`, "Delete"],
  ] as const) {
    const button = row.getByRole("button", { name, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toHaveText(words);
  }
  await row.getByRole("button", { name: `Reset password for ${user.username}` }).click();
  await expect(page.getByRole("dialog").filter({ hasText: user.username })).toBeVisible();
});
