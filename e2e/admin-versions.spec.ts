import type { Page } from "@playwright/test";
import { api, expectAccessible, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * Version history (issue 14): staff edit an article twice in its editor, open History, see each save
 * with who and when, see what restoring the first version changes (words marked), restore it, and the
 * editor shows the first text again, with the restore as the newest version; the same for a website
 * content item edited in place. The records are the spec's own (unique names) and are deleted afterwards.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) => expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();

/** The records a test made (REST paths), deleted after it whatever happened. */
let made: string[] = [];
test.afterEach(async ({ page }) => {
  for (const path of made) await api(page.request, "DELETE", path);
  made = [];
});

/** Opens the article's editor from the news list, as staff do. */
async function openEditor(page: Page, title: string) {
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: `Edit "${title}"` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit News Article" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
}

async function saveEdit(page: Page) {
  await page.getByRole("button", { name: "Update Article" }).click();
  await toast(page, "Article updated successfully!");
  await expect(page).toHaveURL(/\/admin\/news$/);
}

test("edit an article twice, compare the first version with the current text, restore it", async ({ page }) => {
  test.setTimeout(90_000);
  const id = unique();
  const first = `Ozone notes ${id}`;
  const second = `Ozone findings ${id}`;
  await openAdmin(page, "/dashboard");
  const created = await api(page.request, "POST", "/api/admin/news", {
    title: first,
    slug: `ozone-notes-${id}`,
    summary: "A short summary of the notes.",
    content: "<p>Patients slept better after the first week.</p>",
  });
  expect(created.status(), await created.text()).toBe(201);
  made.push(`/api/admin/news/${(await created.json()).id}`);

  await page.getByRole("menuitem", { name: "News Articles" }).click();
  await openEditor(page, first);
  await page.getByLabel("Title", { exact: true }).fill(second);
  await saveEdit(page);

  await openEditor(page, second);
  // Prepared HTML, pasted into the body's HTML source view.
  await page.getByRole("button", { name: "HTML source" }).click();
  await page.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Patients slept much better after the second week.</p>");
  await saveEdit(page);

  await openEditor(page, second);
  await page.getByRole("button", { name: `Version history of ${second}` }).click();
  await expect(page.getByRole("dialog", { name: `Version history: ${second}` })).toBeVisible();
  // The drawer's title follows the article's (a restore changes it).
  const drawer = page.getByRole("dialog", { name: /^Version history: / });
  const versions = drawer.getByTestId("version-item");
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText("Version 3");
  await expect(versions.nth(0)).toContainText("Current");
  await expect(versions.nth(0)).toContainText("Changed: Content");
  await expect(versions.nth(0)).toContainText("by admin");
  await expect(versions.nth(1)).toContainText("Changed: Title");
  await expect(versions.nth(2)).toContainText("Version 1");
  await expect(versions.nth(2)).toContainText("Created");
  await expect(versions.nth(2).locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);

  // What restoring version 1 changes: the words it brings back are inserted, those it drops deleted.
  await versions.nth(2).click();
  await expect(versions.nth(2)).toHaveAttribute("aria-pressed", "true");
  const comparison = drawer.getByTestId("version-comparison");
  await expect(comparison.getByRole("heading", { name: "What restoring version 1 changes" })).toBeVisible();
  const title = comparison.getByTestId("version-diff-title");
  await expect(title.locator("ins")).toHaveText("added: notes");
  await expect(title.locator("del")).toHaveText("removed: findings");
  const content = comparison.getByTestId("version-diff-content");
  await expect(content).toContainText("<p>Patients slept");
  await expect(content.locator("del").filter({ hasText: "much" })).toHaveCount(1);
  await expect(content.locator("del").filter({ hasText: "second" })).toHaveCount(1);
  await expect(content.locator("ins").filter({ hasText: "first" })).toHaveCount(1);
  await expectAccessible(page, ".ant-drawer-section");

  await comparison.getByRole("button", { name: "Restore version 1" }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "Restore version 1?" });
  await expect(confirm).toContainText("The current text stays in the history");
  await confirm.getByRole("button", { name: "Restore" }).click();
  await toast(page, "Version 1 restored");

  // The restore is the newest version, and the editor behind the drawer holds the first text again.
  await expect(versions).toHaveCount(4);
  await expect(versions.nth(0)).toContainText("Version 4");
  await expect(versions.nth(0)).toContainText("Restored version 1");
  await expect(versions.nth(0)).toContainText("Current");
  await expect(drawer).toHaveAccessibleName(`Version history: ${first}`);
  await drawer.getByRole("button", { name: "Close version history" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(first);
  await page.getByRole("button", { name: "HTML source" }).click();
  await expect(page.getByRole("textbox", { name: "Content", exact: true })).toHaveValue(
    "<p>Patients slept better after the first week.</p>",
  );
});

test("a website content item: edit it in place, restore its first text from History", async ({ page }) => {
  const pageName = `e2e-versions-${unique()}`;
  await openAdmin(page, "/dashboard");
  const created = await api(page.request, "POST", "/api/admin/content", {
    page: pageName,
    section: "intro",
    key: "line",
    content: "Welcome to our calm clinic.",
  });
  expect(created.status(), await created.text()).toBe(201);
  made.push(`/api/admin/content/${(await created.json()).id}`);
  await page.getByRole("menuitem", { name: "Website Content" }).click();
  await page.getByRole("tab", { name: pageName }).click();
  const item = page.locator(`[data-testid="content-item"][data-key="${pageName}/intro/line"]`);
  await item.getByRole("button", { name: /^Edit / }).click();
  await item.getByLabel("Content", { exact: true }).fill("Welcome to our busy clinic.");
  await item.getByRole("button", { name: "Save Changes" }).click();
  await toast(page, "Content updated successfully");
  await expect(item.getByTestId("content-preview")).toHaveText("Welcome to our busy clinic.");

  // History is open while the item is being edited again: the form shows the restored text.
  await item.getByRole("button", { name: /^Edit / }).click();
  await item.getByRole("button", { name: /^Version history of / }).click();
  const drawer = page.getByRole("dialog", { name: /^Version history: / });
  const versions = drawer.getByTestId("version-item");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Changed: Content");
  await versions.nth(1).click();
  const diff = drawer.getByTestId("version-diff-content");
  await expect(diff.locator("ins")).toHaveText("added: calm");
  await expect(diff.locator("del")).toHaveText("removed: busy");
  await drawer.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("dialog").filter({ hasText: "Restore version 1?" }).getByRole("button", { name: "Restore" }).click();
  await toast(page, "Version 1 restored");
  await expect(versions.nth(0)).toContainText("Restored version 1");
  await drawer.getByRole("button", { name: "Close version history" }).click();
  await expect(item.getByLabel("Content", { exact: true })).toHaveValue("Welcome to our calm clinic.");
  await expect(item.getByTestId("content-preview")).toHaveText("Welcome to our calm clinic.");
});
