import { teamMemberAnswer } from "../../shared/schemas/team";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { router } from "../trpc";
import { listTeamMembers, TEAM_ORDER, teamMemberWriters } from "../services/team";
import { recordDoors, recordLists, recordReorder, recordWrites } from "./record-writes";
import { teamMembers as orderedTable } from "../db/schema";
import { uploadImageProcedure } from "./uploads";

const tag = "Team";
const member = recordDoors("/team", "team.edit", tag, teamMemberAnswer, "a team member", "Add");

export const teamRouter = router({
  ...recordLists(member, { public: { summary: "The team", answer: "Every team member.", read: listTeamMembers, kind: "team" } }),
  ...recordWrites(member, {
    inputs: { create: teamMemberInput, update: teamMemberUpdateInput },
    writers: teamMemberWriters,
  }),
  ...recordReorder(member, orderedTable, TEAM_ORDER),
  uploadImage: uploadImageProcedure("team.edit", { path: "/admin/team/upload-image", tag }),
});
