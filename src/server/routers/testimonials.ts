import { testimonialAnswer } from "../../shared/schemas/outputs";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import * as testimonials from "../services/testimonials";
import { permitted, router } from "../trpc";
import { recordLists, recordWrites, type RecordDoors } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Testimonials";
const testimonial: RecordDoors<typeof testimonialAnswer> = {
  path: "/testimonials",
  permission: "testimonials.edit",
  tag,
  output: testimonialAnswer,
  record: "a testimonial",
};

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
  ...recordWrites(permitted("testimonials.edit"), testimonial, {
    inputs: { create: testimonialInput, update: testimonialUpdateInput },
    writers: testimonials.testimonialWriters,
    publishField: "isVisible",
  }),
  uploadImage: uploadImageProcedure("testimonials.edit", { path: "/admin/testimonials/upload-image", tag }),
});
