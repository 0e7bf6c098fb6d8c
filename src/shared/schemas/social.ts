import { z } from "zod";
import { formBoolean, formInteger, isHttpUrl, optionalText, recordId, requiredText } from "./fields";
import { nullableText, recordAnswer, recordTimes } from "./answers";

/** Social media links (admin-portal.md: social link rules). */
export const SOCIAL_PLATFORMS_WITH_ICON = ["facebook", "instagram", "youtube", "twitter", "x", "linkedin"] as const;

export const SOCIAL_MESSAGES = {
  platform: "Platform is required",
  displayName: "Display name is required",
  url: "URL is required",
  urlFormat: "Must be a valid URL",
} as const;

export const socialLinkFields = z.object({
  platform: requiredText(SOCIAL_MESSAGES.platform, 50, "Platform must be 50 characters or less").transform((value) => value.toLowerCase()),
  displayName: requiredText(SOCIAL_MESSAGES.displayName, 100, "Display name must be 100 characters or less"),
  url: requiredText(SOCIAL_MESSAGES.url, 1024, "URL must be 1024 characters or less").refine(isHttpUrl, SOCIAL_MESSAGES.urlFormat),
  iconClass: optionalText(100, "Icon class must be 100 characters or less"),
  isVisible: formBoolean(true),
  sortOrder: formInteger(0, "Sort order must be a whole number"),
});

export const socialLinkInput = socialLinkFields;
export const socialLinkUpdateInput = socialLinkFields.extend({ id: recordId });

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const socialLinkAnswer = recordAnswer({
  platform: z.string(),
  displayName: z.string(),
  url: z.string(),
  iconClass: nullableText,
  isVisible: z.boolean(),
  sortOrder: z.int(),
  ...recordTimes,
}).meta({ id: "SocialLink" });
