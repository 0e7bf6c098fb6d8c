import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from "../services/team";
import { publicProcedure, router, staffProcedure } from "../trpc";
import { recordWrites } from "./record-writes";
import { uploadImageProcedure } from "./uploads";

export const teamRouter = router({
  list: publicProcedure.query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  /** GET /api/admin/team: the same list, for signed-in staff only. */
  adminList: staffProcedure.query(({ ctx }) => listTeamMembers(ctx.deps.db)),
  ...recordWrites(
    staffProcedure,
    { create: teamMemberInput, update: teamMemberUpdateInput },
    { create: createTeamMember, update: updateTeamMember, delete: deleteTeamMember },
  ),
  uploadImage: uploadImageProcedure,
});
