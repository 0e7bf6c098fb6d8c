import { idParam } from "../../shared/schemas/fields";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import {
  createTestimonial,
  deleteTestimonial,
  listAllTestimonials,
  listVisibleTestimonials,
  updateTestimonial,
} from "../services/testimonials";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { uploadImageProcedure } from "./uploads";

export const testimonialsRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleTestimonials(ctx.deps.db)),
  adminList: staffProcedure.query(({ ctx }) => listAllTestimonials(ctx.deps.db)),
  create: staffProcedure
    .input(testimonialInput)
    .mutation(({ ctx, input }) => createTestimonial(ctx.deps.db, actorOf(ctx), input)),
  update: staffProcedure
    .input(testimonialUpdateInput)
    .mutation(({ ctx, input }) => updateTestimonial(ctx.deps.db, actorOf(ctx), input)),
  delete: staffProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteTestimonial(ctx.deps.db, actorOf(ctx), input.id)),
  uploadImage: uploadImageProcedure,
});
