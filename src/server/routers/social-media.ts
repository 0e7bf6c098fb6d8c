import { socialLinkAnswer } from "../../shared/schemas/outputs";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import * as socialLinks from "../services/social-links";
import { permitted, router } from "../trpc";
import { recordLists, recordWrites, type RecordDoors } from "./record-writes";

const tag = "Social media";
const link: RecordDoors<typeof socialLinkAnswer> = {
  path: "/social-media",
  permission: "social.edit",
  tag,
  output: socialLinkAnswer,
  record: "a social media link",
  createVerb: "Add",
};

export const socialMediaRouter = router({
  ...recordLists(link, {
    public: {
      summary: "Visible social media links",
      answer: "The footer's visible links, in order.",
      read: socialLinks.listVisibleSocialLinks,
    },
    staff: { summary: "Social media links", answer: "Every link, hidden ones too.", read: socialLinks.listAllSocialLinks },
  }),
  ...recordWrites(permitted("social.edit"), link, {
    inputs: { create: socialLinkInput, update: socialLinkUpdateInput },
    writers: socialLinks.socialLinkWriters,
  }),
});
