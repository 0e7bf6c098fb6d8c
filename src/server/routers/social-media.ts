import { socialLinkAnswer } from "../../shared/schemas/outputs";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import * as socialLinks from "../services/social-links";
import { permitted, router } from "../trpc";
import { recordLists, recordWrites } from "./record-writes";

const tag = "Social media";

export const socialMediaRouter = router({
  ...recordLists({
    ...{ path: "/social-media", tag, output: socialLinkAnswer, permission: "social.edit" },
    public: { summary: "Visible social media links", answer: "The footer's visible links, in order.", read: socialLinks.listVisibleSocialLinks },
    staff: { summary: "Social media links", answer: "Every link, hidden ones too.", read: socialLinks.listAllSocialLinks },
  }),
  ...recordWrites(permitted("social.edit"), {
    inputs: { create: socialLinkInput, update: socialLinkUpdateInput },
    writers: { create: socialLinks.createSocialLink, update: socialLinks.updateSocialLink, delete: socialLinks.deleteSocialLink },
    ...{ path: "/admin/social-media", tag, output: socialLinkAnswer, record: "a social media link", createVerb: "Add" },
  }),
});
