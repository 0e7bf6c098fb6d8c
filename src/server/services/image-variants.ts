import { eq, inArray } from "drizzle-orm";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import {
  parseVariantFile,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_NAME,
  variantName,
  variantsOf,
  type UploadExtension,
} from "../../shared/image-variants";
import type { Database } from "../db/client";
import { uploadedImages, uploadedImageVariants } from "../db/schema";
import { logTaskError } from "../log";
import { imageTask } from "./image-work";

/**
 * The responsive variants of uploads (which exist and their names: src/shared/image-variants.ts),
 * made by sharp from the stored upload and kept in the database beside it.
 *
 * When: once, in the background after the image is uploaded (storeImage does not wait for them; each
 * variant is one task of the image queue, so an upload waits for one variant at most). Uploads from before this feature get theirs on the
 * first request for one of them, not
 * in a pass at start: that also covers a restore of an older backup, a database another instance
 * migrated, and a variant a later version of the widths list adds; it makes only the images someone
 * looks at, and does not load a 2-core server at every start. One image's variants are made once
 * however many requests ask at the same moment (`making` below); two instances that race store the
 * same bytes, the second insert doing nothing. Nothing else is ever resized: a width or format the
 * list does not give answers 404 without sharp being called.
 */

/** Encoder settings per format: visually close to the upload at a fraction of its bytes. */
function encode(pipeline: Sharp, extension: UploadExtension): Sharp {
  if (extension === "webp") return pipeline.webp({ quality: 78 });
  if (extension === "jpg") return pipeline.jpeg({ quality: 80, mozjpeg: true });
  return pipeline.png({ compressionLevel: 9 });
}

/** Runs in progress, by upload name: concurrent requests for one image's variants wait for one run. */
const making = new Map<string, Promise<void>>();
/** Uploads whose variants sharp could not make (a damaged file): not tried again on every request. */
const unmakeable = new Set<string>();

/** Makes and stores the variants an upload lacks (all of them for a new upload). Concurrent calls share one run. */
export function ensureVariants(db: Database, uploadName: string): Promise<void> {
  const running = making.get(uploadName);
  if (running) return running;
  const run = makeMissingVariants(db, uploadName).finally(() => making.delete(uploadName));
  making.set(uploadName, run);
  return run;
}

/**
 * Resolves once every variant run started so far has finished. The image queue alone cannot say so: a
 * run awaits the database between its image tasks, when the queue is empty (tests read the rows then).
 */
export async function variantsSettled(): Promise<void> {
  while (making.size > 0) await Promise.allSettled([...making.values()]);
}

async function makeMissingVariants(db: Database, uploadName: string): Promise<void> {
  const stored = UPLOAD_NAME.exec(uploadName);
  if (!stored || unmakeable.has(uploadName)) return;
  const [upload] = await db
    .select({ data: uploadedImages.data, width: uploadedImages.width })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, uploadName));
  if (!upload?.width) return;
  const [, hash, extension] = stored as unknown as [string, string, UploadExtension];
  const wanted = variantsOf(extension, upload.width).map((variant) => ({
    ...variant,
    name: variantName(hash, variant.width, variant.extension),
  }));
  if (wanted.length === 0) return;
  const present = new Set(
    (
      await db
        .select({ name: uploadedImageVariants.name })
        .from(uploadedImageVariants)
        .where(eq(uploadedImageVariants.uploadName, uploadName))
    ).map((row) => row.name),
  );
  const missing = wanted.filter((variant) => !present.has(variant.name));
  // One at a time, each its own image task: a 2560-pixel photo's 11 variants take about 2 s on this 2-core machine, and the server has
  // other work.
  for (const variant of missing) {
    let made: { data: Buffer; info: OutputInfo };
    try {
      made = await imageTask(() =>
        encode(sharp(upload.data).resize({ width: variant.width }), variant.extension).toBuffer({ resolveWithObject: true }),
      );
    } catch (error) {
      unmakeable.add(uploadName);
      logTaskError("image-variants", error);
      return;
    }
    await db
      .insert(uploadedImageVariants)
      .values({
        name: variant.name,
        uploadName,
        contentType: UPLOAD_CONTENT_TYPES[variant.extension],
        size: made.data.length,
        width: made.info.width,
        height: made.info.height,
        data: made.data,
      })
      .onConflictDoNothing();
  }
}

/**
 * A variant by its stored name (<hash>-640w.webp), made first if its upload is one from before the
 * variants and the list gives that width and format for it; null when the list does not.
 */
export async function findVariant(db: Database, name: string): Promise<{ data: Buffer; contentType: string } | null> {
  const read = async () => {
    const [row] = await db
      .select({ data: uploadedImageVariants.data, contentType: uploadedImageVariants.contentType })
      .from(uploadedImageVariants)
      .where(eq(uploadedImageVariants.name, name));
    return row ?? null;
  };
  const found = await read();
  if (found) return found;
  const variant = parseVariantFile(name);
  if (!variant) return null;
  const candidates = (Object.keys(UPLOAD_CONTENT_TYPES) as UploadExtension[]).map((extension) => `${variant.stem}.${extension}`);
  const [upload] = await db
    .select({ name: uploadedImages.name, width: uploadedImages.width })
    .from(uploadedImages)
    .where(inArray(uploadedImages.name, candidates));
  if (!upload?.width) return null;
  const extension = UPLOAD_NAME.exec(upload.name)![2] as UploadExtension;
  if (!variantsOf(extension, upload.width).some((v) => v.width === variant.width && v.extension === variant.extension)) return null;
  await ensureVariants(db, upload.name);
  return read();
}
