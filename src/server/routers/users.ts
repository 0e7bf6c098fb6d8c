import { idParam } from "../../shared/schemas/fields";
import { createAdminUserInput, resetPasswordInput, updateAdminUserInput } from "../../shared/schemas/users";
import {
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  resetAdminPassword,
  updateAdminUser,
} from "../services/admin-users";
import { actorOf } from "../services/activity";
import { router, superAdminProcedure } from "../trpc";

/** Admin accounts: super admins only, checked on the server by superAdminProcedure. */
export const usersRouter = router({
  list: superAdminProcedure.query(({ ctx }) => listAdminUsers(ctx.deps.db)),
  create: superAdminProcedure
    .input(createAdminUserInput)
    .mutation(({ ctx, input }) => createAdminUser(ctx.deps.db, actorOf(ctx), input)),
  update: superAdminProcedure
    .input(updateAdminUserInput)
    .mutation(({ ctx, input }) => updateAdminUser(ctx.deps.db, actorOf(ctx), input)),
  delete: superAdminProcedure
    .input(idParam)
    .mutation(({ ctx, input }) => deleteAdminUser(ctx.deps.db, actorOf(ctx), input.id)),
  resetPassword: superAdminProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetAdminPassword(ctx.deps.db, actorOf(ctx), input)),
});
