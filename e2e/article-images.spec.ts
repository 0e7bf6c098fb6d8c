import type { Request } from "@playwright/test";
import { photoJpeg } from "../tests/setup/photo";
import { api, signInByApi } from "./admin-fixtures";
import { E2E_BASE_URL } from "./env";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * A picture in a news article's body (src/shared/article-pictures.ts) reaches a reader as its variants:
 * the browser picks, from the body's srcset and sizes, a file of its screen's width, and never fetches
 * the 2,400-pixel original. The article and its picture are this spec's own (staff make them through the
 * REST mirror in a context of their own; the page reads as an anonymous visitor). Its publication date
 * is long past, so it comes last in the lists the news specs read.
 */
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const alt = `Morning light over the treatment room ${stamp}`;

test("a picture in an article's body downloads a variant of the screen's width, never the original @phone", async ({
  page,
  request,
}, testInfo) => {
  await signInByApi(request);
  // The same bytes in both projects are stored once: the second upload answers the first's address.
  const photo = await photoJpeg(2400, 1600);
  const uploaded = await request.post("/api/admin/team/upload-image", {
    multipart: { image: { name: `body-picture-${stamp}.jpg`, mimeType: "image/jpeg", buffer: photo } },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  const slug = `body-picture-${stamp}-${testInfo.project.name}`;
  const created = await api(request, "POST", "/api/admin/news", {
    title: `Light in the body ${stamp} ${testInfo.project.name}`,
    slug,
    summary: "An article with a large picture in its body.",
    content: `<p>A picture of the morning.</p><img src="${imageUrl}" alt="${alt}" width="2400" height="1600"><p>The end.</p>`,
    isPublished: true,
    publishedAt: "2001-01-01T09:00:00.000Z",
  });
  expect(created.status(), await created.text()).toBe(201);
  const articleId = ((await created.json()) as { id: number }).id;

  try {
    // Every request for this upload or any of its variants, and its answer's size.
    const hash = /^\/uploads\/([a-f0-9]{32})\.jpg$/.exec(imageUrl)![1]!;
    const fetched = new Map<string, Request>();
    page.on("request", (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path.includes(hash)) fetched.set(path, sent);
    });

    await page.goto(`/news/${slug}`);
    await waitForHydration(page);
    const picture = page.getByTestId("article-body").getByRole("img", { name: alt });
    await expect(picture).toHaveAttribute("srcset", /-640w\.jpg 640w/);
    await picture.scrollIntoViewIfNeeded();
    // The variant may still be in the one image queue behind other specs' photos (made in the background): room for that.
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 })
      .toBe(true);

    const shown = new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    const variant = /-(\d+)w\.webp$/.exec(shown);
    expect(variant, `a WebP variant, not ${shown}`).not.toBeNull();
    if (testInfo.project.name === "phone") {
      // 320 CSS pixels of column at the phone's pixel ratio: under 1,000 pixels, not the 2,400 of the original.
      expect(Number(variant![1])).toBeLessThanOrEqual(960);
    }
    const answer = await fetched.get(shown)?.response();
    expect(answer?.status()).toBe(200);
    const bytes = (await answer!.body()).length;
    expect(bytes, `${shown}: ${bytes} bytes`).toBeLessThan(150 * 1024);
    // The original was never asked for; only the one file the page shows was.
    expect([...fetched.keys()]).toEqual([shown]);
    expect(fetched.has(imageUrl)).toBe(false);
  } finally {
    await api(request, "DELETE", `/api/admin/news/${articleId}`);
  }
});
