import { z } from "zod";
import { jsonOrForm, optionalFile, optionalImageUrl, recordId, requiredText, SLUG_PATTERN } from "./fields";

/** Service form (admin-portal.md section 5); the same rules for multipart and JSON callers. */
export const SERVICE_MESSAGES = {
  title: "Title is required",
  shortDescription: "Short description is required",
  description: "Description is required",
  imageAlt: "Image alt text is required",
  slug: "URL slug is required",
  slugPattern: "Slug must contain only lowercase letters, numbers, and hyphens",
} as const;

export const serviceFields = z.object({
  title: requiredText(SERVICE_MESSAGES.title, 255, "Title must be 255 characters or less"),
  shortDescription: requiredText(SERVICE_MESSAGES.shortDescription, 500, "Short description must be 500 characters or less"),
  description: requiredText(SERVICE_MESSAGES.description),
  imageAlt: requiredText(SERVICE_MESSAGES.imageAlt, 255, "Image alt text must be 255 characters or less"),
  slug: requiredText(SERVICE_MESSAGES.slug, 255, "URL slug must be 255 characters or less").regex(
    SLUG_PATTERN,
    SERVICE_MESSAGES.slugPattern,
  ),
});

/**
 * The picture: an uploaded file, or the address of one uploaded before (the media picker's choice);
 * a file wins. Absent keeps the current picture on an edit; a blank imageUrl removes it.
 */
const servicePicture = { image: optionalFile, imageUrl: optionalImageUrl(1024, "Image must be a valid URL") };

export const serviceInput = jsonOrForm(serviceFields.extend(servicePicture));
export const serviceUpdateInput = jsonOrForm(serviceFields.extend({ id: recordId, ...servicePicture }));

export type ServiceFields = z.input<typeof serviceFields>;
