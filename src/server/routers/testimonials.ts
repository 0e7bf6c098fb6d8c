import { testimonialAnswer } from "../../shared/schemas/outputs";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import * as testimonials from "../services/testimonials";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { listOf, recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Testimonials";

export const testimonialsRouter = router({
  list: publicProcedure
    .meta({ rest: { method: "get", path: "/testimonials", tag: "Public site", summary: "Visible testimonials", cached: true, answer: { description: "The visible testimonials." } } })
    .output(listOf(testimonialAnswer))
    .query(({ ctx }) => testimonials.listVisibleTestimonials(ctx.deps.db)),
  adminList: staffProcedure
    .meta({ rest: { method: "get", path: "/admin/testimonials", tag, summary: "Testimonials", answer: { description: "Every testimonial, hidden ones too." } } })
    .output(listOf(testimonialAnswer))
    .query(({ ctx }) => testimonials.listAllTestimonials(ctx.deps.db)),
  ...recordWrites(
    staffProcedure,
    { create: testimonialInput, update: testimonialUpdateInput },
    { create: testimonials.createTestimonial, update: testimonials.updateTestimonial, delete: testimonials.deleteTestimonial },
    {
      path: "/admin/testimonials",
      tag,
      output: testimonialAnswer,
      create: { summary: "Create a testimonial", saved: "The saved testimonial." },
      update: { summary: "Update a testimonial", saved: "The saved testimonial." },
      delete: { what: "a testimonial" },
    },
  ),
  uploadImage: uploadImageProcedure({ path: "/admin/testimonials/upload-image", tag }),
});
