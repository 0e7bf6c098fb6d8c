import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import { DEFAULT_BRAND, darkerShade, FAVICON_SIZES, type Brand } from "../../shared/brand";
import type { Database } from "../db/client";
import { appSettings, brandFiles } from "../db/schema";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";
import { imageTask } from "./image-work";
import { looksLikeSvgText, sanitizeSvg } from "./svg-sanitize";

/**
 * The clinic's brand (Settings > Brand, issue 36; docs/admin-portal.md): the logo, the favicon and the
 * accent colour, kept in the "brand" setting (app_settings), their files in brand_files and served at
 * /brand/<name>. A logo is an SVG, sanitized (./svg-sanitize.ts), or a PNG, re-encoded (metadata gone)
 * and scaled to at most 1024 px; a favicon (SVG or PNG) becomes PNGs of 32, 180 (Apple's touch icon, on
 * white: iOS shows transparency as black), 192 and 512 px. A file's name starts with the SHA-256 of its
 * bytes, so it is cached for a year; a replaced one is deleted. Nothing set: the site's own look.
 */

export const BRAND_MESSAGES = {
  notLogo: "Please choose the logo as an SVG or PNG file.",
  notFavicon: "Please choose the favicon as an SVG or PNG file (a square picture of at least 512 x 512 pixels looks best).",
  tooLarge: "File too large: please choose a file smaller than 2 MB.",
  brokenSvg: "This SVG file cannot be read as a picture. Please export it again, or choose a PNG.",
} as const;

const MAX_BRAND_BYTES = 2 * 1024 * 1024;
const MAX_LOGO_SIDE = 1024;
const MAX_INPUT_PIXELS = 40_000_000;

/** What the "brand" setting stores: the accent and the names of the files in use. */
const stored = z.object({
  accentColor: z.string().nullable().default(null),
  logo: z.object({ name: z.string(), width: z.int(), height: z.int() }).nullable().default(null),
  favicon: z.object({ stem: z.string() }).nullable().default(null),
});
type Stored = z.output<typeof stored>;
const NOTHING: Stored = { accentColor: null, logo: null, favicon: null };

const fileUrl = (name: string) => `/brand/${name}`;
const faviconName = (stem: string, size: number) => `${stem}-${size}.png`;

async function readStored(db: Database): Promise<Stored> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "brand"));
  const parsed = row ? stored.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : NOTHING;
}

/** The brand as the pages use it: addresses of the files in use, the accent and its hover shade. */
export async function getBrand(db: Database): Promise<Brand> {
  const brand = await readStored(db);
  if (!brand.accentColor && !brand.logo && !brand.favicon) return DEFAULT_BRAND;
  return {
    accentColor: brand.accentColor,
    accentHover: brand.accentColor ? darkerShade(brand.accentColor) : null,
    logo: brand.logo ? { url: fileUrl(brand.logo.name), width: brand.logo.width, height: brand.logo.height } : null,
    favicon: brand.favicon
      ? {
          icon32: fileUrl(faviconName(brand.favicon.stem, 32)),
          appleTouch: fileUrl(faviconName(brand.favicon.stem, 180)),
          icon192: fileUrl(faviconName(brand.favicon.stem, 192)),
          icon512: fileUrl(faviconName(brand.favicon.stem, 512)),
        }
      : null,
  };
}

/** One file of the brand by its name (/brand/<name>), or null. */
export async function findBrandFile(db: Database, name: string): Promise<{ data: Buffer; contentType: string } | null> {
  if (!/^[a-z0-9-]{1,80}\.(svg|png)$/.test(name)) return null;
  const [row] = await db
    .select({ data: brandFiles.data, contentType: brandFiles.contentType })
    .from(brandFiles)
    .where(eq(brandFiles.name, name));
  return row ?? null;
}

/** The names of the files a stored brand uses. */
function filesOf(brand: Stored): string[] {
  return [
    ...(brand.logo ? [brand.logo.name] : []),
    ...(brand.favicon ? FAVICON_SIZES.map((size) => faviconName(brand.favicon!.stem, size)) : []),
  ];
}

/** Saves the brand setting, deletes the files it no longer uses, and logs what changed. */
async function saveBrand(
  db: Database,
  actor: Actor,
  next: Stored,
  files: Array<{ name: string; contentType: string; data: Buffer }>,
  what: string,
) {
  await db.transaction(async (tx) => {
    const before = await readStored(tx as unknown as Database);
    if (files.length > 0) await tx.insert(brandFiles).values(files).onConflictDoNothing();
    const now = new Date();
    await tx
      .insert(appSettings)
      .values({ key: "brand", value: next, updatedAt: now, updatedBy: actor.adminId })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: now, updatedBy: actor.adminId } });
    const inUse = new Set(filesOf(next));
    const unused = filesOf(before).filter((name) => !inUse.has(name));
    if (unused.length > 0) await tx.delete(brandFiles).where(inArray(brandFiles.name, unused));
    await recordChange(tx as unknown as Database, actor, {
      action: "update",
      resourceType: "settings",
      resourceId: "brand",
      label: what,
      details: { accentColor: next.accentColor, logo: next.logo?.name ?? null, favicon: next.favicon?.stem ?? null },
    });
  });
  return getBrand(db);
}

/** The uploaded file's bytes: at most 2 MB, not empty. */
async function bytesOf(file: File, notWhat: string): Promise<Buffer> {
  if (file.size > MAX_BRAND_BYTES) throw errors.payloadTooLarge(BRAND_MESSAGES.tooLarge);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) throw errors.unsupportedMediaType(notWhat);
  return bytes;
}

/** An SVG upload, sanitized, with its drawn size (sharp renders it: a file it cannot draw is refused). */
async function cleanSvg(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const data = Buffer.from(sanitizeSvg(bytes.toString("utf8")), "utf8");
  try {
    const metadata = await imageTask(() => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
    if (metadata.format !== "svg" || !metadata.width || !metadata.height) throw new Error("not drawn");
    return { data, width: metadata.width, height: metadata.height };
  } catch {
    throw errors.unsupportedMediaType(BRAND_MESSAGES.brokenSvg);
  }
}

/** What an upload is, by its bytes: an SVG, a PNG, or neither. */
async function kindOf(bytes: Buffer): Promise<"svg" | "png" | null> {
  if (looksLikeSvgText(bytes.subarray(0, 4096).toString("utf8"))) return "svg";
  try {
    const metadata = await imageTask(() => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
    return metadata.format === "png" ? "png" : null;
  } catch {
    return null;
  }
}

const hashOf = (data: Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 24);

/** A new logo (SVG sanitized, or PNG re-encoded), shown in the public header at once. */
export async function setLogo(db: Database, actor: Actor, file: File): Promise<Brand> {
  const bytes = await bytesOf(file, BRAND_MESSAGES.notLogo);
  const kind = await kindOf(bytes);
  if (!kind) throw errors.unsupportedMediaType(BRAND_MESSAGES.notLogo);
  let logo: { data: Buffer; width: number; height: number; contentType: string; extension: string };
  if (kind === "svg") {
    logo = { ...(await cleanSvg(bytes)), contentType: "image/svg+xml", extension: "svg" };
  } else {
    try {
      const { data, info } = await imageTask(() =>
        sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .resize({ width: MAX_LOGO_SIDE, height: MAX_LOGO_SIDE, fit: "inside", withoutEnlargement: true })
          .png({ compressionLevel: 9 })
          .toBuffer({ resolveWithObject: true }),
      );
      logo = { data, width: info.width, height: info.height, contentType: "image/png", extension: "png" };
    } catch {
      throw errors.unsupportedMediaType(BRAND_MESSAGES.notLogo);
    }
  }
  const name = `logo-${hashOf(logo.data)}.${logo.extension}`;
  const brand = await readStored(db);
  return saveBrand(
    db,
    actor,
    { ...brand, logo: { name, width: logo.width, height: logo.height } },
    [{ name, contentType: logo.contentType, data: logo.data }],
    "Brand: logo",
  );
}

/** A new favicon: its sizes made from the upload (an SVG sanitized, then drawn at each size). */
export async function setFavicon(db: Database, actor: Actor, file: File): Promise<Brand> {
  const bytes = await bytesOf(file, BRAND_MESSAGES.notFavicon);
  const kind = await kindOf(bytes);
  if (!kind) throw errors.unsupportedMediaType(BRAND_MESSAGES.notFavicon);
  const source = kind === "svg" ? (await cleanSvg(bytes)).data : bytes;
  let sizes: Buffer[];
  try {
    sizes = await Promise.all(
      FAVICON_SIZES.map((size) =>
        imageTask(() => {
          // An SVG is drawn at the size it is wanted (density), so it stays sharp at 512 px.
          let pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, ...(kind === "svg" ? { density: 300 } : {}) }).resize(
            size,
            size,
            {
              fit: "contain",
              background: { r: 255, g: 255, b: 255, alpha: size === 180 ? 1 : 0 },
            },
          );
          if (size === 180) pipeline = pipeline.flatten({ background: "#ffffff" });
          return pipeline.png({ compressionLevel: 9 }).toBuffer();
        }),
      ),
    );
  } catch {
    throw errors.unsupportedMediaType(kind === "svg" ? BRAND_MESSAGES.brokenSvg : BRAND_MESSAGES.notFavicon);
  }
  const stem = `favicon-${hashOf(Buffer.concat(sizes))}`;
  const brand = await readStored(db);
  return saveBrand(
    db,
    actor,
    { ...brand, favicon: { stem } },
    FAVICON_SIZES.map((size, index) => ({ name: faviconName(stem, size), contentType: "image/png", data: sizes[index]! })),
    "Brand: favicon",
  );
}

/** The accent colour (already checked for contrast by its schema), or null for the site's own. */
export async function setAccent(db: Database, actor: Actor, accentColor: string | null): Promise<Brand> {
  const brand = await readStored(db);
  return saveBrand(db, actor, { ...brand, accentColor }, [], "Brand: accent colour");
}

/** Back to the site's own logo or favicon (the file is deleted). */
export async function removeBrandPart(db: Database, actor: Actor, part: "logo" | "favicon"): Promise<Brand> {
  const brand = await readStored(db);
  return saveBrand(db, actor, { ...brand, [part]: null }, [], `Brand: ${part} removed`);
}
