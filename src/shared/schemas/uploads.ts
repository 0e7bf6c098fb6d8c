import { z } from "zod";
import { wholeNumber } from "./fields";

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
