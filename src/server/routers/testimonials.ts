import { idParam } from "../../shared/schemas/fields";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import {
  createTestimonial,
  deleteTestimonial,
  listAllTestimonials,
  listVisibleTestimonials,
  updateTestimonial,
} from "../services/testimonials";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { uploadImageProcedure } from "./uploads";

export const testimonialsRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleTestimonials(ctx.deps.db)),
  adminList: staffProcedure.query(({ ctx }) => listAllTestimonials(ctx.deps.db)),
  create: staffProcedure
    .meta({ activity: { action: "create", resource: "testimonial" } })
    .input(testimonialInput)
    .mutation(({ ctx, input }) => createTestimonial(ctx.deps.db, input)),
  update: staffProcedure
    .meta({ activity: { action: "update", resource: "testimonial" } })
    .input(testimonialUpdateInput)
    .mutation(({ ctx, input }) => updateTestimonial(ctx.deps.db, input)),
  delete: staffProcedure
    .meta({ activity: { action: "delete", resource: "testimonial" } })
    .input(idParam)
    .mutation(({ ctx, input }) => deleteTestimonial(ctx.deps.db, input.id)),
  uploadImage: uploadImageProcedure,
});
