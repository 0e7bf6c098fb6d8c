import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { errors } from "../errors";

/**
 * Image uploads (DESIGN.md security rules): images only, decided by their bytes (never the file name
 * or the declared type); at most 10 MB; SVG refused; re-encoded, which drops EXIF and GPS data;
 * measured; stored under a generated name and served from /uploads with the real content type.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Larger photos are scaled down to this many pixels on their longest side. */
const MAX_DIMENSION = 2560;
/** Refuses decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 60_000_000;

export const UPLOAD_MESSAGES = {
  notImage: "Invalid file type: Please select an image file (PNG, JPG, GIF, etc.)",
  svg: "Invalid file type: SVG images are not accepted. Please select a PNG, JPG, GIF or WebP image.",
  tooLarge: "File too large: Please select an image smaller than 10MB",
} as const;

export const UPLOAD_CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
};

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

const EXTENSIONS: Record<OutputFormat, string> = { jpeg: ".jpg", png: ".png", webp: ".webp", gif: ".gif" };

/** Validates, re-encodes and stores one uploaded image. */
export async function storeImage(uploadsDir: string, file: File): Promise<StoredImage> {
  if (file.size > MAX_IMAGE_BYTES) throw errors.payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
  const input = Buffer.from(await file.arrayBuffer());
  if (input.length === 0) throw errors.unsupportedMediaType(UPLOAD_MESSAGES.notImage);
  if (looksLikeSvg(input)) throw errors.unsupportedMediaType(UPLOAD_MESSAGES.svg);

  let format: OutputFormat | undefined;
  let animated = false;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
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
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw errors.unsupportedMediaType(UPLOAD_MESSAGES.notImage);
  }

  const name = `${randomBytes(16).toString("hex")}${EXTENSIONS[format]}`;
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(path.join(uploadsDir, name), output.data, { mode: 0o644 });
  return {
    url: `/uploads/${name}`,
    width: output.info.width,
    height: animated ? (output.info.pageHeight ?? output.info.height) : output.info.height,
    contentType: UPLOAD_CONTENT_TYPES[EXTENSIONS[format]]!,
    bytes: output.data.length,
  };
}

/** Removes a file this server stored (used when the record it was for could not be saved). */
export async function removeStoredImage(uploadsDir: string, url: string | null | undefined): Promise<void> {
  const name = url?.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
  if (!name || !/^[a-f0-9]{32}\.(jpg|png|webp|gif)$/.test(name)) return;
  await rm(path.join(uploadsDir, name), { force: true });
}

/** Runs `save` with a freshly stored image URL and removes the file again if saving fails. */
export async function withStoredImage<T>(
  uploadsDir: string,
  file: File | undefined,
  save: (stored: StoredImage | null) => Promise<T>,
): Promise<T> {
  const stored = file ? await storeImage(uploadsDir, file) : null;
  try {
    return await save(stored);
  } catch (error) {
    if (stored) await removeStoredImage(uploadsDir, stored.url);
    throw error;
  }
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || head.includes("<!doctype svg");
}
