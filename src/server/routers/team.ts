import { teamMemberAnswer } from "../../shared/schemas/outputs";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from "../services/team";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { listOf, recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

const tag = "Team";

export const teamRouter = router({
  list: publicProcedure
    .meta({ rest: { method: "get", path: "/team", tag: "Public site", summary: "The team", cached: true, answer: { description: "Every team member." } } })
    .output(listOf(teamMemberAnswer))
    .query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  /** GET /api/admin/team: the same list, for signed-in staff only. */
  adminList: staffProcedure
    .meta({ rest: { method: "get", path: "/admin/team", tag, summary: "The team", answer: { description: "Every team member." } } })
    .output(listOf(teamMemberAnswer))
    .query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  ...recordWrites(
    staffProcedure,
    { create: teamMemberInput, update: teamMemberUpdateInput },
    { create: createTeamMember, update: updateTeamMember, delete: deleteTeamMember },
    {
      path: "/admin/team",
      tag,
      output: teamMemberAnswer,
      create: { summary: "Add a team member", saved: "The saved team member." },
      update: { summary: "Update a team member", saved: "The saved team member." },
      delete: { what: "a team member" },
    },
  ),
  uploadImage: uploadImageProcedure({ path: "/admin/team/upload-image", tag }),
});
