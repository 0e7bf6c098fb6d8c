import { createAdminUserInput, resetPasswordInput, updateAdminUserInput } from "../../shared/schemas/users";
import * as adminUsers from "../services/admin-users";
import { actorOf } from "../services/activity";
import { router, superAdminProcedure } from "../trpc";
import { recordWrites } from "./record-writes";

/** Admin accounts: super admins only, checked on the server by superAdminProcedure. */
export const usersRouter = router({
  list: superAdminProcedure.query(({ ctx }) => adminUsers.listAdminUsers(ctx.deps.db)),
  ...recordWrites(
    superAdminProcedure,
    { create: createAdminUserInput, update: updateAdminUserInput },
    { create: adminUsers.createAdminUser, update: adminUsers.updateAdminUser, delete: adminUsers.deleteAdminUser },
  ),
  resetPassword: superAdminProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => adminUsers.resetAdminPassword(ctx.deps.db, actorOf(ctx), input)),
});
