/**
 * Who may do what (issue 24): each staff action is a named permission, checked on the server in one
 * place (the procedure's permission in src/server/trpc.ts), and shown in plain words in the portal's
 * permission matrix. A role is a set of permissions: five built in, named for a clinic's tasks, and
 * any custom roles a super admin makes from this list.
 *
 * The two roles of the spec keep their keys (`super_admin`, `admin`) and what they could do before
 * roles existed, so accounts made before the migration keep their access unchanged.
 */

export const PERMISSIONS = [
  "services.edit",
  "news.edit",
  "team.edit",
  "testimonials.edit",
  "content.edit",
  "social.edit",
  "publish",
  "media.manage",
  "inquiries.view",
  "inquiries.work",
  "inquiries.health",
  "inquiries.export",
  "inquiries.delete",
  "staff.manage",
  "settings.manage",
  "legal.edit",
  "activity.read",
  "backups.take",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The matrix's rows, in plain words: what a role holding the permission may do. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "services.edit": "Edit services and their page sections",
  "news.edit": "Write and edit news articles",
  "team.edit": "Edit team members",
  "testimonials.edit": "Edit testimonials",
  "content.edit": "Edit website texts and images",
  "social.edit": "Edit social media links",
  publish: "Publish: put articles and services live, show testimonials",
  "media.manage": "Upload and manage pictures",
  "inquiries.view": "See inquiries (contact details only)",
  "inquiries.work": "Work inquiries (status, assignee, notes)",
  "inquiries.health": "Open health details",
  "inquiries.export": "Export inquiries to CSV",
  "inquiries.delete": "Delete inquiries",
  "staff.manage": "Manage staff accounts and roles",
  "settings.manage": "Change settings and clinic details",
  "legal.edit": "Edit and publish the legal texts",
  "activity.read": "Read the activity log and access histories",
  "backups.take": "Take backups",
};

const CONTENT: Permission[] = ["services.edit", "news.edit", "team.edit", "testimonials.edit", "content.edit", "social.edit", "publish", "media.manage"];
const INQUIRIES_FULL: Permission[] = ["inquiries.view", "inquiries.work", "inquiries.health", "inquiries.export"];

/** The built-in roles. Their permissions are fixed here (a super admin copies one into a custom role to vary it). */
export const BUILT_IN_ROLES = [
  { key: "super_admin", name: "Owner", label: "Super Administrator", permissions: [...PERMISSIONS] },
  { key: "admin", name: "Administrator", label: "Administrator", permissions: [...CONTENT, ...INQUIRIES_FULL] },
  { key: "front_desk", name: "Front desk", label: "Front desk", permissions: ["inquiries.view", "inquiries.work"] },
  { key: "clinician", name: "Clinician", label: "Clinician", permissions: ["inquiries.view", "inquiries.work", "inquiries.health"] },
  { key: "marketing", name: "Marketing", label: "Marketing", permissions: [...CONTENT] },
] as const satisfies readonly { key: string; name: string; label: string; permissions: readonly Permission[] }[];
export type BuiltInRoleKey = (typeof BUILT_IN_ROLES)[number]["key"];

/** Custom roles' keys start with this, so they never collide with a built-in one. */
export const CUSTOM_ROLE_PREFIX = "custom_";

/** The reasons a staff member gives before opening an inquiry's health details (once per inquiry per session). */
export const HEALTH_ACCESS_REASONS = ["reply", "scheduling", "clinical_review", "other"] as const;
export type HealthAccessReason = (typeof HEALTH_ACCESS_REASONS)[number];
export const HEALTH_ACCESS_REASON_LABELS: Record<HealthAccessReason, string> = {
  reply: "Reply to the inquiry",
  scheduling: "Scheduling",
  clinical_review: "Clinical review",
  other: "Other",
};

/** Emergency access: a user without inquiries.health opens health details for this long after stating why. */
export const EMERGENCY_ACCESS_MINUTES = 60;

export function hasPermission(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}
