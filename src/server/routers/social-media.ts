import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import * as socialLinks from "../services/social-links";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { recordWrites } from "./record-writes";

export const socialMediaRouter = router({
  list: publicProcedure.query(({ ctx }) => socialLinks.listVisibleSocialLinks(ctx.deps.db)),
  adminList: staffProcedure.query(({ ctx }) => socialLinks.listAllSocialLinks(ctx.deps.db)),
  ...recordWrites(
    staffProcedure,
    { create: socialLinkInput, update: socialLinkUpdateInput },
    { create: socialLinks.createSocialLink, update: socialLinks.updateSocialLink, delete: socialLinks.deleteSocialLink },
  ),
});
