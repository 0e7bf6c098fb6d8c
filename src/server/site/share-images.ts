import { readFileSync } from "node:fs";
import path from "node:path";
import type { Context as HonoContext } from "hono";
import sharp from "sharp";
import type { AppDeps } from "../deps";
import { SHARE_IMAGE_SIZE } from "../../shared/share-image";
import { errors, HTTP_MESSAGES } from "../errors";
import { respondImage } from "../http/image-answers";
import { getPublishedArticleBySlug } from "../services/news";
import { getServiceBySlug } from "../services/services";
import { findStoredImage } from "../services/uploads";
import { imageTask } from "../services/image-work";

/**
 * Share previews (Open Graph, X): X and Facebook show PNG or JPEG, not the SVG pictures of the seeded
 * services and articles. `GET /share/services/<slug>.png` and `/share/news/<slug>.png` answer a
 * 1200 x 630 PNG made once by sharp from the page's picture (its centre, covering the frame; SVG,
 * uploaded or built-in alike), or the site's default share image when the page has no picture of its
 * own. Kept in the image cache under the picture's address, so a new picture makes a new preview.
 */
export const DEFAULT_SHARE_IMAGE = "/images/og-default.png";
const SHARE_PATH = /^\/share\/(services|news)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.png$/;

/** A 1200 x 630 PNG of a picture: scaled to cover the frame, cropped around its centre, on white. */
export async function makeShareImage(source: Buffer): Promise<Buffer> {
  return imageTask(() =>
    sharp(source, { density: 150 })
      .resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: "cover", position: "centre" })
      .flatten({ background: "#ffffff" })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

/**
 * Answers a share image. `readStatic` gives the bytes of a built-in picture (/images/...), or nothing
 * when the client build is not there. An unknown page answers 404; a picture that cannot be read or
 * made into a PNG falls back to the default share image.
 */
export async function serveShareImage(c: HonoContext, deps: AppDeps, readStatic: (path: string) => Buffer | undefined) {
  const match = SHARE_PATH.exec(c.req.path);
  if (!match) throw errors.notFound(HTTP_MESSAGES.notFound);
  const kind = match[1] === "services" ? "services" : "news";
  const slug = match[2]!;
  const picture =
    kind === "services" ? (await getServiceBySlug(deps.db, slug)).imageUrl : (await getPublishedArticleBySlug(deps.db, slug)).thumbnailUrl;
  const source = picture ? await pictureBytes(deps, picture, readStatic) : undefined;
  const key = source ? `share:${picture}` : `share:${DEFAULT_SHARE_IMAGE}`;
  const entry = await deps.imageCache.getOrCreate(key, async () => {
    const fallback = readStatic(DEFAULT_SHARE_IMAGE);
    if (!source) {
      if (!fallback) throw errors.notFound(HTTP_MESSAGES.notFound);
      return { body: fallback, contentType: "image/png" };
    }
    try {
      return { body: await makeShareImage(source), contentType: "image/png" };
    } catch {
      if (!fallback) throw errors.notFound(HTTP_MESSAGES.notFound);
      return { body: fallback, contentType: "image/png" };
    }
  });
  return respondImage(c, entry, "public, max-age=86400");
}

/** The bytes of a page's picture: an upload (from the database) or a built-in image; none for an outside address. */
async function pictureBytes(deps: AppDeps, url: string, readStatic: (path: string) => Buffer | undefined) {
  if (url.startsWith("/uploads/")) return (await findStoredImage(deps.db, url.slice("/uploads/".length)))?.data;
  if (url.startsWith("/") && !url.startsWith("//")) return readStatic(url.split("?")[0]!);
  return undefined;
}

/** A built-in picture from the client's source folder (public/), for the dev server and the tests, which have no build. */
export function readSourcePicture(root: string, urlPath: string): Buffer | undefined {
  if (!urlPath.startsWith("/images/")) return undefined;
  const full = path.resolve(root, `.${path.posix.normalize(urlPath)}`);
  if (!full.startsWith(path.resolve(root) + path.sep)) return undefined;
  try {
    return readFileSync(full);
  } catch {
    return undefined;
  }
}
