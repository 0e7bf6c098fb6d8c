import { z } from "zod";
import { BUILT_IN_ROLES, HEALTH_ACCESS_REASONS, PERMISSIONS, ROLE_MESSAGES } from "../permissions";
import { ROLE_BADGES, ROLE_OPTIONS } from "./users";
import { recordId } from "./fields";
import { count, permissionNames, timestamp } from "./answers";

/** Roles and health-detail access (issue 24): the inputs of the roles' procedures and of opening health details. */

/**
 * Every word the portal shows for a built-in role (its name, the spec's badge and choice) and the name it
 * had before issue 36 ("Owner"): a custom role takes none of them, so one name never means two roles.
 */
const BUILT_IN_ROLE_WORDS = new Set(
  [
    ...BUILT_IN_ROLES.flatMap((role) => [role.name, role.label]),
    ...Object.values(ROLE_BADGES),
    ...ROLE_OPTIONS.map((o) => o.label),
    "Owner",
  ].map((word) => word.toLowerCase()),
);
const roleName = z
  .string({ error: ROLE_MESSAGES.nameRequired })
  .trim()
  .min(1, ROLE_MESSAGES.nameRequired)
  .max(100, ROLE_MESSAGES.nameMax)
  .refine((name) => !BUILT_IN_ROLE_WORDS.has(name.toLowerCase()), ROLE_MESSAGES.nameBuiltIn);
const permissionList = z
  .array(z.enum(PERMISSIONS, { error: ROLE_MESSAGES.permission }), { error: ROLE_MESSAGES.permission })
  .max(PERMISSIONS.length * 2, ROLE_MESSAGES.permission)
  .transform((list) => PERMISSIONS.filter((permission) => list.includes(permission)));
const assignedOnly = z.boolean({ error: "Must be true or false" }).describe("Holders see only inquiries assigned to them or unassigned");
/** A role's key, as a path parameter. */
const roleKey = z.string({ error: ROLE_MESSAGES.notFound }).trim().min(1, ROLE_MESSAGES.notFound).max(50, ROLE_MESSAGES.notFound);

export const createRoleInput = z.object({
  name: roleName,
  permissions: permissionList,
  assignedOnly: assignedOnly.optional(),
});

/** A custom role: its name, permissions and scope; a built-in one: only its scope (`assignedOnly`). */
export const updateRoleInput = z.object({
  key: roleKey,
  name: roleName.optional(),
  permissions: permissionList.optional(),
  assignedOnly: assignedOnly.optional(),
});

export const roleKeyInput = z.object({ key: roleKey });

/** Opening one inquiry's health details: why (asked once per inquiry per session; kept in its access history). */
export const openHealthInput = z
  .object({
    id: recordId,
    reason: z.enum(HEALTH_ACCESS_REASONS, { error: ROLE_MESSAGES.reasonRequired }),
    text: z.string({ error: ROLE_MESSAGES.otherTextRequired }).trim().max(200, ROLE_MESSAGES.otherTextMax).optional(),
  })
  .refine((value) => value.reason !== "other" || (value.text ?? "").length > 0, {
    message: ROLE_MESSAGES.otherTextRequired,
    path: ["text"],
  });

/** Emergency access: why the staff member needs health details their role does not open. */
export const emergencyAccessInput = z.object({
  reason: z
    .string({ error: ROLE_MESSAGES.emergencyReasonRequired })
    .trim()
    .min(10, ROLE_MESSAGES.emergencyReasonRequired)
    .max(500, ROLE_MESSAGES.emergencyReasonMax),
});

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

export const roleAnswer = z
  .object({
    key: z.string().describe("built-in: super_admin, admin, front_desk, clinician, marketing; custom: custom_<slug>"),
    name: z.string(),
    label: z.string().describe("The spec's label for its two roles (Super Administrator, Administrator); else the name"),
    builtIn: z.boolean().describe("Built-in roles' name and permissions cannot change (only assignedOnly)"),
    permissions: permissionNames,
    assignedOnly: z.boolean().describe("Holders see only inquiries assigned to them or unassigned (ignored for a role that manages staff)"),
    userCount: count.describe("How many staff accounts hold it (a role in use cannot be deleted)"),
  })
  .meta({ id: "Role", description: "A role and what it allows: one column of the permission matrix." });

export const emergencyAccessAnswer = z
  .object({ until: timestamp.describe("When the emergency access to health details ends") })
  .meta({ id: "EmergencyAccess" });
