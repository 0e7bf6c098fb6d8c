import type { Page } from "@playwright/test";
import sharp from "sharp";
import { api, openAdmin, replaceProcedureData } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The content screens of the admin portal (admin-portal.md sections 2, 4, 5, 7 and 8): services (list
 * and editor) and news (list and article editor), each checked against what staff see in the portal
 * and what visitors then see on the public site. The contact form submissions (the inquiry desk) have
 * their own spec, admin-inquiries.spec.ts.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A real PNG (the server refuses anything that is not an image by its bytes). */
async function pngFile(name: string, color = { r: 14, g: 90, b: 97 }) {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const toast = (page: Page) => page.locator(".ant-notification-notice");
const fileInput = (page: Page) => page.locator('input[type="file"]');
const localPreview = (page: Page) => page.locator('img[src^="blob:"]').first();

test.describe("services", () => {
  test("create with an image, see it on the website, edit it, delete it", async ({ page, consoleGuard }) => {
    test.setTimeout(90_000);
    const id = unique();
    const title = `Cryotherapy Session ${id}`;
    const slug = `cryotherapy-session-${id}`;

    await openAdmin(page, "/services");
    await expect(page.getByRole("heading", { level: 2, name: "Services" })).toBeVisible();
    await expect(page.getByTestId("service-card").first()).toBeVisible();
    await page.getByRole("button", { name: "Add New Service" }).first().click();
    await expect(page).toHaveURL(/\/admin\/services\/new$/);
    await expect(page.getByRole("heading", { name: "Add New Service" })).toBeVisible();

    // The slug follows the title of a new service while staff have not typed one.
    await page.getByLabel("Title", { exact: true }).fill(title);
    await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(slug);
    // The slug rule, at its field, with the spec's message.
    await page.getByLabel("URL slug", { exact: true }).fill("Cryo Session!");
    await expect(page.getByText("Slug must contain only lowercase letters, numbers, and hyphens")).toBeVisible();
    await page.getByRole("button", { name: "Generate slug from title" }).click();
    await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(slug);
    await expect(page.getByText("Slug must contain only lowercase letters, numbers, and hyphens")).toBeHidden();

    await page.getByLabel("Short description", { exact: true }).fill("Whole-body cold therapy to ease inflammation.");
    await page.getByLabel("Full description", { exact: true }).fill(`First paragraph ${id}.\n\nSecond paragraph about recovery.`);
    await page.getByLabel("Image alt text", { exact: true }).fill("A cryotherapy chamber");
    await fileInput(page).setInputFiles(await pngFile("cryo.png"));
    await expect(localPreview(page)).toBeVisible();
    await expect(page.getByText("cryo.png")).toBeVisible();
    // The preview reads like the public page: the paragraphs split at the blank line.
    const preview = page.getByTestId("service-preview");
    await expect(preview.getByText(`First paragraph ${id}.`)).toBeVisible();
    await expect(preview.getByText("Second paragraph about recovery.")).toBeVisible();

    await page.getByRole("button", { name: "Create Service" }).click();
    await expect(toast(page).getByText("Service created successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/services$/);
    const card = page.getByTestId("service-card").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("service-slug")).toHaveText(`/services/${slug}`);
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(card.getByRole("link", { name: /View/ })).toHaveAttribute("href", `/services/${slug}`);
    await expect(card.getByRole("link", { name: /View/ })).toHaveAttribute("target", "_blank");

    // Visitors see it.
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/services/${slug}`);
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);

    // Edit: the form holds the saved values; the change reaches the website.
    await card.getByRole("button", { name: /Edit/ }).click();
    await expect(page).toHaveURL(/\/admin\/services\/edit\/\d+$/);
    await expect(page.getByRole("heading", { name: "Edit Service" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(slug);
    await expect(page.getByTestId("image-preview").locator("img")).toHaveAttribute("src", /^\/uploads\//);
    // Editing the title of an existing service leaves its address alone.
    await page.getByLabel("Title", { exact: true }).fill(`${title} Plus`);
    await expect(page.getByLabel("URL slug", { exact: true })).toHaveValue(slug);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page).getByText("Service updated successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/services$/);
    await publicPage.reload();
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(`${title} Plus`);

    // Delete, after the confirmation dialog.
    const updatedCard = page.getByTestId("service-card").filter({ hasText: `${title} Plus` });
    await updatedCard.getByRole("button", { name: /Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Service" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`"${title} Plus"`);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page).getByText("Service deleted successfully")).toBeVisible();
    await expect(updatedCard).toHaveCount(0);

    // A deleted service's address is gone (410, issue 39), with the not-found page.
    consoleGuard.allow(/Failed to load resource.*(404|410)/);
    await publicPage.reload();
    await expect(publicPage.getByText("Service Not Found").first()).toBeVisible();
    await publicPage.close();
  });

  test("the editor checks every field with the spec's messages, shows a duplicate slug at its field and guards unsaved work", async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(60_000);
    await openAdmin(page, "/services/new");
    await page.getByRole("button", { name: "Create Service" }).click();
    await expect(toast(page).getByText("Please correct the highlighted fields.")).toBeVisible();
    for (const message of [
      "Title is required",
      "URL slug is required",
      "Short description is required",
      "Description is required",
      "Image alt text is required",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    // A slug that is taken: the server's 409 message, at the slug field and in the toast.
    consoleGuard.allow(/status of 409/);
    await page.getByLabel("Title", { exact: true }).fill("Ozone Therapy Copy");
    await page.getByLabel("URL slug", { exact: true }).fill("ozone-therapy");
    await page.getByLabel("Short description", { exact: true }).fill("A copy.");
    await page.getByLabel("Full description", { exact: true }).fill("A copy of a service.");
    await page.getByLabel("Image alt text", { exact: true }).fill("Ozone");
    await page.getByRole("button", { name: "Create Service" }).click();
    const conflict = toast(page).filter({ hasText: "A service with this URL slug already exists" });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText("Failed to create service");
    await expect(page.locator(".ant-form-item-explain-error", { hasText: "A service with this URL slug already exists" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/services\/new$/);

    // Leaving with unsaved changes asks first; "No" stays, "Yes" leaves.
    await page.getByRole("button", { name: "Back to Services" }).click();
    const ask = page.getByRole("dialog").filter({ hasText: "You have unsaved changes" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "No" }).click();
    await expect(page).toHaveURL(/\/admin\/services\/new$/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").filter({ hasText: "You have unsaved changes" }).getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/admin\/services$/);
  });

  test("a service that cannot be loaded says so; an empty list offers the first service", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource.*404/);
    await openAdmin(page, "/services/edit/987654");
    await expect(toast(page).getByText("Failed to load service data")).toBeVisible();
    await expect(page.getByRole("button", { name: "Back to Services" })).toBeVisible();

    await page.route(/\/trpc\/[^?]*services\.adminList/, (route) => replaceProcedureData(route, "services.adminList", []));
    await page.getByRole("button", { name: "Back to Services" }).click();
    await expect(page.getByText("No services yet")).toBeVisible();
    await page.getByRole("button", { name: "Add New Service" }).last().click();
    await expect(page).toHaveURL(/\/admin\/services\/new$/);
  });
});

test.describe("news", () => {
  test("write an article through all four tabs, see it published, edit it, delete it", async ({ page, consoleGuard }) => {
    test.setTimeout(90_000);
    const id = unique();
    const title = `Ozone and Recovery: Notes ${id}`;
    const slug = `ozone-and-recovery-notes-${id}`;
    const summary =
      `A ${id} look at ozone therapy research: ${"what the studies measured, how patients felt and what remains uncertain. ".repeat(3)}`.trim();
    expect(summary.length).toBeGreaterThan(160);

    await openAdmin(page, "/news");
    await expect(page.getByRole("heading", { level: 2, name: "News Articles" })).toBeVisible();
    await page.getByRole("button", { name: "Create Article" }).click();
    await expect(page).toHaveURL(/\/admin\/news\/new$/);
    await expect(page.getByRole("heading", { name: "Create News Article" })).toBeVisible();
    for (const tab of ["Content", "Thumbnail", "SEO & Metadata", "Publishing"])
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();

    // Content: the slug is generated from the title, and again on request.
    await page.getByLabel("Title", { exact: true }).fill(title);
    await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slug);
    await page.getByLabel("Slug", { exact: true }).fill("");
    await page.getByRole("button", { name: "Generate slug from title" }).click();
    await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slug);
    await page.getByLabel("Summary", { exact: true }).fill(summary);
    const contentItem = page.locator(".ant-form-item").filter({ has: page.getByRole("textbox", { name: "Content", exact: true }) });
    // Content is marked required while there is no external URL, and not once there is one.
    await expect(contentItem.locator(".ant-form-item-required")).toHaveCount(1);
    await page.getByLabel("External URL", { exact: true }).fill("https://example.org/study");
    await expect(contentItem.locator(".ant-form-item-required")).toHaveCount(0);
    await page.getByLabel("External URL", { exact: true }).fill("not a url");
    await expect(page.getByText("Must be a valid URL")).toBeVisible();
    await page.getByLabel("External URL", { exact: true }).fill("");
    await page.getByRole("textbox", { name: "Content", exact: true }).fill(`Body of the article ${id}.`);

    // Thumbnail: refused files get the spec's toasts; a picked image replaces the URL field with a preview.
    await page.getByRole("tab", { name: "Thumbnail" }).click();
    await expect(page.getByLabel("Thumbnail URL", { exact: true })).toBeVisible();
    await fileInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(toast(page).getByText("Invalid file type")).toBeVisible();
    await expect(toast(page).getByText("Please select an image file (PNG, JPG, GIF, etc.)")).toBeVisible();
    // 10 MB + 1 byte, made in the page (sending it through the test driver takes seconds).
    await fileInput(page).evaluate((input: HTMLInputElement) => {
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
      input.files = files.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await expect(toast(page).getByText("File too large")).toBeVisible();
    await expect(toast(page).getByText("Please select an image smaller than 10MB")).toBeVisible();
    await fileInput(page).setInputFiles(await pngFile("thumb.png"));
    await expect(localPreview(page)).toBeVisible();
    await expect(page.getByLabel("Thumbnail URL", { exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Remove" }).click();
    await expect(page.locator('img[src^="blob:"]')).toHaveCount(0);
    await expect(page.getByLabel("Thumbnail URL", { exact: true })).toBeVisible();
    // A thumbnail address that does not load shows the placeholder.
    consoleGuard.allow(/Failed to load resource.*404/);
    await page.getByLabel("Thumbnail URL", { exact: true }).fill("/uploads/missing-thumbnail.png");
    await expect(page.getByTestId("thumbnail-url-preview")).toHaveAttribute("src", "/images/placeholder.svg");
    await page.getByLabel("Thumbnail URL", { exact: true }).fill("");
    await fileInput(page).setInputFiles(await pngFile("thumb.png", { r: 224, g: 184, b: 114 }));
    await expect(localPreview(page)).toBeVisible();
    await page.getByLabel("Thumbnail alt text", { exact: true }).fill("Ozone study illustration");

    // SEO & Metadata: Use Article Title and Use Summary (cut to 157 characters plus "..."), with counters.
    await page.getByRole("tab", { name: "SEO & Metadata" }).click();
    await expect(page.getByTestId("meta-title-counter")).toHaveText("0 characters (recommended 50-60)");
    await page.getByRole("button", { name: "Use Article Title" }).click();
    await expect(page.getByLabel("Meta title", { exact: true })).toHaveValue(title);
    await expect(page.getByTestId("meta-title-counter")).toHaveText(`${title.length} characters (recommended 50-60)`);
    await page.getByRole("button", { name: "Use Summary" }).click();
    await expect(page.getByLabel("Meta description", { exact: true })).toHaveValue(`${summary.slice(0, 157)}...`);
    await expect(page.getByTestId("meta-description-counter")).toHaveText("160 characters (recommended 150-160)");
    // Only an empty meta title is filled.
    await page.getByLabel("Meta title", { exact: true }).fill("My own meta title");
    await page.getByRole("button", { name: "Use Article Title" }).click();
    await expect(page.getByLabel("Meta title", { exact: true })).toHaveValue("My own meta title");
    await page.getByLabel("Tags", { exact: true }).fill("ozone, research");

    // Publishing: the date picker shows "January 5, 2026 9:30 AM" and offers 30-minute slots.
    await page.getByRole("tab", { name: "Publishing" }).click();
    const date = page.getByLabel("Publication date", { exact: true });
    await expect(date).toHaveValue(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);
    await date.click();
    const minutes = page.locator(".ant-picker-time-panel-column").nth(1).locator(".ant-picker-time-panel-cell-inner");
    await expect(minutes).toHaveText(["00", "30"]);
    await page.keyboard.press("Escape");
    await page.getByRole("switch", { name: "Published" }).click();
    await expect(page.getByRole("switch", { name: "Published" })).toBeChecked();

    await page.getByRole("button", { name: "Save Article" }).click();
    await expect(toast(page).getByText("Article created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/news$/);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Self-Published");
    await expect(row).toContainText("Published");
    await expect(row.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // Visitors see it in the list and on its own page, with the uploaded thumbnail.
    const visitor = await page.context().newPage();
    await visitor.goto("/news");
    await expect(visitor.getByTestId("news-card").filter({ hasText: title })).toBeVisible();
    await visitor.goto(`/news/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.getByText(`Body of the article ${id}.`)).toBeVisible();
    await expect(visitor.locator(`img[src^="/uploads/"]`).first()).toBeVisible();

    // Edit: the editor loads the saved values; the change reaches the website.
    await row.getByRole("button", { name: `Edit "${title}"` }).click();
    await expect(page).toHaveURL(/\/admin\/news\/edit\/\d+$/);
    await expect(page.getByRole("heading", { name: "Edit News Article" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await page.getByRole("tab", { name: "SEO & Metadata" }).click();
    await expect(page.getByLabel("Meta title", { exact: true })).toHaveValue("My own meta title");
    await page.getByRole("tab", { name: "Content" }).click();
    await page.getByLabel("Title", { exact: true }).fill(`${title} (updated)`);
    await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slug);
    await page.getByRole("button", { name: "Update Article" }).click();
    await expect(toast(page).getByText("Article updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/news$/);
    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${title} (updated)`);

    // Delete through the "Delete Article" dialog.
    const updatedRow = page.getByRole("row").filter({ hasText: `${title} (updated)` });
    await updatedRow.getByRole("button", { name: `Delete "${title} (updated)"` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Article" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Are you sure you want to delete "${title} (updated)"?`);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page).getByText(`Article "${title} (updated)" has been deleted.`)).toBeVisible();
    await expect(updatedRow).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await visitor.close();
  });

  test("the list finds drafts by title, sorts, refreshes, and the editor checks its fields", async ({ page }) => {
    const id = unique();
    const title = `Draft on PRP ${id}`;
    const listLoads: string[] = [];
    page.on("request", (request) => {
      if (/\/trpc\/[^?]*news\.adminList/.test(request.url())) listLoads.push(request.url());
    });
    await openAdmin(page, "/news");
    // The first load has finished: the count shows only then. (While it is on its way the table
    // already has a row, antd's empty placeholder, so a visible row proves nothing.)
    await expect(page.getByText(/^\d+ articles?$/)).toBeVisible();
    await expect(page.locator(".ant-table-tbody .ant-table-row").first()).toBeVisible();

    // An article added elsewhere appears on Refresh, and not before: the list is not fetched again on its own.
    const created = await api(page.request, "POST", "/api/admin/news", {
      title,
      slug: `draft-on-prp-${id}`,
      summary: "A draft about platelet-rich plasma.",
    });
    expect(created.status(), await created.text()).toBe(201);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(0);
    expect(listLoads).toHaveLength(1);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(row).toBeVisible();
    expect(listLoads).toHaveLength(2);
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("Not published");

    await page.getByLabel("Search articles", { exact: true }).fill(id);
    await expect(page.locator(".ant-table-tbody .ant-table-row")).toHaveCount(1);
    await page.getByLabel("Search articles", { exact: true }).fill("no article is called this");
    await expect(page.getByText("No articles match your search.")).toBeVisible();
    await page.getByLabel("Search articles", { exact: true }).fill("");

    // Sorting by title.
    await page.getByRole("columnheader", { name: "Title" }).click();
    await expect(page.getByRole("columnheader", { name: "Title" })).toHaveAttribute("aria-sort", "ascending");
    const titles = await page.locator(".ant-table-tbody .ant-table-row td:first-child a").allInnerTexts();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));

    // Editor checks, with the spec's messages; nothing is saved.
    await page.getByRole("button", { name: "Create Article" }).click();
    await page.getByLabel("Title", { exact: true }).fill("Hi");
    await page.getByLabel("Slug", { exact: true }).fill("Hi There");
    await page.getByLabel("Summary", { exact: true }).fill("Too short");
    await page.getByRole("tab", { name: "Publishing" }).click();
    await page.getByRole("button", { name: "Save Article" }).click();
    // The editor opens the tab of the first field to correct.
    await expect(page.getByRole("tab", { name: "Content" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Content" }).locator(".anticon-exclamation-circle")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Publishing" }).locator(".anticon-exclamation-circle")).toHaveCount(0);
    await expect(page.getByText("Title must be at least 3 characters long")).toBeVisible();
    await expect(page.getByText("Slug can only contain lowercase letters, numbers, and hyphens")).toBeVisible();
    await expect(page.getByText("Summary must be at least 10 characters long")).toBeVisible();
    await page.getByLabel("Slug", { exact: true }).fill("hi");
    await expect(page.getByText("Slug must be at least 3 characters long")).toBeVisible();

    // Leaving with unsaved changes asks first.
    await page.getByRole("button", { name: "Cancel" }).click();
    const ask = page.getByRole("dialog").filter({ hasText: "You have unsaved changes" });
    await ask.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/admin\/news$/);

    await api(page.request, "DELETE", `/api/admin/news/${(await created.json()).id}`);
  });

  test("loading and failure states: empty list, an article that cannot be loaded", async ({ page, consoleGuard }) => {
    await page.route(/\/trpc\/[^?]*news\.adminList/, (route) => replaceProcedureData(route, "news.adminList", []));
    await openAdmin(page, "/news");
    await expect(page.getByText("No news articles found")).toBeVisible();
    await page.getByRole("button", { name: "Create Your First Article" }).click();
    await expect(page).toHaveURL(/\/admin\/news\/new$/);
    // A new article is dated now.
    await page.getByRole("tab", { name: "Publishing" }).click();
    await expect(page.getByLabel("Publication date", { exact: true })).toHaveValue(
      new RegExp(`^[A-Z][a-z]+ \\d{1,2}, ${new Date().getFullYear()} `),
    );

    // While an article loads: the spinner text; a missing one: the spec's toast.
    consoleGuard.allow(/Failed to load resource.*404/);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/trpc\/[^?]*news\.byId/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin/news/edit/987654");
    await expect(page.getByText("Loading article data...")).toBeVisible();
    release();
    await expect(toast(page).getByText("Failed to load article data. Please try again.")).toBeVisible();
    await expect(toast(page).getByText("Error", { exact: true })).toBeVisible();

    // The list cannot be loaded: the spec's message.
    consoleGuard.allow(/net::ERR_FAILED/);
    await page.route(/\/trpc\/[^?]*news\.adminList/, (route) => route.abort("failed"));
    await page.goto("/admin/news");
    await expect(toast(page).getByText("Failed to load news articles. Please try again.")).toBeVisible();
    await expect(page.getByRole("main").getByText("Failed to load news articles. Please try again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  });
});

test("on a tablet (820 x 1180) the lists and editors fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await openAdmin(page, "/news");
  const deleteButton = page.getByRole("button", { name: /^Delete "/ }).first();
  await expect(deleteButton).toBeVisible();
  // The actions column stays on screen (no sideways scrolling to reach Delete).
  const box = (await deleteButton.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(820);
  // The type moves under the title when the Type column is dropped.
  await expect(page.getByRole("columnheader", { name: "Type" })).toHaveCount(0);
  await expect(
    page
      .getByRole("row")
      .nth(1)
      .getByText(/^(External|Self-Published)$/),
  ).toBeVisible();

  await page.goto("/admin/news/new");
  const save = page.getByRole("button", { name: "Save Article" });
  await expect(save).toBeInViewport();
  await page.goto("/admin/services/new");
  await expect(page.getByRole("button", { name: "Create Service" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
});
