import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { openAdmin } from "./admin-fixtures";
import { expect, test } from "./fixtures";

/**
 * A photo upload shows its progress (components/UploadProgressBar.tsx, through save.ts's `showsUpload`):
 * a bar with the percentage sent, then "Processing…" while the server re-encodes the photo. The browser's
 * upload is slowed down (Chromium's network emulation: a slow uplink, and a delay before the answer) so
 * a large photo takes a while to send, as it does over a clinic's connection.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A ~8 MB JPEG (noise does not compress), under the 10 MB limit. */
async function largeJpeg(): Promise<Buffer> {
  const width = 3400;
  const height = 2600;
  const bytes = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(bytes.length).toBeGreaterThan(7 * 1024 * 1024);
  expect(bytes.length).toBeLessThan(10 * 1024 * 1024);
  return bytes;
}

test("a large team photo shows its upload progress, then Processing…, then the photo", async ({ page }) => {
  const photo = await largeJpeg();
  await openAdmin(page, "/team");
  await page.getByRole("button", { name: "Add Team Member" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Team Member" });
  await expect(dialog).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  // About 2 MB a second up (a few seconds for the photo), and 1.5 s before the answer comes back.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 1500,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });

  await dialog.getByLabel("Photo").setInputFiles({ name: `progress-${stamp()}.jpg`, mimeType: "image/jpeg", buffer: photo });
  const bar = dialog.getByRole("progressbar", { name: "Image upload progress" });
  // Part of the photo sent, not all of it: the bar and its text say how much.
  await expect(bar).toHaveAttribute("aria-valuenow", /^[1-9]\d?$/);
  await expect(dialog.getByText(/^Uploading image… [1-9]\d?%$/)).toBeVisible();
  await expect(dialog.getByText("Processing…")).toBeVisible({ timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(dialog.getByTestId("upload-progress")).toBeHidden({ timeout: 30_000 });
  const preview = dialog.getByTestId("image-preview").locator("img");
  await expect(preview).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{32}\.jpg$/);
  // The upload stored the photo (the team member itself is not saved: Cancel, Discard).
  const url = (await preview.getAttribute("src"))!;
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toBeHidden();
});
