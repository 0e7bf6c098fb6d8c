import { z } from "zod";
import { isHttpUrl, isSitePath, recordId, requiredText } from "./fields";
import { inLanguage, recordAnswer, recordTimes, uploadSize } from "./answers";

/** Team member rules, in order: name, role, bio, image (admin-portal.md section 5). */
export const TEAM_MESSAGES = {
  name: "Name is required",
  role: "Role is required",
  bio: "Bio is required",
  image: "Image is required",
} as const;

export const teamMemberFields = z.object({
  name: requiredText(TEAM_MESSAGES.name, 255, "Name must be 255 characters or less"),
  role: requiredText(TEAM_MESSAGES.role, 255, "Role must be 255 characters or less"),
  bio: requiredText(TEAM_MESSAGES.bio, 5000, "Bio must be 5000 characters or less"),
  imageUrl: requiredText(TEAM_MESSAGES.image, 1024, "Image address must be 1024 characters or less").refine(
    (value) => isHttpUrl(value) || isSitePath(value),
    "Image must be a valid URL",
  ),
});

export const teamMemberInput = teamMemberFields;
export const teamMemberUpdateInput = teamMemberFields.extend({ id: recordId });

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const teamMemberAnswer = recordAnswer({
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  imageUrl: z.string(),
  imageSize: uploadSize,
  ...recordTimes,
  ...inLanguage,
}).meta({ id: "TeamMember" });
