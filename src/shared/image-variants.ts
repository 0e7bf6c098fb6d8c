/**
 * Uploaded images' addresses and responsive variants: the one place for which sizes and formats of an
 * upload exist and what every file is called. The server makes and serves exactly these
 * (src/server/services/image-variants.ts), the public pages list exactly these in `srcset`
 * (src/client/public/components/SmartImage.tsx), so a page never names a file the server would not
 * answer, and the server never resizes on request.
 *
 * An upload is stored as <hash>.<ext> and served at /uploads/<hash>.<ext>; a website image with an SEO
 * filename shows it at /uploads/<hash>/<seo-filename>.<ext> (image search sees a name that says what
 * the picture is). Its variants have `-<width>w` and a format's extension in place of `.<ext>`, in
 * either form: /uploads/<hash>-640w.webp, /uploads/<hash>/<seo-filename>-640w.jpg.
 */

/** The widths offered below an image's own (phones, tablets, laptops, large and retina screens). */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

export type UploadExtension = "jpg" | "png" | "webp" | "gif";

/** Extension -> the content type /uploads answers with. */
export const UPLOAD_CONTENT_TYPES: Record<UploadExtension, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

/** The measured size of an upload, as the public records carry it (null when not an upload). */
export interface UploadSize {
  width: number | null;
  height: number | null;
}

const HASH = /^[a-f0-9]{32}$/;
/** A stored upload's name: <hash>.<ext> (images imported from files before the database kept theirs, of the same shape). */
export const UPLOAD_NAME = /^([a-f0-9]{32})\.(jpg|png|webp|gif)$/;
const SEO_FILENAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STEM_AND_EXTENSION = /^(.*)\.(jpg|png|webp|gif)$/;
const VARIANT_FILE = /^(.+)-([1-9][0-9]{0,4})w\.(jpg|png|webp)$/;

/**
 * The widths an image is offered at: each listed width narrower than the image, and its own width
 * (never wider: an upscaled file is bigger and no sharper).
 */
export function offeredWidths(width: number): number[] {
  return [...VARIANT_WIDTHS.filter((w) => w < width), width];
}

/**
 * The formats an image is offered in: WebP (smaller; every current browser reads it) and its own for
 * the rest. A GIF stays as it is (its animation would be lost), so it has no variants.
 */
export function offeredFormats(extension: UploadExtension): UploadExtension[] {
  if (extension === "gif") return [];
  return extension === "webp" ? ["webp"] : ["webp", extension];
}

/** Every variant of an upload: each offered width in each offered format, but the original itself. */
export function variantsOf(extension: UploadExtension, width: number): Array<{ width: number; extension: UploadExtension }> {
  return offeredFormats(extension).flatMap((format) =>
    offeredWidths(width)
      .filter((w) => !(w === width && format === extension))
      .map((w) => ({ width: w, extension: format })),
  );
}

/** The stored name of a variant: <hash>-640w.webp. */
export function variantName(hash: string, width: number, extension: UploadExtension): string {
  return `${hash}-${width}w.${extension}`;
}

/** A variant's address from its upload's (stored or SEO-named) address: …/<stem>.jpg -> …/<stem>-640w.webp. */
export function variantAddress(address: string, width: number, extension: UploadExtension): string {
  return address.replace(STEM_AND_EXTENSION, `$1-${width}w.${extension}`);
}

/** A file name that names a variant (<stem>-640w.webp): its stem, width and format; null for any other. */
export function parseVariantFile(file: string): { stem: string; width: number; extension: UploadExtension } | null {
  const match = VARIANT_FILE.exec(file);
  return match ? { stem: match[1]!, width: Number(match[2]), extension: match[3] as UploadExtension } : null;
}

/** Whether a name ends the way a variant's does (-640w): an SEO filename may not, or its image's address would read as a variant's. */
export function endsLikeVariant(name: string): boolean {
  return /-[0-9]+w$/.test(name);
}

/**
 * The address a website image is shown at: under its SEO filename when it is an upload and has one,
 * else its own address (the built-in /images/... pictures keep theirs).
 */
export function servedImageUrl(image: { imageUrl: string; seoFilename?: string | null }): string {
  const stored = image.imageUrl.startsWith("/uploads/") ? UPLOAD_NAME.exec(image.imageUrl.slice("/uploads/".length)) : null;
  if (!stored || !image.seoFilename || !SEO_FILENAME.test(image.seoFilename) || endsLikeVariant(image.seoFilename)) return image.imageUrl;
  return `/uploads/${stored[1]}/${image.seoFilename}.${stored[2]}`;
}

/**
 * The stored name an /uploads/<name> address asks for: an upload (<hash>.jpg) or one of its variants
 * (<hash>-640w.webp); null for anything else. Whether that file exists is the server's question.
 */
export function storedNameOf(name: string): string | null {
  if (UPLOAD_NAME.test(name)) return name;
  const variant = parseVariantFile(name);
  return variant && HASH.test(variant.stem) ? name : null;
}

/** The stored name an /uploads/<hash>/<seo-filename>[-640w].<ext> address stands for, or null when it is not one. */
export function storedImageName(hash: string, file: string): string | null {
  if (!HASH.test(hash)) return null;
  const variant = parseVariantFile(file);
  if (variant && SEO_FILENAME.test(variant.stem)) return variantName(hash, variant.width, variant.extension);
  const named = STEM_AND_EXTENSION.exec(file);
  return named && SEO_FILENAME.test(named[1]!) && !endsLikeVariant(named[1]!) ? `${hash}.${named[2]}` : null;
}

export interface ResponsiveSources {
  /** The WebP candidates (for a <source type="image/webp">). */
  webp: string;
  /** The candidates in the upload's own format, the original last (for the <img>). */
  original: string;
}

/** An upload address as the pages show it (stored or under an SEO filename): its hash and extension. */
const SHOWN_UPLOAD = /^\/uploads\/[a-f0-9]{32}(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?\.(jpg|png|webp|gif)$/;

/**
 * The srcset lists of an uploaded image shown at `address` and measured at `size`, or null when it
 * has none (not an upload, a GIF, or never measured): the page then shows the address alone.
 */
export function responsiveSources(address: string, size: UploadSize | null | undefined): ResponsiveSources | null {
  const match = SHOWN_UPLOAD.exec(address);
  const width = size?.width;
  if (!match || !width) return null;
  const extension = match[1] as UploadExtension;
  if (offeredFormats(extension).length === 0) return null;
  const widths = offeredWidths(width);
  const file = (w: number, format: UploadExtension) => (w === width && format === extension ? address : variantAddress(address, w, format));
  const list = (format: UploadExtension) => widths.map((w) => `${file(w, format)} ${w}w`).join(", ");
  return { webp: list("webp"), original: list(extension) };
}
