import { z } from "zod";
import { jsonOrForm } from "../../shared/schemas/fields";
import { uploadListInput } from "../../shared/schemas/uploads";
import { router, staffProcedure } from "../trpc";
import { actorOf } from "../services/activity";
import { listUploads, uploadImage, UPLOAD_MESSAGES } from "../services/uploads";

/** Multipart field `image` -> { imageUrl, width, height } (testimonial and team photo uploads). */
export const uploadImageInput = jsonOrForm(
  z.object({
    image: z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, UPLOAD_MESSAGES.notImage),
  }),
);

export const uploadImageProcedure = staffProcedure
  .input(uploadImageInput)
  .mutation(async ({ ctx, input }) => {
    const stored = await uploadImage(ctx.deps.db, actorOf(ctx), input.image);
    return { imageUrl: stored.url, width: stored.width, height: stored.height };
  });

export const uploadsRouter = router({
  /** GET /api/admin/uploads: the uploaded images for the media picker (staff), newest first, searchable, paged. */
  list: staffProcedure.input(uploadListInput).query(({ ctx, input }) => listUploads(ctx.deps.db, input)),
});
