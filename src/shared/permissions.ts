/**
 * Who may do what (issue 24): each staff action is a named permission, checked on the server in one
 * place (the procedure's permission in src/server/trpc.ts), and shown in plain words in the portal's
 * permission matrix. A role is a set of permissions: five built in, named for a clinic's tasks, and
 * any custom roles a super admin makes from this list.
 *
 * The two roles of the spec keep their keys (`super_admin`, `admin`) and what they could do before
 * roles existed, so accounts made before the migration keep their access unchanged.
 */

/** The site's records: what the Administrator and Marketing roles edit. */
const CONTENT = [
  "services.edit",
  "news.edit",
  "team.edit",
  "testimonials.edit",
  "content.edit",
  "social.edit",
  "publish",
  "media.manage",
] as const;
/** The inquiry desk, but deleting: the Administrator's. */
const INQUIRIES_FULL = ["inquiries.view", "inquiries.work", "inquiries.health", "inquiries.export"] as const;

export const PERMISSIONS = [
  ...CONTENT,
  ...INQUIRIES_FULL,
  "inquiries.delete",
  "staff.manage",
  "settings.manage",
  "legal.edit",
  "activity.read",
  "backups.take",
  "analytics.view",
  "bookings.work",
  "availability.edit",
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
  "analytics.view": "See the visitor figures (Analytics)",
  "bookings.work": "See the booking calendar and work bookings (confirm, decline, move, cancel, attended, no-show)",
  "availability.edit": "Edit availability, resources and services' booking settings",
};

/**
 * The built-in roles. Their permissions are fixed here (a super admin copies one into a custom role to vary it).
 * `name` is the role's one name on every screen, toast, log entry and e-mail (docs/glossary.md); `label` the
 * same words, which the spec fixes for its two roles (sidebar, welcome line). The spec's other words for
 * those two, the users table's badge and the create form's choice, are ROLE_BADGES and ROLE_OPTIONS
 * (src/shared/schemas/users.ts).
 */
export const BUILT_IN_ROLES = [
  { key: "super_admin", name: "Super Administrator", label: "Super Administrator", permissions: [...PERMISSIONS] },
  {
    key: "admin",
    name: "Administrator",
    label: "Administrator",
    permissions: [...CONTENT, ...INQUIRIES_FULL, "analytics.view", "bookings.work", "availability.edit"],
  },
  { key: "front_desk", name: "Front desk", label: "Front desk", permissions: ["inquiries.view", "inquiries.work", "bookings.work"] },
  {
    key: "clinician",
    name: "Clinician",
    label: "Clinician",
    permissions: ["inquiries.view", "inquiries.work", "inquiries.health", "bookings.work"],
  },
  { key: "marketing", name: "Marketing", label: "Marketing", permissions: [...CONTENT, "analytics.view"] },
] as const satisfies readonly { key: string; name: string; label: string; permissions: readonly Permission[] }[];
export type BuiltInRoleKey = (typeof BUILT_IN_ROLES)[number]["key"];

/** Custom roles' keys start with this, so they never collide with a built-in one. */
export const CUSTOM_ROLE_PREFIX = "custom_";

/** The reasons a staff member gives before opening an inquiry's health details (once per inquiry per session). */
export const HEALTH_ACCESS_REASON_LABELS = {
  reply: "Reply to the inquiry",
  scheduling: "Scheduling",
  clinical_review: "Clinical review",
  other: "Other",
} as const;
export type HealthAccessReason = keyof typeof HEALTH_ACCESS_REASON_LABELS;
export const HEALTH_ACCESS_REASONS = Object.keys(HEALTH_ACCESS_REASON_LABELS) as [HealthAccessReason, ...HealthAccessReason[]];

/** Emergency access: a user without inquiries.health opens health details for this long after stating why. */
export const EMERGENCY_ACCESS_MINUTES = 60;

export function hasPermission(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}

// ---- added with the server side of issue 24 (additions only; nothing above is renamed)

/** What a procedure's metadata says of who may call it besides a permission: anyone, or any signed-in staff member. */
export const ANY_SIGNED_IN_STAFF = "staff" as const;

/** The spec's own words for the 403 of user management (admin-portal.md section 6): the users' and the roles' screens. */
export const STAFF_MANAGE_DENIED = "Access Denied - Super admin privileges required to manage users";

/** The 403 of a permission the caller's role does not hold, the same over REST and tRPC. */
export function accessDeniedMessage(permission: Permission): string {
  return `Access Denied - Your role does not allow: ${PERMISSION_LABELS[permission]}`;
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

export function isBuiltInRoleKey(key: string): key is BuiltInRoleKey {
  return BUILT_IN_ROLES.some((role) => role.key === key);
}

/** The built-in role Front desk: the one whose `assignedOnly` follows the clinic's choice by default. */
export const FRONT_DESK_ROLE = "front_desk";

/** A custom role's key from its name: CUSTOM_ROLE_PREFIX + a slug of the name ("Billing team" → custom_billing_team). */
export function customRoleKey(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return CUSTOM_ROLE_PREFIX + (slug || "role");
}

/** The messages of the roles' rules (the server's refusals; the portal shows them as they come). */
export const ROLE_MESSAGES = {
  nameRequired: "Role name is required",
  nameMax: "Role name must be 100 characters or less",
  nameTaken: "A role with this name already exists",
  nameBuiltIn: "This is a built-in role's name: choose another",
  permission: `Each permission must be one of: ${PERMISSIONS.join(", ")}`,
  notFound: "Role not found",
  builtInUnchangeable:
    "Built-in roles cannot be changed or deleted (only whether the role sees only inquiries assigned to its " +
    "holders or unassigned). Make a custom role to vary one.",
  inUse: "This role is still given to staff accounts: give them another role first",
  unknownRole:
    "Role must be one of the roles listed in User Management (admin, super_admin, front_desk, clinician, marketing, or a custom role)",
  lastStaffManager: "There must always be at least one active account that can manage staff accounts and roles",
  reasonRequired: "Choose a reason: reply to the inquiry, scheduling, clinical review, or other",
  otherTextRequired: "Say why you open the health details (other reason)",
  otherTextMax: "The reason must be 200 characters or less",
  emergencyReasonRequired: "Say why you need emergency access (at least 10 characters)",
  emergencyReasonMax: "The reason must be 500 characters or less",
  emergencyNotNeeded: "Your role already opens health details: emergency access is not needed",
} as const;
