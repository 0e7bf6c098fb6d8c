import { MAX_IMAGE_BYTES } from "../../../shared/schemas/uploads";
import { A } from "../text";

/** The client-side check of a chosen file (admin-portal.md section 5): an image type, under 10 MB. */
export function checkImageFile(file: File): { title: string; text: string } | null {
  if (!file.type.startsWith("image/")) return { title: A.image.invalidTypeTitle, text: A.image.invalidTypeText };
  if (file.size > MAX_IMAGE_BYTES) return { title: A.image.tooLargeTitle, text: A.image.tooLargeText };
  return null;
}
