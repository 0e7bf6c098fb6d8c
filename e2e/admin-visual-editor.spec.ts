import type { Page } from "@playwright/test";
import sharp from "sharp";
import { api, openAdmin } from "./admin-fixtures";
import { E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";

/**
 * The news body's visual editor (src/client/admin/components/RichTextEditor.tsx): staff write with the
 * toolbar and insert an uploaded picture through the media picker, and the public article shows what
 * they made; a paste carrying Word markup, a script and an image with an event handler comes out of
 * the editor and the server clean. The article and the picture are this spec's own (unique names).
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) => expect(page.locator(".ant-notification-notice").filter({ hasText: text }).last()).toBeVisible();

let made: string[] = [];
test.afterEach(async ({ page }) => {
  for (const path of made) await api(page.request, "DELETE", path);
  made = [];
});

/** Uploads a picture of its own (unique bytes) through the REST mirror; answers its address. */
async function uploadPicture(page: Page, fileName: string): Promise<string> {
  const background = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) };
  const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const res = await page.request.post("/api/admin/team/upload-image", {
    multipart: { image: { name: fileName, mimeType: "image/jpeg", buffer: bytes } },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

async function updateArticle(page: Page) {
  await page.getByRole("button", { name: "Update Article" }).click();
  await toast(page, "Article updated successfully!");
  await expect(page).toHaveURL(/\/admin\/news$/);
}

test("write an article body with the toolbar, insert an uploaded picture, paste from Word: the public page shows it, clean", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // An alert would mean a pasted handler ran somewhere: fail on one.
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const id = stamp();
  await openAdmin(page, "/dashboard");
  const fileName = `editor-e2e-${id}.jpg`;
  const imageUrl = await uploadPicture(page, fileName);
  const slug = `visual-editor-${id}`;
  const created = await api(page.request, "POST", "/api/admin/news", {
    title: `Visual editor ${id}`,
    slug,
    summary: "An article written in the visual editor.",
    content: "<p>To be replaced.</p>",
    isPublished: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  const articleId = ((await created.json()) as { id: number }).id;
  made.push(`/api/admin/news/${articleId}`);

  await page.goto(`/admin/news/edit/${articleId}`);
  const body = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(body).toContainText("To be replaced.");
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });

  // A paragraph with one word made bold from the toolbar, then a heading.
  await body.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Patients slept ");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("better");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  // Bold is off, and the editor has the focus back, before the next key (a space sent while the
  // button still has the focus would press it instead of reaching the text).
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");
  await expect(body).toBeFocused();
  await page.keyboard.type(" after the first week.");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await page.keyboard.type("Recovery room");
  await expect(body.locator("h2")).toHaveText("Recovery room");

  // A picture from the uploads, with alt text written for this article.
  await toolbar.getByRole("button", { name: "Insert image" }).click();
  const picker = page.getByRole("dialog", { name: "Choose from uploads" });
  await picker.getByLabel("Search uploads").fill(fileName);
  await picker.getByLabel("Search uploads").press("Enter");
  await picker.getByRole("button", { name: `Use ${fileName}` }).click();
  const altDialog = page.getByRole("dialog", { name: "Insert image" });
  const alt = `The quiet recovery room ${id}`;
  await altDialog.getByLabel("Alternative text").fill(alt);
  await altDialog.getByRole("button", { name: "Insert" }).click();
  await expect(altDialog).toBeHidden();
  await expect(body.locator("img")).toHaveAttribute("alt", alt);
  await updateArticle(page);

  await page.goto(`/news/${slug}`);
  const article = page.getByTestId("article-body");
  await expect(article.locator("strong")).toHaveText("better");
  await expect(article.locator("p").first()).toHaveText("Patients slept better after the first week.");
  await expect(article.locator("h2")).toHaveText("Recovery room");
  await expect(article.getByRole("img", { name: alt })).toHaveAttribute("src", imageUrl);

  // A paste from Word carrying a script and a picture with a handler, as the browser hands it over.
  await page.goto(`/admin/news/edit/${articleId}`);
  await expect(body.locator("h2")).toHaveText("Recovery room");
  await body.locator("h2").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  const pasted =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{margin:0in;}</style></head><body lang=EN-US>' +
    "<!--StartFragment--><p class=MsoNormal style='mso-margin-top-alt:auto'><span style='font-size:12.0pt;mso-bidi-font-family:Calibri'>Pasted from <b>Word</b> notes<o:p></o:p></span></p>" +
    `<script>alert(1)</script><img src=x onerror=alert(1)><img src="${imageUrl}" onerror="alert(2)" alt="pasted picture"><!--EndFragment--></body></html>`;
  await body.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData("text/html", html);
    data.setData("text/plain", "Pasted from Word notes");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, pasted);
  await expect(body.locator("p").filter({ hasText: "Pasted from Word notes" })).toHaveCount(1);

  // The HTML source view shows the same value: the paste's markup is already gone there.
  await toolbar.getByRole("button", { name: "HTML source" }).click();
  const source = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(source).toHaveValue(/<p>Pasted from <strong>Word<\/strong> notes<\/p>/);
  const html = await source.inputValue();
  for (const junk of ["mso-", "MsoNormal", "o:p", "<span", "style=", "class=", "<script", "onerror", "alert(", 'src="x"'])
    expect(html).not.toContain(junk);
  // Staff can also type HTML there; the server's sanitiser removes a handler typed by hand.
  await source.press("ControlOrMeta+End");
  await source.pressSequentially(`<p>Typed <img src="${imageUrl}" alt="typed picture" onerror="alert(3)"></p>`);
  await toolbar.getByRole("button", { name: "HTML source" }).click();
  await expect(body.getByRole("img", { name: "typed picture" })).toHaveCount(1);
  await updateArticle(page);

  await page.goto(`/news/${slug}`);
  await expect(article.locator("p").filter({ hasText: "Pasted from Word notes" }).locator("strong")).toHaveText("Word");
  await expect(article.getByRole("img", { name: "pasted picture" })).toHaveAttribute("src", imageUrl);
  await expect(article.getByRole("img", { name: "typed picture" })).toHaveAttribute("src", imageUrl);
  await expect(article.locator("script")).toHaveCount(0);
  await expect(article.locator("[onerror]")).toHaveCount(0);
  const articleHtml = await article.innerHTML();
  for (const junk of ["mso-", "MsoNormal", "o:p", "<span", "style=", "class=", "<!--"]) expect(articleHtml).not.toContain(junk);
  // Nowhere in the page the server sent (the body, the data handed to hydration) is the pasted script.
  expect(await (await page.request.get(`/news/${slug}`)).text()).not.toMatch(/alert\(|onerror/);
  expect(dialogs).toEqual([]);
});
