import { testimonialAnswer } from "../../shared/schemas/outputs";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import * as testimonials from "../services/testimonials";
import { permitted, router } from "../trpc";
import { recordLists, recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Testimonials";

export const testimonialsRouter = router({
  ...recordLists({
    ...{ path: "/testimonials", tag, output: testimonialAnswer, permission: "testimonials.edit" },
    public: { summary: "Visible testimonials", answer: "The visible testimonials.", read: testimonials.listVisibleTestimonials },
    staff: { summary: "Testimonials", answer: "Every testimonial, hidden ones too.", read: testimonials.listAllTestimonials },
  }),
  ...recordWrites(permitted("testimonials.edit"), {
    inputs: { create: testimonialInput, update: testimonialUpdateInput },
    writers: { create: testimonials.createTestimonial, update: testimonials.updateTestimonial, delete: testimonials.deleteTestimonial },
    ...{ path: "/admin/testimonials", tag, output: testimonialAnswer, record: "a testimonial", publishField: "isVisible" },
  }),
  uploadImage: uploadImageProcedure("testimonials.edit", { path: "/admin/testimonials/upload-image", tag }),
});
