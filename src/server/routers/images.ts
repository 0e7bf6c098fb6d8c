import { pageFilter } from "../../shared/schemas/content";
import { imagesQuery, websiteImageUpdateInput } from "../../shared/schemas/images";
import { listAllImages, listVisibleImages, updateWebsiteImage } from "../services/website-images";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const imagesRouter = router({
  /** Public: the visible images of a page (the home hero background, for one). */
  list: publicProcedure.input(imagesQuery).query(({ ctx, input }) => listVisibleImages(ctx.deps.db, input.page, input.section || undefined)),
  adminList: staffProcedure.input(pageFilter).query(({ ctx, input }) => listAllImages(ctx.deps.db, input?.page || undefined)),
  update: staffProcedure
    .input(websiteImageUpdateInput)
    .mutation(({ ctx, input }) => updateWebsiteImage(ctx.deps.db, actorOf(ctx), input)),
});
