import { STAFF_MANAGE_DENIED } from "../../shared/permissions";
import { successAnswer } from "../../shared/schemas/answers";
import { adminUserAnswer } from "../../shared/schemas/users";
import { createAdminUserInput, resetPasswordInput, updateAdminUserInput } from "../../shared/schemas/users";
import * as adminUsers from "../services/admin-users";
import { actorOf } from "../services/activity";
import { endAllSessionsOf } from "../services/sessions";
import { endedSessionsAnswer } from "../../shared/schemas/sessions";
import { idParam } from "../../shared/schemas/fields";
import { freshCheckWhen, permitted, requireFreshCheck, router } from "../trpc";
import { listOf, recordDoors, recordWrites } from "./record-writes";
import { door, read } from "./doors";

const tag = "Users";
const account = recordDoors("/users", "staff.manage", tag, adminUserAnswer, "a staff account");

/** Staff accounts: those whose role holds staff.manage (the spec's 403 message for anyone else). */
const superAdminProcedure = permitted("staff.manage", STAFF_MANAGE_DENIED);

/** Admin accounts: super admins only, checked on the server by superAdminProcedure. */
export const usersRouter = router({
  list: superAdminProcedure
    .meta(read(tag, "/admin/users", "Staff accounts", "Every account."))
    .output(listOf(adminUserAnswer))
    .query(({ ctx }) => adminUsers.listAdminUsers(ctx.deps.db)),
  // Who may do what changes with an account made or deleted, a role changed, an account (de)activated:
  // each needs a fresh check (docs/decisions/0054; issue 34). Names and e-mail alone do not.
  ...recordWrites(
    account,
    {
      inputs: { create: createAdminUserInput, update: updateAdminUserInput },
      writers: { create: adminUsers.createAdminUser, update: adminUsers.updateAdminUser, delete: adminUsers.deleteAdminUser },
      create: { description: "Needs a fresh check (403 with `requiresFreshCheck`).", errors: [403, 409] },
      update: {
        description:
          "Changing the role or `isActive` needs a fresh check (403 with `requiresFreshCheck`). Changing the role " +
          "or deactivating ends the user's sessions; deactivating also removes their passkeys. One cannot deactivate " +
          "oneself, nor demote the last active super admin (400).",
        errors: [403],
      },
      delete: {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). One cannot delete oneself, nor the last active super admin (400).",
        errors: [400, 403],
      },
    },
    superAdminProcedure.use(freshCheckWhen((ctx, raw, path) => path !== "users.update" || adminUsers.changesAccess(ctx.deps.db, raw))),
  ),
  resetPassword: superAdminProcedure
    .meta(
      door("post", tag, "/admin/users/:id/reset-password", "Reset a staff member's password", "Reset.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). Also turns their 2FA off, removes their passkeys, " +
          "ends their sessions and lifts a lockout. The password: at least 15 characters, not on the blocklist " +
          "of common passwords, not containing the username or the clinic's name; the user must change it at their " +
          "next sign-in.",
        errors: [403],
      }),
    )
    .use(requireFreshCheck)
    .input(resetPasswordInput)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await adminUsers.resetAdminPassword(ctx.deps.db, actorOf(ctx), input);
      return { success: true as const };
    }),
  /** Signs a staff member out everywhere (their browsers get 401 at their next request). */
  endSessions: superAdminProcedure
    .meta(
      door("post", tag, "/admin/users/:id/end-sessions", "End all sessions of a staff member", "How many ended.", {
        description: "Every browser of theirs is signed out at its next request (one's own current session stays).",
      }),
    )
    .input(idParam)
    .output(endedSessionsAnswer)
    .mutation(({ ctx, input }) => endAllSessionsOf(ctx.deps.db, ctx.auth, actorOf(ctx), input.id)),
});
