import { z } from "zod";
import { roleAnswer, successAnswer } from "../../shared/schemas/outputs";
import { createRoleInput, roleKeyInput, updateRoleInput } from "../../shared/schemas/roles";
import { actorOf } from "../services/activity";
import * as roles from "../services/roles";
import { permitted, requireFreshCheck, router } from "../trpc";

const tag = "Roles";

/** Roles are part of managing staff: the spec's 403 message of user management for anyone else. */
const rolesProcedure = permitted("staff.manage", "Access Denied - Super admin privileges required to manage users");

/**
 * Roles and their permissions (issue 24): the permission matrix (every role with what it allows), and a
 * super admin's custom roles. Built-in roles keep their name and permissions (only whether holders see
 * only their own inquiries can change). Every change is logged with before and after; creating, changing
 * or deleting a role needs a fresh check, as a change of someone's role does (issue 34).
 */
export const rolesRouter = router({
  list: rolesProcedure
    .meta({
      rest: {
        method: "get",
        path: "/admin/roles",
        tag,
        summary: "Roles and what they allow",
        answer: { description: "Every role, built-in ones first: the permission matrix's columns." },
      },
    })
    .output(z.array(roleAnswer))
    .query(({ ctx }) => roles.listRoles(ctx.deps.db)),
  create: rolesProcedure
    .meta({
      rest: {
        method: "post",
        path: "/admin/roles",
        tag,
        summary: "Create a custom role",
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). Its key is made from the name: custom_<slug>. Names are unique (409).",
        errors: [403, 409],
        answer: { status: 201, description: "The role." },
      },
    })
    .use(requireFreshCheck)
    .input(createRoleInput)
    .output(roleAnswer)
    .mutation(({ ctx, input }) => roles.createRole(ctx.deps.db, actorOf(ctx), input)),
  update: rolesProcedure
    .meta({
      rest: {
        method: "put",
        path: "/admin/roles/:key",
        tag,
        summary: "Change a role",
        description:
          "A custom role's name, permissions and `assignedOnly`; a built-in role's `assignedOnly` only (400 for " +
          "its name or permissions). Needs a fresh check (403 with `requiresFreshCheck`). Takes effect at once " +
          "for every holder. Taking staff.manage away from the last active accounts that have it is refused (400).",
        errors: [400, 403, 404, 409],
        answer: { description: "The role." },
      },
    })
    .use(requireFreshCheck)
    .input(updateRoleInput)
    .output(roleAnswer)
    .mutation(({ ctx, input }) => roles.updateRole(ctx.deps.db, actorOf(ctx), input)),
  delete: rolesProcedure
    .meta({
      rest: {
        method: "delete",
        path: "/admin/roles/:key",
        tag,
        summary: "Delete a custom role",
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). Built-in roles cannot be deleted (400); a role " +
          "some account holds cannot (409).",
        errors: [400, 403, 404, 409],
        answer: { description: "Deleted." },
      },
    })
    .use(requireFreshCheck)
    .input(roleKeyInput)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await roles.deleteRole(ctx.deps.db, actorOf(ctx), input.key);
      return { success: true as const };
    }),
});
