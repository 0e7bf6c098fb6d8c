import { adminUserAnswer, successAnswer } from "../../shared/schemas/outputs";
import { createAdminUserInput, resetPasswordInput, updateAdminUserInput } from "../../shared/schemas/users";
import * as adminUsers from "../services/admin-users";
import { actorOf } from "../services/activity";
import { router, superAdminProcedure } from "../trpc";
import { listOf, recordWrites } from "./record-writes";

const tag = "Users";

/** Admin accounts: super admins only, checked on the server by superAdminProcedure. */
export const usersRouter = router({
  list: superAdminProcedure
    .meta({ rest: { method: "get", path: "/admin/users", tag, summary: "Staff accounts", answer: { description: "Every account." } } })
    .output(listOf(adminUserAnswer))
    .query(({ ctx }) => adminUsers.listAdminUsers(ctx.deps.db)),
  ...recordWrites(superAdminProcedure, {
    inputs: { create: createAdminUserInput, update: updateAdminUserInput },
    writers: { create: adminUsers.createAdminUser, update: adminUsers.updateAdminUser, delete: adminUsers.deleteAdminUser },
    path: "/admin/users",
    tag,
    output: adminUserAnswer,
    record: "a staff account",
    create: { errors: [409] },
    update: { description: "Changing the role or deactivating ends the user's sessions. One cannot deactivate oneself, nor demote the last active super admin (400)." },
    delete: { description: "One cannot delete oneself, nor the last active super admin (400).", errors: [400] },
  }),
  resetPassword: superAdminProcedure
    .meta({
      rest: {
        method: "post",
        path: "/admin/users/:id/reset-password",
        tag,
        summary: "Reset a staff member's password",
        description:
          "Also turns their 2FA off, ends their sessions and lifts a lockout. The password: at least 15 characters, not on the blocklist of common passwords, not containing the username or the clinic's name; the user must change it at their next sign-in.",
        answer: { description: "Reset." },
      },
    })
    .input(resetPasswordInput)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await adminUsers.resetAdminPassword(ctx.deps.db, actorOf(ctx), input);
      return { success: true as const };
    }),
});
