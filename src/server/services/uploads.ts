import { MAX_IMAGE_BYTES } from "../../shared/schemas/uploads";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import sharp, { type OutputInfo } from "sharp";
import { storedNameOf, UPLOAD_CONTENT_TYPES, UPLOAD_NAME, type UploadExtension, type UploadSize } from "../../shared/image-variants";
import type { UploadListInput } from "../../shared/schemas/uploads";
import type { Database } from "../db/client";
import { newsArticles, services, uploadedImages, websiteImages } from "../db/schema";
import { errors, isMissingReference } from "../errors";
import { logTaskError } from "../log";
import { recordChange, type Actor } from "./activity";
import { ensureVariants, findVariant } from "./image-variants";
import { imageTask } from "./image-work";
import { escapeLike } from "./inquiry-desk";
import { readPage } from "./paging";

/**
 * Image uploads (docs/security.md, Uploads): images only, decided by their bytes (never the file name
 * or the declared type); at most 10 MB; SVG refused; re-encoded, which drops EXIF and GPS data;
 * measured; stored in the database (so every instance serves them), named after the start of their
 * SHA-256 (the same image is stored once, and a name never changes what it serves), and served from
 * /uploads with the real content type, immutable. Its responsive variants are made in the background
 * once it is stored (src/server/services/image-variants.ts). The image work runs one task at a time
 * (src/server/services/image-work.ts), so uploads at once wait their turn rather than add up in memory.
 */
export { MAX_IMAGE_BYTES };
/** Larger photos are scaled down to this many pixels on their longest side. */
const MAX_DIMENSION = 2560;
/** Refuses decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 60_000_000;

export const UPLOAD_MESSAGES = {
  notImage: "Invalid file type: Please select an image file (PNG, JPG, GIF, etc.)",
  svg: "Invalid file type: SVG images are not accepted. Please select a PNG, JPG, GIF or WebP image.",
  tooLarge: "File too large: Please select an image smaller than 10MB",
} as const;

export interface StoredImage {
  /** Site path of the stored file, e.g. /uploads/3f9c…e1.webp */
  url: string;
  width: number;
  height: number;
  contentType: string;
  bytes: number;
}

type OutputFormat = "jpeg" | "png" | "webp" | "gif";

const INPUT_FORMATS: Record<string, OutputFormat> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  avif: "webp",
  heif: "webp",
  tiff: "webp",
};

const EXTENSIONS: Record<OutputFormat, UploadExtension> = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif" };

/** Validates, re-encodes and stores one uploaded image; `isNew` says whether these bytes were not stored before. */
export async function storeImage(db: Database, file: File): Promise<StoredImage & { isNew: boolean }> {
  if (file.size > MAX_IMAGE_BYTES) throw errors.payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  if (input.length === 0) throw errors.unsupportedMediaType(UPLOAD_MESSAGES.notImage);
  if (looksLikeSvg(input)) throw errors.unsupportedMediaType(UPLOAD_MESSAGES.svg);

  let format: OutputFormat | undefined;
  let animated = false;
  try {
    const metadata = await imageTask(() => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
    if (metadata.format === "svg") throw errors.unsupportedMediaType(UPLOAD_MESSAGES.svg);
    format = metadata.format ? INPUT_FORMATS[metadata.format] : undefined;
    animated = (metadata.pages ?? 1) > 1 && format === "gif";
  } catch (error) {
    if (error instanceof Error && error.name === "TRPCError") throw error;
    throw errors.unsupportedMediaType(UPLOAD_MESSAGES.notImage);
  }
  if (!format) throw errors.unsupportedMediaType(UPLOAD_MESSAGES.notImage);

  let output: { data: Buffer; info: OutputInfo };
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true });
    if (format === "jpeg") pipeline = pipeline.jpeg({ quality: 84, mozjpeg: true });
    else if (format === "png") pipeline = pipeline.png({ compressionLevel: 8 });
    else if (format === "webp") pipeline = pipeline.webp({ quality: 82 });
    else pipeline = pipeline.gif();
    output = await imageTask(() => pipeline.toBuffer({ resolveWithObject: true }));
  } catch {
    throw errors.unsupportedMediaType(UPLOAD_MESSAGES.notImage);
  }

  const sha256 = createHash("sha256").update(output.data).digest("hex");
  const name = `${sha256.slice(0, 32)}.${EXTENSIONS[format]}`;
  const width = output.info.width;
  const height = animated ? (output.info.pageHeight ?? output.info.height) : output.info.height;
  const contentType = UPLOAD_CONTENT_TYPES[EXTENSIONS[format]];
  const inserted = await db
    .insert(uploadedImages)
    .values({
      name,
      sha256,
      contentType,
      size: output.data.length,
      width,
      height,
      data: output.data,
      fileName: uploadedFileName(file.name),
    })
    .onConflictDoNothing()
    .returning({ name: uploadedImages.name });
  // The variants are derived, made in the background after the upload (one image task at a time): an
  // upload neither waits nor fails for them, and a request for one before it is made makes it (findVariant).
  // An upload deleted before its variants were made leaves nothing to make them for: not an error.
  void ensureVariants(db, name).catch((error) => {
    if (!isMissingReference(error)) logTaskError("image-variants", error);
  });
  return { url: `/uploads/${name}`, width, height, contentType, bytes: output.data.length, isNew: inserted.length > 0 };
}

/** An image uploaded on its own (a team or testimonial photo), before the record it is for is saved. */
export async function uploadImage(db: Database, actor: Actor, file: File): Promise<StoredImage> {
  const stored = await storeImage(db, file);
  await recordChange(db, actor, {
    action: "create",
    resourceType: "upload",
    resourceId: null,
    label: stored.url.slice("/uploads/".length),
  });
  return stored;
}

/** Removes an image stored for a record that could not then be saved (only one stored by that same try). */
export async function removeStoredImage(db: Database, url: string | null | undefined): Promise<void> {
  const name = url?.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
  if (!name || !UPLOAD_NAME.test(name)) return;
  await db.delete(uploadedImages).where(eq(uploadedImages.name, name));
}

/** Runs `save` with a freshly stored image URL and removes the image again if saving fails (and it was new). */
export async function withStoredImage<T>(
  db: Database,
  file: File | undefined,
  save: (stored: StoredImage | null) => Promise<T>,
): Promise<T> {
  const stored = file ? await storeImage(db, file) : null;
  try {
    return await save(stored);
  } catch (error) {
    if (stored?.isNew) await removeStoredImage(db, stored.url);
    throw error;
  }
}

/** One stored image by its URL name (an upload, or one of its variants: src/shared/image-variants.ts), or null. */
export async function findStoredImage(db: Database, name: string): Promise<{ data: Buffer; contentType: string } | null> {
  if (storedNameOf(name) === null) return null;
  if (!UPLOAD_NAME.test(name)) return findVariant(db, name);
  const [row] = await db
    .select({ data: uploadedImages.data, contentType: uploadedImages.contentType })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, name));
  return row ?? null;
}

/**
 * Images uploaded before they lived in the database (files under DATA_DIR/uploads): imported at start
 * under their old names, so old URLs keep working. Already imported names are left alone; the files
 * stay where they are (delete them once a backup holds the database). Returns how many were imported.
 */
export async function importUploadedFiles(db: Database, uploadsDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(uploadsDir);
  } catch {
    return 0;
  }
  let imported = 0;
  for (const name of names.filter((n) => UPLOAD_NAME.test(n))) {
    const [known] = await db.select({ name: uploadedImages.name }).from(uploadedImages).where(eq(uploadedImages.name, name));
    if (known) continue;
    const data = await readFile(path.join(uploadsDir, name));
    const metadata = await sharp(data)
      .metadata()
      .catch(() => null);
    const inserted = await db
      .insert(uploadedImages)
      .values({
        name,
        sha256: createHash("sha256").update(data).digest("hex"),
        contentType: UPLOAD_CONTENT_TYPES[path.extname(name).slice(1) as UploadExtension],
        size: data.length,
        width: metadata?.width ?? null,
        height: metadata?.pageHeight ?? metadata?.height ?? null,
        data,
      })
      .onConflictDoNothing()
      .returning({ name: uploadedImages.name });
    imported += inserted.length;
  }
  return imported;
}

/** The name of the file as staff chose it (no folders, no control characters), for the media picker; null when there is none. */
function uploadedFileName(name: string): string | null {
  const base = name
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removes the control characters a file name may carry, which is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base ? base.slice(0, 255) : null;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.includes("<!doctype svg");
}

/**
 * The alt text an upload was last given where it is shown (a service, an article thumbnail, a website
 * image), so an image chosen again in the media picker brings its words along; null when none has one.
 */
const lastAltText = sql<string | null>`(
  SELECT used.alt FROM (
    SELECT ${services.imageAlt} AS alt, ${services.updatedAt} AS at FROM ${services} WHERE ${services.imageUrl} = '/uploads/' || ${uploadedImages.name}
    UNION ALL
    SELECT ${newsArticles.thumbnailAlt}, ${newsArticles.updatedAt} FROM ${newsArticles} WHERE ${newsArticles.thumbnailUrl} = '/uploads/' || ${uploadedImages.name}
    UNION ALL
    SELECT ${websiteImages.altText}, ${websiteImages.updatedAt} FROM ${websiteImages} WHERE ${websiteImages.imageUrl} = '/uploads/' || ${uploadedImages.name}
  ) AS used WHERE coalesce(used.alt, '') <> '' ORDER BY used.at DESC LIMIT 1
)`;

/** The uploaded images (not their variants), newest first, a page at a time; `q` matches the file name or the alt text. */
export async function listUploads(db: Database, input: UploadListInput) {
  const pattern = input.q ? `%${escapeLike(input.q)}%` : null;
  const where = pattern
    ? or(ilike(uploadedImages.fileName, pattern), ilike(uploadedImages.name, pattern), sql`${lastAltText} ILIKE ${pattern}`)
    : undefined;
  const page = await readPage(
    db,
    input,
    db
      .select({
        name: uploadedImages.name,
        fileName: uploadedImages.fileName,
        altText: lastAltText,
        contentType: uploadedImages.contentType,
        size: uploadedImages.size,
        width: uploadedImages.width,
        height: uploadedImages.height,
        createdAt: uploadedImages.createdAt,
      })
      .from(uploadedImages)
      .where(where)
      .orderBy(desc(uploadedImages.createdAt), desc(uploadedImages.name)),
    uploadedImages,
    where,
  );
  return { ...page, items: page.items.map((row) => ({ ...row, url: `/uploads/${row.name}` })) };
}

/**
 * The public reads' join to the upload a record's image address names ("/uploads/<name>"; a left join,
 * so other addresses give null): the pages take the widths of its variants from its measured size
 * (src/shared/image-variants.ts), read in the same query as the record.
 */
export function uploadAt(address: AnyPgColumn): SQL {
  return sql`${address} LIKE '/uploads/%' AND ${uploadedImages.name} = substring(${address} from 10)`;
}

/** The measured size of the joined upload (null without one). */
export const uploadSize = { width: uploadedImages.width, height: uploadedImages.height };

/**
 * A table's rows, each with `imageSize`: the measured size of the upload its `imageUrl` points at (null
 * when the picture is not an upload). The public reads of services, team members, testimonials and
 * website images, which the pages take their srcset widths from.
 */
export function selectWithImageSize<Table extends PgTable & { imageUrl: AnyPgColumn }>(db: Database, table: Table) {
  return db
    .select({ ...getTableColumns(table), imageSize: uploadSize })
    .from(table as PgTable)
    .leftJoin(uploadedImages, uploadAt(table.imageUrl));
}

/** The measured size of the upload at an address (/uploads/<name>); nothing for any other address. */
export async function measuredUpload(db: Database, address: string): Promise<{ width: number; height: number } | Record<string, never>> {
  const name = address.startsWith("/uploads/") ? address.slice("/uploads/".length) : "";
  if (!UPLOAD_NAME.test(name)) return {};
  const [row] = await db
    .select({ width: uploadedImages.width, height: uploadedImages.height })
    .from(uploadedImages)
    .where(eq(uploadedImages.name, name));
  return row?.width && row.height ? { width: row.width, height: row.height } : {};
}

/** The measured sizes of uploads by stored name (<hash>.<ext>); names that are not stored are left out. */
export async function measuredUploads(db: Database, names: string[]): Promise<Map<string, UploadSize>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: uploadedImages.name, width: uploadedImages.width, height: uploadedImages.height })
    .from(uploadedImages)
    .where(inArray(uploadedImages.name, names));
  return new Map(rows.map((row) => [row.name, { width: row.width, height: row.height }]));
}
