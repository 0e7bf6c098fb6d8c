import { teamMemberAnswer } from "../../shared/schemas/outputs";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { permitted, router } from "../trpc";
import { listTeamMembers, teamMemberWriters } from "../services/team";
import { recordLists, recordWrites, type RecordDoors } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Team";
const member: RecordDoors<typeof teamMemberAnswer> = {
  path: "/team",
  permission: "team.edit",
  tag,
  output: teamMemberAnswer,
  record: "a team member",
  createVerb: "Add",
};

export const teamRouter = router({
  ...recordLists(member, { public: { summary: "The team", answer: "Every team member.", read: listTeamMembers, kind: "team" } }),
  ...recordWrites(permitted("team.edit"), member, {
    inputs: { create: teamMemberInput, update: teamMemberUpdateInput },
    writers: teamMemberWriters,
  }),
  uploadImage: uploadImageProcedure("team.edit", { path: "/admin/team/upload-image", tag }),
});
