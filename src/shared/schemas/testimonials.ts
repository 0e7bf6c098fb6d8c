import { z } from "zod";
import { formBoolean, optionalImageUrl, recordId, requiredText } from "./fields";

/** Testimonial rules, checked in this order: name, content, service, rating (admin-portal.md section 5). */
export const TESTIMONIAL_MESSAGES = {
  name: "Name is required",
  content: "Content is required",
  service: "Service is required",
  rating: "Rating must be between 1 and 5",
} as const;

export const testimonialFields = z.object({
  name: requiredText(TESTIMONIAL_MESSAGES.name, 255, "Name must be 255 characters or less"),
  content: requiredText(TESTIMONIAL_MESSAGES.content, 5000, "Content must be 5000 characters or less"),
  service: requiredText(TESTIMONIAL_MESSAGES.service, 255, "Service must be 255 characters or less"),
  rating: z
    .number({ error: TESTIMONIAL_MESSAGES.rating })
    .int(TESTIMONIAL_MESSAGES.rating)
    .min(1, TESTIMONIAL_MESSAGES.rating)
    .max(5, TESTIMONIAL_MESSAGES.rating),
  imageUrl: optionalImageUrl(1024, "Image must be a valid URL"),
  isVisible: formBoolean(true),
});

export const testimonialInput = testimonialFields;
export const testimonialUpdateInput = testimonialFields.extend({ id: recordId });
export type TestimonialFields = z.input<typeof testimonialFields>;
