import { z } from "zod";
import { wholeNumber } from "./fields";
import { count, nullableText, timestamp } from "./answers";

/** The largest image staff may upload: 10 MB (the portal checks a chosen file, the server checks it again). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** GET /api/admin/uploads?q=&page=&pageSize=: the uploaded images, newest first, for the media picker. */
export const UPLOAD_PAGE_SIZE = 24;

export const uploadListInput = z
  .object({
    /** Part of a file name or an alt text (case-insensitive). */
    q: z.string({ error: "Search must be text" }).trim().max(200, "Search must be 200 characters or less").optional(),
    page: wholeNumber(1, 1_000_000, "Page must be a whole number from 1").default(1),
    pageSize: wholeNumber(1, 100, "Page size must be a whole number from 1 to 100").default(UPLOAD_PAGE_SIZE),
  })
  .default({ page: 1, pageSize: UPLOAD_PAGE_SIZE });

export type UploadListInput = z.output<typeof uploadListInput>;

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const uploadAnswer = z
  .object({
    url: z.string().describe("Its address: /uploads/<name>"),
    name: z.string().describe("The stored name: <hash>.<ext>"),
    fileName: nullableText.describe("The name of the file staff uploaded (null for images from before it was kept)"),
    altText: nullableText.describe("The alt text it was last given where it is shown (a service, an article thumbnail, a website image)"),
    contentType: z.string(),
    size: count.describe("Bytes"),
    width: z.int().nullable(),
    height: z.int().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Upload", description: "An uploaded image (its responsive variants are not listed)." });

export const uploadedImageAnswer = z
  .object({ imageUrl: z.string().describe("Site path of the stored image, /uploads/..."), width: z.int(), height: z.int() })
  .meta({ id: "UploadedImage", description: "An uploaded image, re-encoded and measured." });
