import { z } from "zod";
import { endsLikeVariant } from "../image-variants";
import { formBoolean, formInteger, jsonOrForm, langField, optionalFile, optionalImageUrl, optionalText, recordId } from "./fields";
import { inLanguage, nullableText, recordAnswer, recordTimes, uploadSize } from "./answers";

/** Website image edit form (admin-portal.md: image edit). There is no create or delete. */
export const websiteImageFields = z.object({
  altText: optionalText(255, "Alt text must be 255 characters or less"),
  seoFilename: optionalText(255, "SEO filename must be 255 characters or less")
    .refine(
      (value) => value === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value),
      "SEO filename can only contain lowercase letters, numbers and single hyphens",
    )
    .refine((value) => value === null || !endsLikeVariant(value), "SEO filename cannot end in a width such as -640w"),
  // Absent keeps the stored value; a new image file is measured instead.
  width: formInteger(undefined, "Width must be a number").refine(
    (v) => v == null || (v > 0 && v <= 20000),
    "Width must be between 1 and 20000",
  ),
  height: formInteger(undefined, "Height must be a number").refine(
    (v) => v == null || (v > 0 && v <= 20000),
    "Height must be between 1 and 20000",
  ),
  isVisible: formBoolean(true),
});

/**
 * A new picture: an uploaded file, or the address of one uploaded before (the media picker's choice);
 * a file wins, and either is measured by the server. Absent or blank keeps the current picture.
 */
export const websiteImageUpdateInput = jsonOrForm(
  websiteImageFields.extend({
    id: recordId,
    image: optionalFile,
    imageUrl: optionalImageUrl(1024, "Image must be a valid URL").transform((value) => value ?? undefined),
  }),
);

/** GET /api/images?page=&section=: the visible images of a page. */
export const imagesQuery = z.object({
  page: z.string().trim().min(1).max(100),
  section: z.string().trim().max(100).optional(),
  ...langField,
});

/** seoFilename suggestion from a chosen file name: lowercase, runs of non-alphanumerics become one hyphen, extension dropped. */
export function seoFilenameFromFileName(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const websiteImageAnswer = recordAnswer({
  page: z.string(),
  section: z.string(),
  key: z.string(),
  imageUrl: z.string(),
  altText: nullableText,
  seoFilename: nullableText,
  width: z.int().nullable(),
  height: z.int().nullable(),
  imageSize: uploadSize,
  isVisible: z.boolean(),
  sortOrder: z.int(),
  ...recordTimes,
  ...inLanguage,
}).meta({ id: "WebsiteImage", description: "An image slot of a page (the home hero background, for one)." });
