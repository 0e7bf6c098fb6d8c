import type { Page } from "@playwright/test";
import sharp from "sharp";
import { api, expectAccessible, openAdmin } from "./admin-fixtures";
import { E2E_BASE_URL } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The media picker (src/client/admin/components/MediaPicker.tsx): an image uploaded before is chosen
 * again for a record, with the alt text it was given, and saved. The records are this spec's own
 * (unique names) and removed again.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let serviceIds: number[] = [];

test.afterEach(async ({ page }) => {
  for (const id of serviceIds) await api(page.request, "DELETE", `/api/admin/services/${id}`);
  serviceIds = [];
});

/** Uploads a picture of its own (unique bytes, so a new upload with this file name) through the REST mirror. */
async function uploadPicture(page: Page, fileName: string): Promise<string> {
  const color = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) };
  const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const res = await page.request.post("/api/admin/team/upload-image", {
    multipart: { image: { name: fileName, mimeType: "image/jpeg", buffer: bytes } },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

async function createService(page: Page, fields: Record<string, string>): Promise<number> {
  const res = await api(page.request, "POST", "/api/admin/services", fields);
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: number }).id;
  serviceIds.push(id);
  return id;
}

test("choose an uploaded image for a service from the media picker: its address and alt text are saved", async ({ page }) => {
  await openAdmin(page, "/dashboard");
  const id = stamp();
  const fileName = `media-e2e-${id}.jpg`;
  const imageUrl = await uploadPicture(page, fileName);
  // The picture is already in use with an alt text (as a service's), which the picker brings along.
  const altText = `Steam over the pool ${id}`;
  await createService(page, {
    title: `E2E Sauna ${id}`,
    slug: `e2e-sauna-${id}`,
    shortDescription: "Warm.",
    description: "A warm room.",
    imageAlt: altText,
    imageUrl,
  });
  const slug = `e2e-cold-${id}`;
  const serviceId = await createService(page, {
    title: `E2E Cold ${id}`,
    slug,
    shortDescription: "Cold.",
    description: "A cold room.",
    imageAlt: "To be replaced",
  });

  await page.goto(`/admin/services/edit/${serviceId}`);
  await page.getByRole("button", { name: "Choose from uploads" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose from uploads" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Search uploads").fill(fileName);
  await dialog.getByLabel("Search uploads").press("Enter");
  const tile = dialog.getByRole("button", { name: `Use ${fileName}` });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText(altText);
  await expect(tile).toContainText("800 × 500 px");
  await expect(dialog.getByRole("button", { name: /^Use / })).toHaveCount(1);
  await expectAccessible(page, ".ant-modal");
  await tile.click();
  await expect(dialog).toBeHidden();

  await expect(page.getByLabel("Image alt text")).toHaveValue(altText);
  await expect(page.getByTestId("image-preview").locator("img")).toHaveAttribute("src", imageUrl);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: "Service updated successfully" }).last()).toBeVisible();

  const saved = (await (await api(page.request, "GET", `/api/admin/services/${serviceId}`)).json()) as {
    imageUrl: string;
    imageAlt: string;
  };
  expect(saved).toMatchObject({ imageUrl, imageAlt: altText });
  // The service's page offers the picture at its variants' widths.
  await page.goto(`/services/${slug}`);
  // Hydrated without a warning (the console guard fails the test on one): the browser renders the same <picture>.
  await waitForHydration(page);
  const hash = /\/uploads\/([a-f0-9]{32})\.jpg$/.exec(imageUrl)![1]!;
  await expect(page.locator(`picture source[type="image/webp"][srcset*="${hash}-320w.webp 320w"]`)).toHaveCount(1);
  // The browser takes the WebP the layout needs: at 1280 px the picture is drawn 540 px wide, so 640w (of 320, 640, 800).
  const picture = page.locator(`img[alt="${altText}"]`);
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(`${E2E_BASE_URL}/uploads/${hash}-640w.webp`);
});
