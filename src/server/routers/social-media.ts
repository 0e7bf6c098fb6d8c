import { idParam } from "../../shared/schemas/fields";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import {
  createSocialLink,
  deleteSocialLink,
  listAllSocialLinks,
  listVisibleSocialLinks,
  updateSocialLink,
} from "../services/social-links";
import { publicProcedure, router, staffProcedure } from "../trpc";

export const socialMediaRouter = router({
  list: publicProcedure.query(({ ctx }) => listVisibleSocialLinks(ctx.deps.db)),
  adminList: staffProcedure.query(({ ctx }) => listAllSocialLinks(ctx.deps.db)),
  create: staffProcedure
    .meta({ activity: { action: "create", resource: "social_media_link" } })
    .input(socialLinkInput)
    .mutation(({ ctx, input }) => createSocialLink(ctx.deps.db, input)),
  update: staffProcedure
    .meta({ activity: { action: "update", resource: "social_media_link" } })
    .input(socialLinkUpdateInput)
    .mutation(({ ctx, input }) => updateSocialLink(ctx.deps.db, input)),
  delete: staffProcedure
    .meta({ activity: { action: "delete", resource: "social_media_link" } })
    .input(idParam)
    .mutation(({ ctx, input }) => deleteSocialLink(ctx.deps.db, input.id)),
});
