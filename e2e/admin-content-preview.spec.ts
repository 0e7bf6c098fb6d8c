import type { Page } from "@playwright/test";
import { api, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * Website Content for staff (issue 22, item 6): the texts listed by page under plain labels, the keys
 * only under Advanced, and a text edited in place with a live preview of its page beside it that shows
 * the words as they are typed, before Save; after Save the public page shows them. The seeded text the
 * test edits (the home page's closing call to action) is put back afterwards.
 */
const toast = (page: Page, text: string) => expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();

type Row = Record<string, unknown> & { id: number; section: string; key: string; content: string };
let restore: Row | null = null;
test.afterEach(async ({ page }) => {
  if (restore) await api(page.request, "PUT", `/api/admin/content/${restore.id}`, restore);
  restore = null;
});

test("edit a call-to-action text through the Website Content screen's live preview", async ({ page }) => {
  test.setTimeout(90_000);
  await openAdmin(page, "/content");
  const rows = (await (await api(page.request, "GET", "/api/admin/content?page=home")).json()) as Row[];
  const stored = rows.find((row) => row.section === "cta" && row.key === "title")!;
  expect(stored.content).toBe("Ready to Start Your Wellness Journey?");
  restore = stored;

  const item = page.locator('[data-testid="content-item"][data-key="home/cta/title"]');
  await expect(item.getByTestId("content-place")).toHaveText("Home: invitation to book at the bottom, heading");
  // Keys and sections are for Advanced only.
  await expect(item).not.toContainText("Key:");
  await page.getByRole("switch", { name: "Advanced" }).click();
  await expect(item).toContainText("Key: title");
  await expect(item).toContainText("Section: cta");
  await page.getByRole("switch", { name: "Advanced" }).click();
  await expect(item).not.toContainText("Key:");

  // A click on the text opens it for editing, with the home page beside it.
  await item.getByTestId("content-preview").click();
  const preview = page.getByTestId("content-live-preview");
  await expect(preview.locator("iframe")).toHaveAttribute("data-ready", "true");
  const frame = preview.frameLocator("iframe");
  await expect(frame.locator("#home-cta-title")).toHaveText("Ready to Start Your Wellness Journey?");

  const words = `Your calmer days start here ${Date.now().toString(36)}`;
  await item.getByLabel("Content", { exact: true }).fill(words);
  // The preview shows the words before they are saved; visitors still see the saved text.
  await expect(frame.locator("#home-cta-title")).toHaveText(words);
  expect(await (await page.request.get("/")).text()).not.toContain(words);

  await item.getByRole("button", { name: "Save Changes" }).click();
  await toast(page, "Content updated successfully");
  await expect(preview).toHaveCount(0);
  await expect(item.getByTestId("content-preview")).toHaveText(words);

  await page.goto("/");
  await expect(page.locator("#home-cta-title")).toHaveText(words);
});

test("a page's share text: the search-result preview shows it as typed, and after Save the page's head carries it", async ({ page }) => {
  test.setTimeout(90_000);
  await openAdmin(page, "/content");
  const rows = (await (await api(page.request, "GET", "/api/admin/content?page=news")).json()) as Row[];
  const stored = rows.find((row) => row.section === "share" && row.key === "description")!;
  restore = stored;

  const item = page.locator('[data-testid="content-item"][data-key="news/share/description"]');
  await expect(item.getByTestId("content-place")).toHaveText("News: page description in search results and shared links");
  await item.getByTestId("content-preview").click();
  // No page frame (the words show nowhere on the page): a search result, with the page's saved title.
  const preview = page.getByTestId("content-share-preview");
  await expect(preview.getByTestId("share-preview-title")).toHaveText("Latest News & Updates");
  await expect(preview.getByTestId("share-preview-description")).toHaveText(stored.content);
  await expect(page.getByTestId("content-live-preview")).toHaveCount(0);

  const words = `Clinic news from Millcreek, written for patients ${Date.now().toString(36)}`;
  await item.getByLabel("Content", { exact: true }).fill(words);
  await expect(preview.getByTestId("share-preview-description")).toHaveText(words);
  await item.getByRole("button", { name: "Save Changes" }).click();
  await toast(page, "Content updated successfully");

  await page.goto("/news");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", words);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", words);
});
