import { idParam } from "../../shared/schemas/fields";
import { createAdminUserInput, resetPasswordInput, updateAdminUserInput } from "../../shared/schemas/users";
import {
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  resetAdminPassword,
  updateAdminUser,
} from "../services/admin-users";
import { router, superAdminProcedure } from "../trpc";

/** Admin accounts: super admins only, checked on the server by superAdminProcedure. */
export const usersRouter = router({
  list: superAdminProcedure.query(({ ctx }) => listAdminUsers(ctx.deps.db)),
  create: superAdminProcedure
    .meta({ activity: { action: "create", resource: "admin_user" } })
    .input(createAdminUserInput)
    .mutation(({ ctx, input }) => createAdminUser(ctx.deps.db, input)),
  update: superAdminProcedure
    .meta({ activity: { action: "update", resource: "admin_user" } })
    .input(updateAdminUserInput)
    .mutation(({ ctx, input }) => updateAdminUser(ctx.deps.db, ctx.auth, input)),
  delete: superAdminProcedure
    .meta({ activity: { action: "delete", resource: "admin_user" } })
    .input(idParam)
    .mutation(({ ctx, input }) => deleteAdminUser(ctx.deps.db, ctx.auth, input.id)),
  resetPassword: superAdminProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetAdminPassword(ctx.deps.db, ctx.auth, ctx, input)),
});
