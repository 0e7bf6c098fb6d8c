import { teamMemberAnswer } from "../../shared/schemas/team";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { router } from "../trpc";
import { listTeamMembers, teamMemberWriters } from "../services/team";
import { recordDoors, recordLists, recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Team";
const member = recordDoors("/team", "team.edit", tag, teamMemberAnswer, "a team member", "Add");

export const teamRouter = router({
  ...recordLists(member, { public: { summary: "The team", answer: "Every team member.", read: listTeamMembers, kind: "team" } }),
  ...recordWrites(member, {
    inputs: { create: teamMemberInput, update: teamMemberUpdateInput },
    writers: teamMemberWriters,
  }),
  uploadImage: uploadImageProcedure("team.edit", { path: "/admin/team/upload-image", tag }),
});
