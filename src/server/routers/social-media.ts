import { socialLinkAnswer } from "../../shared/schemas/outputs";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import * as socialLinks from "../services/social-links";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { listOf, recordWrites } from "./record-writes";

const tag = "Social media";

export const socialMediaRouter = router({
  list: publicProcedure
    .meta({ rest: { method: "get", path: "/social-media", tag: "Public site", summary: "Visible social media links", cached: true, answer: { description: "The footer's visible links, in order." } } })
    .output(listOf(socialLinkAnswer))
    .query(({ ctx }) => socialLinks.listVisibleSocialLinks(ctx.deps.db)),
  adminList: staffProcedure
    .meta({ rest: { method: "get", path: "/admin/social-media", tag, summary: "Social media links", answer: { description: "Every link, hidden ones too." } } })
    .output(listOf(socialLinkAnswer))
    .query(({ ctx }) => socialLinks.listAllSocialLinks(ctx.deps.db)),
  ...recordWrites(
    staffProcedure,
    { create: socialLinkInput, update: socialLinkUpdateInput },
    { create: socialLinks.createSocialLink, update: socialLinks.updateSocialLink, delete: socialLinks.deleteSocialLink },
    {
      path: "/admin/social-media",
      tag,
      output: socialLinkAnswer,
      create: { summary: "Add a social media link", saved: "The saved link." },
      update: { summary: "Update a social media link", saved: "The saved link." },
      delete: { what: "a social media link" },
    },
  ),
});
