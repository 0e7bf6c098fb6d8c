import { imagesQuery, websiteImageUpdateInput } from "../../shared/schemas/images";
import { websiteImageAnswer } from "../../shared/schemas/images";
import { listAllImages, listVisibleImages, updateWebsiteImage } from "../services/website-images";
import { actorOf } from "../services/activity";
import { permitted, router } from "../trpc";
import { pageSlotLists, recordDoors } from "./record-writes";
import { door } from "./doors";

const tag = "Website images";
const slot = recordDoors("/images", "content.edit", tag, websiteImageAnswer, "a website image");
const lists = pageSlotLists(slot, "image", imagesQuery, {
  visible: {
    summary: "Visible images of a page",
    answer: "The page's visible website images (the home hero background, for one).",
    read: listVisibleImages,
  },
  all: { summary: "Website images", answer: "Every image slot (of one page, when given).", read: listAllImages },
});

export const imagesRouter = router({
  /** Public: the visible images of a page (the home hero background, for one). */
  list: lists.visible,
  adminList: lists.adminList,
  update: permitted(slot.permission)
    .meta(
      door("put", tag, "/admin/images/:id", "Update a website image", "The saved image slot.", {
        description:
          "A new `image` file, or the `imageUrl` of an earlier upload (measured like a file; the file wins), replaces " +
          "the image and its measured size; without either the given fields change.",
        multipart: "also",
      }),
    )
    .input(websiteImageUpdateInput)
    .output(websiteImageAnswer)
    .mutation(({ ctx, input }) => updateWebsiteImage(ctx.deps.db, actorOf(ctx), input)),
});
