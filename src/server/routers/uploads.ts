import { z } from "zod";
import { jsonOrForm } from "../../shared/schemas/fields";
import { pageOf } from "../../shared/schemas/answers";
import { uploadAnswer, uploadedImageAnswer } from "../../shared/schemas/uploads";
import { uploadListInput } from "../../shared/schemas/uploads";
import type { OperationTag } from "../rest/operations";
import { actorOf } from "../services/activity";
import { listUploads, uploadImage, UPLOAD_MESSAGES } from "../services/uploads";
import type { Permission } from "../../shared/permissions";
import { permitted, router } from "../trpc";
import { door } from "./doors";

/** Multipart field `image` -> { imageUrl, width, height } (testimonial and team photo uploads). */
export const uploadImageInput = jsonOrForm(
  z.object({
    image: z.custom<File>((value) => typeof File !== "undefined" && value instanceof File, UPLOAD_MESSAGES.notImage),
  }),
);

/** A photo upload: of a record's form (testimonials, team), with its REST door at `path`, or of the news body's editor (no door). */
/** An image upload: the media library's (media.manage), or a record's photo (that record's edit permission). */
export const uploadImageProcedure = (permission: Permission, door?: { path: string; tag: OperationTag }) =>
  permitted(permission)
    .meta(
      door
        ? {
            rest: {
              method: "post",
              path: door.path,
              tag: door.tag,
              summary: "Upload a photo",
              description:
                "Decided by its bytes (SVG refused), re-encoded (EXIF and GPS dropped) and measured. Use the answer's " +
                "imageUrl in the record.",
              multipart: "only",
              answer: { status: 201, description: "The stored image." },
            },
          }
        : {},
    )
    .input(uploadImageInput)
    .output(uploadedImageAnswer)
    .mutation(async ({ ctx, input }) => {
      const stored = await uploadImage(ctx.deps.db, actorOf(ctx), input.image);
      return { imageUrl: stored.url, width: stored.width, height: stored.height };
    });

export const uploadsRouter = router({
  /** "Upload new image" in the media picker of the news body's editor. */
  upload: uploadImageProcedure("media.manage"),
  /** GET /api/admin/uploads: the uploaded images for the media picker (staff), newest first, searchable, paged. */
  list: permitted("media.manage")
    .meta(
      door("get", "Uploads", "/admin/uploads", "Uploaded images", "One page of uploads.", {
        description: "The uploaded images, newest first, a page at a time: `q` matches the file name or the alt text.",
        reply: "page",
        answer: { schema: z.array(uploadAnswer), headers: ["X-Total-Count", "Link"] },
      }),
    )
    .input(uploadListInput)
    .output(pageOf(uploadAnswer))
    .query(({ ctx, input }) => listUploads(ctx.deps.db, input)),
});
