import type { Page } from "@playwright/test";
import sharp from "sharp";
import { api, openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * The news body's "Insert image" (RichTextEditor with MediaPicker's upload): staff upload a new picture
 * from the picker itself, give it its alt text and insert it; the editor draws it fitted to its width,
 * and the public article offers it at its variants. The article and the picture are this spec's own.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) => expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();

test("Insert image uploads a new picture, the editor shows it fitted to its width, the article offers its variants", async ({ page }) => {
  const id = stamp();
  await openAdmin(page, "/dashboard");
  const created = await api(page.request, "POST", "/api/admin/news", {
    title: `Uploaded in the body ${id}`,
    slug: `uploaded-in-body-${id}`,
    summary: "A picture uploaded from the editor.",
    content: "<p>Before the picture.</p>",
    isPublished: true,
    publishedAt: "2001-01-01T09:00:00.000Z",
  });
  expect(created.status(), await created.text()).toBe(201);
  const articleId = ((await created.json()) as { id: number }).id;
  try {
    await page.goto(`/admin/news/edit/${articleId}`);
    const body = page.getByRole("textbox", { name: "Content", exact: true });
    await expect(body).toContainText("Before the picture.");
    await body.click();
    await page.keyboard.press("ControlOrMeta+End");

    // A picture far wider than the editor, of unique colour (a new upload, not one stored before).
    const background = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) };
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background } })
      .jpeg()
      .toBuffer();
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Insert image" }).click();
    const picker = page.getByRole("dialog", { name: "Choose from uploads" });
    await picker.getByLabel("Upload new image").setInputFiles({ name: `body-upload-${id}.jpg`, mimeType: "image/jpeg", buffer: photo });

    // The upload is picked as an earlier one would be: the alt text dialog, then the editor.
    await expect(picker).toBeHidden();
    const altDialog = page.getByRole("dialog", { name: "Insert image" });
    const alt = `A wide picture uploaded from the editor ${id}`;
    await altDialog.getByLabel("Alternative text").fill(alt);
    await altDialog.getByRole("button", { name: "Insert" }).click();
    await expect(altDialog).toBeHidden();
    const inserted = body.getByRole("img", { name: alt });
    await expect(inserted).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.jpg$/);
    await expect(inserted).toHaveAttribute("width", "2400");
    const src = (await inserted.getAttribute("src"))!;

    // Drawn no wider than the editor, in the picture's own shape.
    await expect.poll(() => inserted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 2400)).toBe(true);
    const [pictureBox, editorBox] = [await inserted.boundingBox(), await body.boundingBox()];
    expect(pictureBox!.width).toBeLessThanOrEqual(editorBox!.width);
    expect(pictureBox!.width).toBeGreaterThan(editorBox!.width / 2);
    expect(pictureBox!.height).toBeCloseTo(pictureBox!.width / 2, 0);

    await page.getByRole("button", { name: "Update Article" }).click();
    await toast(page, "Article updated successfully!");
    await page.goto(`/news/uploaded-in-body-${id}`);
    const shown = page.getByTestId("article-body").getByRole("img", { name: alt });
    await expect(shown).toHaveAttribute("src", src);
    await expect(shown).toHaveAttribute("srcset", new RegExp(`${src.replace(".jpg", "")}-640w\\.jpg 640w`));
  } finally {
    await api(page.request, "DELETE", `/api/admin/news/${articleId}`);
  }
});
