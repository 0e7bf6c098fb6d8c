import { testimonialAnswer } from "../../shared/schemas/testimonials";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import * as testimonials from "../services/testimonials";
import { router } from "../trpc";
import { recordDoors, recordLists, recordReorder, recordWrites } from "./record-writes";
import { testimonials as orderedTable } from "../db/schema";
import { uploadImageProcedure } from "./uploads";

const tag = "Testimonials";
const testimonial = recordDoors("/testimonials", "testimonials.edit", tag, testimonialAnswer, "a testimonial");

export const testimonialsRouter = router({
  ...recordLists(testimonial, {
    public: {
      summary: "Visible testimonials",
      answer: "The visible testimonials.",
      read: testimonials.listVisibleTestimonials,
      kind: "testimonial",
    },
    staff: { summary: "Testimonials", answer: "Every testimonial, hidden ones too.", read: testimonials.listAllTestimonials },
  }),
  ...recordWrites(testimonial, {
    inputs: { create: testimonialInput, update: testimonialUpdateInput },
    writers: testimonials.testimonialWriters,
    publishField: "isVisible",
  }),
  ...recordReorder(testimonial, orderedTable, testimonials.TESTIMONIAL_ORDER),
  uploadImage: uploadImageProcedure("testimonials.edit", { path: "/admin/testimonials/upload-image", tag }),
});
