import { idParam } from "../../shared/schemas/fields";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from "../services/team";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { uploadImageProcedure } from "./uploads";

export const teamRouter = router({
  list: publicProcedure.query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  /** GET /api/admin/team: the same list, for signed-in staff only. */
  adminList: staffProcedure.query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  create: staffProcedure
    .meta({ activity: { action: "create", resource: "team_member" } })
    .input(teamMemberInput)
    .mutation(({ ctx, input }) => createTeamMember(ctx.deps.db, input)),
  update: staffProcedure
    .meta({ activity: { action: "update", resource: "team_member" } })
    .input(teamMemberUpdateInput)
    .mutation(({ ctx, input }) => updateTeamMember(ctx.deps.db, input)),
  delete: staffProcedure
    .meta({ activity: { action: "delete", resource: "team_member" } })
    .input(idParam)
    .mutation(({ ctx, input }) => deleteTeamMember(ctx.deps.db, input.id)),
  uploadImage: uploadImageProcedure,
});
