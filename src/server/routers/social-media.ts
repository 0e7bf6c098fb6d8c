import { socialLinkAnswer } from "../../shared/schemas/social";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import { listAllSocialLinks, listVisibleSocialLinks, socialLinkWriters } from "../services/social-links";
import { router } from "../trpc";
import { recordDoors, recordLists, recordWrites } from "./record-writes";

const tag = "Social media";
const link = recordDoors("/social-media", "social.edit", tag, socialLinkAnswer, "a social media link", "Add");

export const socialMediaRouter = router({
  ...recordLists(link, {
    public: { summary: "Visible social media links", answer: "The footer's visible links, in order.", read: listVisibleSocialLinks },
    staff: { summary: "Social media links", answer: "Every link, hidden ones too.", read: listAllSocialLinks },
  }),
  ...recordWrites(link, {
    inputs: { create: socialLinkInput, update: socialLinkUpdateInput },
    writers: socialLinkWriters,
  }),
});
