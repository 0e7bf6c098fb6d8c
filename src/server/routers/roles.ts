import { STAFF_MANAGE_DENIED } from "../../shared/permissions";
import { z } from "zod";
import { successAnswer } from "../../shared/schemas/answers";
import { roleAnswer } from "../../shared/schemas/roles";
import { createRoleInput, roleKeyInput, updateRoleInput } from "../../shared/schemas/roles";
import { actorOf } from "../services/activity";
import * as roles from "../services/roles";
import { permitted, requireFreshCheck, router } from "../trpc";
import { door, read } from "./doors";

const tag = "Roles";

/** Roles are part of managing staff: the spec's 403 message of user management for anyone else. */
const rolesProcedure = permitted("staff.manage", STAFF_MANAGE_DENIED);
/** A change of a role changes what its holders may do: always "Confirm it's you" first. */
const roleChange = rolesProcedure.use(requireFreshCheck);

/**
 * Roles and their permissions (issue 24): the permission matrix (every role with what it allows), and a
 * super admin's custom roles. Built-in roles keep their name and permissions (only whether holders see
 * only their own inquiries can change). Every change is logged with before and after; creating, changing
 * or deleting a role needs a fresh check, as a change of someone's role does (issue 34).
 */
export const rolesRouter = router({
  list: rolesProcedure
    .meta(read(tag, "/admin/roles", "Roles and what they allow", "Every role, built-in ones first: the permission matrix's columns."))
    .output(z.array(roleAnswer))
    .query(({ ctx }) => roles.listRoles(ctx.deps.db)),
  create: roleChange
    .meta(
      door("post", tag, "/admin/roles", "Create a custom role", "The role.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). Its key is made from the name: custom_<slug>. Names are unique (409).",
        errors: [403, 409],
        answer: { status: 201 },
      }),
    )
    .input(createRoleInput)
    .output(roleAnswer)
    .mutation(({ ctx, input }) => roles.createRole(ctx.deps.db, actorOf(ctx), input)),
  update: roleChange
    .meta(
      door("put", tag, "/admin/roles/:key", "Change a role", "The role.", {
        description:
          "A custom role's name, permissions and `assignedOnly`; a built-in role's `assignedOnly` only (400 for " +
          "its name or permissions). Needs a fresh check (403 with `requiresFreshCheck`). Takes effect at once " +
          "for every holder. Taking staff.manage away from the last active accounts that have it is refused (400).",
        errors: [400, 403, 404, 409],
      }),
    )
    .input(updateRoleInput)
    .output(roleAnswer)
    .mutation(({ ctx, input }) => roles.updateRole(ctx.deps.db, actorOf(ctx), input)),
  delete: roleChange
    .meta(
      door("delete", tag, "/admin/roles/:key", "Delete a custom role", "Deleted.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). Built-in roles cannot be deleted (400); a role " +
          "some account holds cannot (409).",
        errors: [400, 403, 404, 409],
      }),
    )
    .input(roleKeyInput)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await roles.deleteRole(ctx.deps.db, actorOf(ctx), input.key);
      return { success: true as const };
    }),
});
