import { and, asc, count, eq, gt, inArray, ne, sql } from "drizzle-orm";
import {
  BUILT_IN_ROLES,
  customRoleKey,
  EMERGENCY_ACCESS_MINUTES,
  isBuiltInRoleKey,
  isPermission,
  PERMISSIONS,
  ROLE_MESSAGES,
  type Permission,
} from "../../shared/permissions";
import type { z } from "zod";
import type { createRoleInput, updateRoleInput } from "../../shared/schemas/roles";
import type { Database } from "../db/client";
import { adminEmergencyAccess, adminUsers, mailOutbox, roles } from "../db/schema";
import { errors } from "../errors";
import { logActivity, recordChange, type Actor } from "./activity";
import { activeMailSettings } from "./mail-outbox";
import type { AppDeps } from "../deps";

/**
 * Roles and what they allow (issue 24; docs/decisions/0056-roles-and-permissions.md). A role is a set
 * of permissions (src/shared/permissions.ts): the built-in roles' are the code's, a custom role's are
 * its row's. Nothing is cached across requests: the permission check reads the role's row (one read by
 * primary key, once per request: src/server/trpc.ts), so a change takes effect at once on every
 * instance. Emergency access adds "inquiries.health" for EMERGENCY_ACCESS_MINUTES.
 */

export interface RoleView {
  key: string;
  name: string;
  /** The spec's label for the two roles it names (Super Administrator, Administrator); else the name. */
  label: string;
  builtIn: boolean;
  permissions: Permission[];
  assignedOnly: boolean;
}

type RoleRow = typeof roles.$inferSelect;

/** A role's name as the portal shows it beside a user: a built-in role's label, a custom one's own name. */
export function roleLabel(key: string, storedName: string | null): string {
  return BUILT_IN_ROLES.find((role) => role.key === key)?.label ?? storedName ?? key;
}

function viewOf(row: RoleRow): RoleView {
  const builtIn = BUILT_IN_ROLES.find((role) => role.key === row.key);
  const label = roleLabel(row.key, row.name);
  if (builtIn)
    return {
      key: row.key,
      name: builtIn.name,
      label,
      builtIn: true,
      permissions: [...builtIn.permissions],
      assignedOnly: row.assignedOnly,
    };
  // A stored permission that no longer exists is ignored (never granted by accident of a rename).
  const permissions = PERMISSIONS.filter((permission) => row.permissions.includes(permission));
  return { key: row.key, name: row.name, label, builtIn: false, permissions, assignedOnly: row.assignedOnly };
}

/** One role as it is now, or null when there is no such role. */
export async function findRole(db: Database, key: string): Promise<RoleView | null> {
  const [row] = await db.select().from(roles).where(eq(roles.key, key));
  return row ? viewOf(row) : null;
}

/** What a signed-in staff member may do now: their role's permissions, plus health details while emergency access lasts. */
export interface StaffAccess {
  roleKey: string;
  roleName: string;
  roleLabel: string;
  /** The role's permissions, with "inquiries.health" added while emergency access lasts. */
  permissions: Permission[];
  /** Sees only inquiries assigned to them or unassigned. */
  assignedOnly: boolean;
  /** When the staff member's emergency access ends; null when none is live (or the role opens health details anyway). */
  emergencyAccessUntil: Date | null;
}

export async function staffAccessOf(db: Database, user: { id: number; role: string }, now = new Date()): Promise<StaffAccess> {
  const role = await findRole(db, user.role);
  // A role that vanished (it cannot while the foreign key holds) allows nothing.
  const permissions: Permission[] = role ? [...role.permissions] : [];
  let emergencyAccessUntil: Date | null = null;
  if (!permissions.includes("inquiries.health")) {
    emergencyAccessUntil = await emergencyAccessEnd(db, user.id, now);
    if (emergencyAccessUntil) permissions.push("inquiries.health");
  }
  return {
    roleKey: user.role,
    roleName: role?.name ?? user.role,
    roleLabel: role?.label ?? user.role,
    permissions: PERMISSIONS.filter((permission) => permissions.includes(permission)),
    assignedOnly: role?.assignedOnly ?? true,
    emergencyAccessUntil,
  };
}

/**
 * Whether the role itself opens health details. A live emergency access opens them in single inquiries,
 * one reason at a time, never in an export of many (issue 34).
 */
export function roleOpensHealth(access: StaffAccess): boolean {
  return access.permissions.includes("inquiries.health") && access.emergencyAccessUntil === null;
}

/** When the staff member's live emergency access ends, or null. */
export async function emergencyAccessEnd(db: Database, adminId: number, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date>`max(${adminEmergencyAccess.expiresAt})`.mapWith(adminEmergencyAccess.expiresAt) })
    .from(adminEmergencyAccess)
    .where(and(eq(adminEmergencyAccess.adminId, adminId), gt(adminEmergencyAccess.expiresAt, now)));
  return row?.until ?? null;
}

// ---------------------------------------------------------------- the matrix

export type RoleListEntry = RoleView & { userCount: number };

/** Every role, built-in ones first (in the code's order), then custom ones by name; with how many accounts hold each. */
export async function listRoles(db: Database): Promise<RoleListEntry[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.name)),
    db.select({ role: adminUsers.role, value: count() }).from(adminUsers).groupBy(adminUsers.role),
  ]);
  const held = new Map(counts.map((row) => [row.role, row.value]));
  const order = (key: string) => {
    const index = BUILT_IN_ROLES.findIndex((role) => role.key === key);
    return index === -1 ? BUILT_IN_ROLES.length : index;
  };
  return rows.map((row) => ({ ...viewOf(row), userCount: held.get(row.key) ?? 0 })).sort((a, b) => order(a.key) - order(b.key));
}

/** The keys of the roles that hold `permission` now (custom roles as stored, built-ins as coded). */
async function roleKeysWith(
  db: Database,
  permission: Permission,
  override?: { key: string; permissions: readonly string[] },
): Promise<string[]> {
  const rows = await db.select().from(roles);
  return rows
    .map((row) => (override && row.key === override.key ? viewOf({ ...row, permissions: [...override.permissions] }) : viewOf(row)))
    .filter((role) => role.permissions.includes(permission))
    .map((role) => role.key);
}

/**
 * Throws unless an active account other than `exceptUserId` (and, with `override`, counting the role
 * changed as it will be) can still manage staff. Runs inside the caller's transaction and locks the
 * rows it counts (PostgreSQL), so two concurrent demotions cannot both pass.
 */
export async function assertStaffManagerRemains(
  db: Database,
  opts: { exceptUserId?: number; override?: { key: string; permissions: readonly string[] }; message?: string },
): Promise<void> {
  const keys = await roleKeysWith(db, "staff.manage", opts.override);
  const others =
    keys.length === 0
      ? []
      : await db
          .select({ id: adminUsers.id })
          .from(adminUsers)
          .where(
            and(
              inArray(adminUsers.role, keys),
              eq(adminUsers.isActive, true),
              opts.exceptUserId !== undefined ? ne(adminUsers.id, opts.exceptUserId) : undefined,
            ),
          )
          .for("update");
  if (others.length === 0) throw errors.badRequest(opts.message ?? ROLE_MESSAGES.lastStaffManager);
}

/** Whether the role (as it is now) holds the permission. */
export async function roleHas(db: Database, key: string, permission: Permission): Promise<boolean> {
  return (await findRole(db, key))?.permissions.includes(permission) ?? false;
}

/** Refuses a role key that is not a role (the user create and update). */
export async function assertRoleExists(db: Database, key: string): Promise<void> {
  if (!(await findRole(db, key))) throw errors.invalidField(["role"], ROLE_MESSAGES.unknownRole);
}

const describeRole = (role: RoleView) => ({ name: role.name, permissions: role.permissions, assignedOnly: role.assignedOnly });

export async function createRole(db: Database, actor: Actor, input: z.output<typeof createRoleInput>): Promise<RoleListEntry> {
  const base = customRoleKey(input.name);
  // Another role may have a name with the same slug ("Billing" and "billing!"): number it.
  let key = base;
  for (let n = 2; await findRole(db, key); n++) key = `${base.slice(0, 46)}_${n}`;
  // A name another role has (built-in ones included: their rows carry their names) is refused by roles_name_unique (409, at the field).
  const [row] = await db
    .insert(roles)
    .values({ key, name: input.name, permissions: input.permissions, builtIn: false, assignedOnly: input.assignedOnly ?? false })
    .returning();
  const created = viewOf(row!);
  await recordChange(db, actor, {
    action: "create",
    resourceType: "role",
    resourceId: key,
    label: created.name,
    details: { before: null, after: describeRole(created) },
  });
  return { ...created, userCount: 0 };
}

async function requireRole(db: Database, key: string): Promise<RoleView> {
  const role = await findRole(db, key);
  if (!role) throw errors.notFound(ROLE_MESSAGES.notFound);
  return role;
}

/**
 * A custom role's new name, permissions or scope; a built-in role's scope only (its name and
 * permissions are the code's). Taking "staff.manage" away must leave an active account that has it.
 * Logged with before and after.
 */
export async function updateRole(db: Database, actor: Actor, input: z.output<typeof updateRoleInput>): Promise<RoleListEntry> {
  const { before, after } = await db.transaction(async (tx) => {
    const current = await requireRole(tx, input.key);
    if (current.builtIn) {
      const changesName = input.name !== undefined && input.name !== current.name;
      const changesPermissions = input.permissions !== undefined && !samePermissions(input.permissions, current.permissions);
      if (changesName || changesPermissions) throw errors.badRequest(ROLE_MESSAGES.builtInUnchangeable);
    }
    const permissions = current.builtIn ? current.permissions : (input.permissions ?? current.permissions);
    if (current.permissions.includes("staff.manage") && !permissions.includes("staff.manage")) {
      await assertStaffManagerRemains(tx, { override: { key: current.key, permissions } });
    }
    const [row] = await tx
      .update(roles)
      .set({
        ...(current.builtIn ? {} : { name: input.name ?? current.name, permissions }),
        assignedOnly: input.assignedOnly ?? current.assignedOnly,
        updatedAt: new Date(),
      })
      .where(eq(roles.key, current.key))
      .returning();
    return { before: current, after: viewOf(row!) };
  });
  if (JSON.stringify(describeRole(before)) !== JSON.stringify(describeRole(after))) {
    await recordChange(db, actor, {
      action: "update",
      resourceType: "role",
      resourceId: after.key,
      label: after.name,
      details: { before: describeRole(before), after: describeRole(after) },
    });
  }
  const [held] = await db.select({ value: count() }).from(adminUsers).where(eq(adminUsers.role, after.key));
  return { ...after, userCount: held?.value ?? 0 };
}

function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((permission) => b.includes(permission));
}

/** Deletes a custom role no account holds (built-in roles stay). Logged with what it allowed. */
export async function deleteRole(db: Database, actor: Actor, key: string): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const current = await requireRole(tx, key);
    if (current.builtIn || isBuiltInRoleKey(key)) throw errors.badRequest(ROLE_MESSAGES.builtInUnchangeable);
    const [held] = await tx.select({ value: count() }).from(adminUsers).where(eq(adminUsers.role, key));
    if ((held?.value ?? 0) > 0) throw errors.conflict(ROLE_MESSAGES.inUse);
    await tx.delete(roles).where(eq(roles.key, key));
    return current;
  });
  await recordChange(db, actor, {
    action: "delete",
    resourceType: "role",
    resourceId: key,
    label: deleted.name,
    details: { before: describeRole(deleted), after: null },
  });
}

// ---------------------------------------------------------------- emergency access

/**
 * Emergency access: a staff member whose role does not open health details states why, and may open
 * them for EMERGENCY_ACCESS_MINUTES. Written to the activity log as its own action (the portal
 * highlights it) with the reason; every active Super Administrator with an address is mailed
 * that it happened, without any name or health detail (decision 0018), when mail is on.
 */
export async function startEmergencyAccess(
  deps: AppDeps,
  actor: Actor & { adminId: number },
  reason: string,
  now = new Date(),
): Promise<{ until: Date }> {
  const until = new Date(now.getTime() + EMERGENCY_ACCESS_MINUTES * 60_000);
  const mail = await activeMailSettings(deps);
  await deps.db.transaction(async (tx) => {
    await tx.insert(adminEmergencyAccess).values({ adminId: actor.adminId, reason, startedAt: now, expiresAt: until });
    if (!mail) return;
    const owners = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, "super_admin"), eq(adminUsers.isActive, true), sql`coalesce(${adminUsers.email}, '') <> ''`));
    if (owners.length > 0) {
      await tx.insert(mailOutbox).values(
        owners.map((owner) => ({
          kind: "emergency_access",
          recipientAdminId: owner.id,
          payload: { at: now.toISOString(), until: until.toISOString() },
        })),
      );
    }
  });
  await logActivity(deps.db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "emergency_access",
    resourceType: "contact_submission",
    details: { reason, minutes: EMERGENCY_ACCESS_MINUTES, until: until.toISOString() },
    ipAddress: actor.ip,
  });
  return { until };
}

/** Keeps only known permissions (a stored list read back). */
export function knownPermissions(list: readonly unknown[]): Permission[] {
  return list.filter(isPermission);
}
