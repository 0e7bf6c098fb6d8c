import { idParam } from "../../shared/schemas/fields";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from "../services/team";
import { actorOf } from "../services/activity";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { uploadImageProcedure } from "./uploads";

export const teamRouter = router({
  list: publicProcedure.query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  /** GET /api/admin/team: the same list, for signed-in staff only. */
  adminList: staffProcedure.query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  create: staffProcedure
    .input(teamMemberInput)
    .mutation(({ ctx, input }) => createTeamMember(ctx.deps.db, actorOf(ctx), input)),
  update: staffProcedure
    .input(teamMemberUpdateInput)
    .mutation(({ ctx, input }) => updateTeamMember(ctx.deps.db, actorOf(ctx), input)),
  delete: staffProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteTeamMember(ctx.deps.db, actorOf(ctx), input.id)),
  uploadImage: uploadImageProcedure,
});
