import { teamMemberAnswer } from "../../shared/schemas/outputs";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from "../services/team";
import { permitted, router } from "../trpc";
import { recordLists, recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Team";

export const teamRouter = router({
  ...recordLists({
    ...{ path: "/team", tag, output: teamMemberAnswer, permission: "team.edit" },
    public: { summary: "The team", answer: "Every team member.", read: listTeamMembers },
    staff: { summary: "The team", answer: "Every team member.", read: listTeamMembers },
  }),
  ...recordWrites(permitted("team.edit"), {
    inputs: { create: teamMemberInput, update: teamMemberUpdateInput },
    writers: { create: createTeamMember, update: updateTeamMember, delete: deleteTeamMember },
    ...{ path: "/admin/team", tag, output: teamMemberAnswer, record: "a team member", createVerb: "Add" },
  }),
  uploadImage: uploadImageProcedure("team.edit", { path: "/admin/team/upload-image", tag }),
});
