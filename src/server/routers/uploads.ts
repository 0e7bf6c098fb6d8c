import { z } from "zod";
import { jsonOrForm } from "../../shared/schemas/fields";
import { staffProcedure } from "../trpc";
import { storeImage, UPLOAD_MESSAGES } from "../services/uploads";

/** Multipart field `image` -> { imageUrl, width, height } (testimonial and team photo uploads). */
export const uploadImageInput = jsonOrForm(
  z.object({
    image: z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, UPLOAD_MESSAGES.notImage),
  }),
);

export const uploadImageProcedure = staffProcedure
  .meta({ activity: { action: "create", resource: "upload" } })
  .input(uploadImageInput)
  .mutation(async ({ ctx, input }) => {
    const stored = await storeImage(ctx.deps.db, input.image);
    return { imageUrl: stored.url, width: stored.width, height: stored.height };
  });
