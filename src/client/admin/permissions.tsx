import { createContext, useContext, type ReactNode } from "react";
import {
  BUILT_IN_ROLES,
  hasPermission,
  PERMISSION_LABELS,
  PERMISSIONS,
  type HealthAccessReason,
  type Permission,
} from "../../shared/permissions";
import { trpc } from "../lib/trpc";
import type { Outputs } from "./outputs";
import type { Api } from "./save";
import { useSession, type AdminUser } from "./session";
import { R } from "./text-roles";

/**
 * What the signed-in staff member's role allows (issue 24), as the portal reads it from the session:
 * `useCan(permission)` for a single check, `<Can permission>` to show a part only to those who may use
 * it, and the screen table (routes.tsx) for the screens and the sidebar. The portal only decides what it
 * offers: the server checks every call again and refuses what the role does not hold.
 *
 * This module is the one place that knows how the session carries the role's name and permissions.
 */

/** The permissions the signed-in user holds now (their role's, with health details while emergency access lasts). */
export function permissionsOf(user: AdminUser): readonly Permission[] {
  return user.permissions;
}

/** The role's name as staff know it ("Super Administrator", "Front desk", or a custom role's name: docs/glossary.md). */
export function roleNameOf(user: AdminUser): string {
  return user.roleName;
}

export function usePermissions(): readonly Permission[] {
  const user = useSession().data;
  return user ? permissionsOf(user) : [];
}

export function useCan(permission: Permission): boolean {
  return hasPermission(usePermissions(), permission);
}

/** Its children for a user whose role holds `permission`; `otherwise` (nothing by default) for anyone else. */
export function Can({ permission, children, otherwise = null }: { permission: Permission; children: ReactNode; otherwise?: ReactNode }) {
  return <>{useCan(permission) ? children : otherwise}</>;
}

/** Whether a role may do everything (the Super Administrator's, and a custom role given every permission). */
export function holdsAll(permissions: readonly string[]): boolean {
  return PERMISSIONS.every((permission) => permissions.includes(permission));
}

/**
 * The role as the sidebar and the dashboard's welcome show it: a built-in role's label (the spec's
 * "Super Administrator" and "Administrator"), else its name.
 */
export function roleLabelOf(user: AdminUser): string {
  return user.roleLabel;
}

/** When the user's emergency access to health details ends (null when none is live). */
export function emergencyUntilOf(user: AdminUser): Date | null {
  return user.emergencyAccessUntil;
}

/**
 * What a role allows, in one short line for the users table ("Inquiries with health details, notes"):
 * the areas it may work in, most telling first, each in a few words.
 */
export function roleSummary(permissions: readonly string[]): string {
  const p = (permission: Permission) => permissions.includes(permission);
  const S = R.summary;
  if (holdsAll(permissions)) return S.everything;
  const parts: string[] = [];
  if (p("inquiries.view")) {
    const inquiry = p("inquiries.health") ? S.inquiriesHealth : S.inquiriesContact;
    const extras = [
      p("inquiries.work") ? S.notes : null,
      p("inquiries.export") ? S.export : null,
      p("inquiries.delete") ? S.delete : null,
    ].filter(Boolean);
    parts.push([inquiry, ...extras].join(", "));
  } else if (p("inquiries.health")) parts.push(S.healthOnly);
  const content = (["services.edit", "news.edit", "team.edit", "testimonials.edit", "content.edit", "social.edit"] as const).filter(p);
  if (content.length === 6) parts.push(p("publish") ? S.contentPublish : S.content);
  else if (content.length > 0) parts.push(content.map((key) => S.contentAreas[key]).join(", ") + (p("publish") ? `, ${S.publishing}` : ""));
  else if (p("publish")) parts.push(S.publishing);
  if (p("media.manage")) parts.push(S.media);
  if (p("staff.manage")) parts.push(S.staff);
  if (p("settings.manage")) parts.push(S.settings);
  if (p("legal.edit")) parts.push(S.legal);
  if (p("activity.read")) parts.push(S.activity);
  if (p("backups.take")) parts.push(S.backups);
  if (parts.length === 0) return S.nothing;
  const line = parts.join("; ");
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** The permission's row in the matrix, in plain words. */
export function permissionLabel(permission: Permission): string {
  return PERMISSION_LABELS[permission];
}

// ---- The server's roles and health-access procedures (issue 24), in one place.

/** A role as the matrix shows it (roles.list): built-in or custom, what it may do, how many hold it. */
export type RoleRow = Outputs["roles"]["list"][number];

/** The built-in roles as rows (what the portal shows before the roles' read arrives). */
export const BUILT_IN_ROLE_ROWS: RoleRow[] = BUILT_IN_ROLES.map((role) => ({
  key: role.key,
  name: role.name,
  label: role.label,
  builtIn: true,
  permissions: [...role.permissions],
  assignedOnly: false,
  userCount: 0,
}));

/** What a custom role's form sends. */
export interface RoleFields {
  name: string;
  permissions: Permission[];
}

/** Why health details are opened (the reason list, "other" with its words). */
export interface HealthReason {
  reason: HealthAccessReason;
  otherText?: string;
}

type OpenedInquiry = Outputs["contact"]["byId"];
/** Whether an opened inquiry's health details are in it, need a reason first, or are not the role's to see. */
export type HealthAccess = OpenedInquiry["healthAccess"];

/** Every role: the built-in ones and the custom ones, each with its permissions (the matrix). */
export function useRoles() {
  return trpc.roles.list.useQuery();
}

/** The writes of the Roles & permissions screen, for useSave("roles"). */
export const roleWrites = {
  create: (fields: RoleFields) => (api: Api) => api.roles.create.mutate(fields),
  update: (key: string, fields: RoleFields) => (api: Api) => api.roles.update.mutate({ key, ...fields }),
  remove: (key: string) => (api: Api) => api.roles.delete.mutate({ key }),
  /** Which inquiries the role's holders see: only those assigned to them or unassigned, or all (built-in roles too). */
  scope: (key: string, assignedOnly: boolean) => (api: Api) => api.roles.update.mutate({ key, assignedOnly }),
};

/** An opened inquiry's health access. */
export function healthAccessOf(inquiry: OpenedInquiry): HealthAccess {
  return inquiry.healthAccess;
}

/**
 * The inquiry opened again with a reason, for its health details (`why` null: not yet): the server logs
 * the opening with the reason in its access history. Forgotten when the drawer closes (gcTime 0).
 */
export function useHealthOpening(id: number, why: HealthReason | null) {
  const input = { id, reason: why?.reason ?? "reply", ...(why?.otherText ? { reasonText: why.otherText } : {}) };
  return trpc.contact.byId.useQuery(input, { enabled: why !== null, gcTime: 0 });
}

/** Emergency access for a role without health details (the Super Administrators are told), for useSave("health"). */
export const healthWrites = {
  emergency: (reason: string) => (api: Api) => api.contact.emergencyAccess.mutate({ reason }),
};

/**
 * Whether the signed-in role may open an admin address, from the screen table (routes.tsx): the layout
 * provides it, so a screen that links to others (the dashboard's cards) need not import the table that
 * loads it. Without a provider every address is offered (the server refuses what the role may not do).
 */
export const ScreenAccess = createContext<(href: string) => boolean>(() => true);
export const useMayOpen = () => useContext(ScreenAccess);
