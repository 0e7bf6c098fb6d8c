import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import * as testimonials from "../services/testimonials";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

export const testimonialsRouter = router({
  list: publicProcedure.query(({ ctx }) => testimonials.listVisibleTestimonials(ctx.deps.db)),
  adminList: staffProcedure.query(({ ctx }) => testimonials.listAllTestimonials(ctx.deps.db)),
  ...recordWrites(
    staffProcedure,
    { create: testimonialInput, update: testimonialUpdateInput },
    { create: testimonials.createTestimonial, update: testimonials.updateTestimonial, delete: testimonials.deleteTestimonial },
  ),
  uploadImage: uploadImageProcedure,
});
