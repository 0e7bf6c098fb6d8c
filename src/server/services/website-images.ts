import { and, asc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { websiteImageUpdateInput } from "../../shared/schemas/images";
import type { Database } from "../db/client";
import { websiteImages } from "../db/schema";
import { imagePlace } from "../../shared/site-places";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";
import { measuredUpload, selectWithImageSize, withStoredImage } from "./uploads";

/** Website images (edit only: the set of slots is fixed by the seed). */
export const IMAGE_NOT_FOUND = "Image not found";

const ordering = [asc(websiteImages.page), asc(websiteImages.section), asc(websiteImages.sortOrder), asc(websiteImages.id)];

export function listAllImages(db: Database, page?: string) {
  return db
    .select()
    .from(websiteImages)
    .where(page ? eq(websiteImages.page, page) : undefined)
    .orderBy(...ordering);
}

/** Public read: visible images of a page (and section), each with the measured size of its upload (the pages' srcset). */
export function listVisibleImages(db: Database, page: string, section?: string) {
  const filters: SQL[] = [eq(websiteImages.page, page), eq(websiteImages.isVisible, true)];
  if (section) filters.push(eq(websiteImages.section, section));
  return selectWithImageSize(db, websiteImages)
    .where(and(...filters))
    .orderBy(...ordering);
}

/**
 * A new file, or an earlier upload chosen by its address, replaces the image and its measured size
 * (any other address takes the given size); without either the given fields change.
 */
export async function updateWebsiteImage(db: Database, actor: Actor, input: z.output<typeof websiteImageUpdateInput>) {
  const { id, image, imageUrl, ...fields } = input;
  const [current] = await db.select({ id: websiteImages.id }).from(websiteImages).where(eq(websiteImages.id, id));
  if (!current) throw errors.notFound(IMAGE_NOT_FOUND);
  const picked = !image && imageUrl ? { imageUrl, ...(await measuredUpload(db, imageUrl)) } : {};
  const row = await withStoredImage(db, image, async (stored) => {
    const [saved] = await db
      .update(websiteImages)
      .set({
        ...fields,
        ...(stored ? { imageUrl: stored.url, width: stored.width, height: stored.height } : picked),
        updatedAt: new Date(),
      })
      .where(eq(websiteImages.id, id))
      .returning();
    if (!saved) throw errors.notFound(IMAGE_NOT_FOUND);
    return saved;
  });
  await recordChange(db, actor, {
    action: "update",
    resourceType: "website_image",
    resourceId: row.id,
    label: imagePlace(row),
    details: image ? { newFile: true } : imageUrl ? { newImage: imageUrl } : undefined,
  });
  return row;
}
