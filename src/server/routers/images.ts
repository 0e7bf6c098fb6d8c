import { pageFilter } from "../../shared/schemas/content";
import { imagesQuery, websiteImageUpdateInput } from "../../shared/schemas/images";
import { websiteImageAnswer } from "../../shared/schemas/outputs";
import { listAllImages, listVisibleImages, updateWebsiteImage } from "../services/website-images";
import { actorOf } from "../services/activity";
import { inLanguage } from "../services/translated-reads";
import { permitted, publicProcedure, router } from "../trpc";
import { listOf } from "./record-writes";
import { publicRead, read } from "./doors";

const tag = "Website images";

export const imagesRouter = router({
  /** Public: the visible images of a page (the home hero background, for one). */
  list: publicProcedure
    .meta(publicRead("/images", "Visible images of a page", "The page's visible website images (the home hero background, for one)."))
    .input(imagesQuery)
    .output(listOf(websiteImageAnswer))
    .query(async ({ ctx, input }) =>
      inLanguage(ctx.deps.db, "image", await listVisibleImages(ctx.deps.db, input.page, input.section || undefined), input.lang),
    ),
  adminList: permitted("content.edit")
    .meta(read(tag, "/admin/images", "Website images", "Every image slot (of one page, when given)."))
    .input(pageFilter)
    .output(listOf(websiteImageAnswer))
    .query(({ ctx, input }) => listAllImages(ctx.deps.db, input?.page || undefined)),
  update: permitted("content.edit")
    .meta({
      rest: {
        method: "put",
        path: "/admin/images/:id",
        tag,
        summary: "Update a website image",
        description:
          "A new `image` file, or the `imageUrl` of an earlier upload (measured like a file; the file wins), replaces " +
          "the image and its measured size; without either the given fields change.",
        multipart: "also",
        answer: { description: "The saved image slot." },
      },
    })
    .input(websiteImageUpdateInput)
    .output(websiteImageAnswer)
    .mutation(({ ctx, input }) => updateWebsiteImage(ctx.deps.db, actorOf(ctx), input)),
});
