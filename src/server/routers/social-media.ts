import { idParam } from "../../shared/schemas/fields";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import {
  createSocialLink,
  deleteSocialLink,
  listAllSocialLinks,
  listVisibleSocialLinks,
  updateSocialLink,
} from "../services/social-links";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const socialMediaRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleSocialLinks(ctx.deps.db)),
  adminList: staffProcedure.query(({ ctx }) => listAllSocialLinks(ctx.deps.db)),
  create: staffProcedure
    .input(socialLinkInput)
    .mutation(({ ctx, input }) => createSocialLink(ctx.deps.db, actorOf(ctx), input)),
  update: staffProcedure
    .input(socialLinkUpdateInput)
    .mutation(({ ctx, input }) => updateSocialLink(ctx.deps.db, actorOf(ctx), input)),
  delete: staffProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteSocialLink(ctx.deps.db, actorOf(ctx), input.id)),
});
