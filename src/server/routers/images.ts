import { z } from "zod";
import { websiteImageUpdateInput } from "../../shared/schemas/images";
import { listAllImages, listVisibleImages, updateWebsiteImage } from "../services/website-images";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const imagesRouter = router({
  /** Public: the visible images of a page (the home hero background, for one). */
  list: publicProcedure
    .input(z.object({ page: z.string().trim().min(1).max(100), section: z.string().trim().max(100).optional() }))
    .query(({ ctx, input }) => listVisibleImages(ctx.deps.db, input.page, input.section || undefined)),
  adminList: staffProcedure
    .input(z.object({ page: z.string().trim().max(100).optional() }).optional())
    .query(({ ctx, input }) => listAllImages(ctx.deps.db, input?.page || undefined)),
  update: staffProcedure
    .input(websiteImageUpdateInput)
    .mutation(({ ctx, input }) => updateWebsiteImage(ctx.deps.db, actorOf(ctx), input)),
});
