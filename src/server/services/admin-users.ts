import { randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { createAdminUserInput, resetPasswordInput, updateAdminUserInput } from "../../shared/schemas/users";
import { hashSecret } from "../auth/passwords";
import { deleteUserSessions } from "../auth/sessions";
import { clearHits } from "../auth/throttle";
import type { Database } from "../db/client";
import { adminBackupCodes, adminPasskeys, adminUsers } from "../db/schema";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";
import { assertPasswordAllowed, passwordProblem } from "./password-rules";
import { assertRoleExists, assertStaffManagerRemains, roleHas } from "./roles";

/**
 * Admin accounts (staff.manage; the router checks the permission). A staff manager cannot delete or
 * deactivate themself, and the last active account that can manage staff (a super admin, or a custom
 * role with staff.manage) can be neither removed, deactivated nor given a role without it.
 * Deactivating a user, changing their role or resetting their password ends all their sessions.
 */

export const USER_RULE_MESSAGES = {
  notFound: "Admin user not found",
  deleteSelf: "You cannot delete your own account",
  deactivateSelf: "You cannot deactivate your own account",
  lastSuperAdmin: "There must always be at least one active super admin",
} as const;

/** The columns a client may see: never the password hash, the TOTP key or its last step. */
export const publicAdminUserColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  email: adminUsers.email,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  twoFactorEnabled: adminUsers.twoFactorEnabled,
  lastLogin: adminUsers.lastLogin,
  createdAt: adminUsers.createdAt,
  updatedAt: adminUsers.updatedAt,
};

type AdminUserRow = typeof adminUsers.$inferSelect;
export type PublicAdminUser = Pick<AdminUserRow, keyof typeof publicAdminUserColumns>;

export function toPublicAdminUser(row: AdminUserRow): PublicAdminUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    twoFactorEnabled: row.twoFactorEnabled,
    lastLogin: row.lastLogin,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listAdminUsers(db: Database): Promise<PublicAdminUser[]> {
  const rows = await db.select(publicAdminUserColumns).from(adminUsers).orderBy(asc(adminUsers.id));
  return rows as PublicAdminUser[];
}

async function findUser(db: Database, id: number): Promise<AdminUserRow> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw errors.notFound(USER_RULE_MESSAGES.notFound);
  return row;
}

/**
 * A new account: its password is someone else's choice (a super admin's, the command line's), so it
 * must pass the rules for an account without a second factor and be changed at the first sign-in.
 */
export async function createAdminUser(db: Database, actor: Actor, input: z.output<typeof createAdminUserInput>): Promise<PublicAdminUser> {
  await assertRoleExists(db, input.role);
  await assertPasswordAllowed(db, input.password, { username: input.username, hasSecondFactor: false }, "password");
  const [row] = await db
    .insert(adminUsers)
    .values({
      username: input.username,
      passwordHash: await hashSecret(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      role: input.role,
      // New-inquiry mail: on by default for super admins (they can turn it off in My Account).
      notifyNewInquiries: input.role === "super_admin",
      mustChangePassword: true,
    })
    .returning();
  await recordChange(db, actor, {
    action: "create",
    resourceType: "admin_user",
    resourceId: row!.id,
    label: row!.username,
    details: { role: row!.role },
  });
  return toPublicAdminUser(row!);
}

/** Throws when the change would leave no active account that can manage staff. Runs inside the caller's transaction. */
async function assertAnotherActiveSuperAdmin(db: Database, exceptId: number): Promise<void> {
  await assertStaffManagerRemains(db, { exceptUserId: exceptId, message: USER_RULE_MESSAGES.lastSuperAdmin });
}

/** Whether an update's (unchecked) input would change what the account may do (its role, or whether it is active): a fresh check first. */
export async function changesAccess(db: Database, raw: unknown): Promise<boolean> {
  const input = raw as { id?: unknown; role?: unknown; isActive?: unknown } | null | undefined;
  if (!input || typeof input !== "object" || (input.role === undefined && input.isActive === undefined)) return false;
  const id = Number(input.id);
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const [row] = await db.select({ role: adminUsers.role, isActive: adminUsers.isActive }).from(adminUsers).where(eq(adminUsers.id, id));
  return (
    !!row && ((input.role !== undefined && row.role !== input.role) || (input.isActive !== undefined && row.isActive !== input.isActive))
  );
}

export async function updateAdminUser(db: Database, actor: Actor, input: z.output<typeof updateAdminUserInput>): Promise<PublicAdminUser> {
  const updated = await db.transaction(async (tx) => {
    const current = await findUser(tx, input.id);
    const nextRole = input.role ?? current.role;
    const nextActive = input.isActive ?? current.isActive;
    if (current.id === actor.adminId && !nextActive) throw errors.badRequest(USER_RULE_MESSAGES.deactivateSelf);
    if (nextRole !== current.role) await assertRoleExists(tx, nextRole);
    const managesStaff = await roleHas(tx, current.role, "staff.manage");
    const losesStaffManage =
      managesStaff && current.isActive && (!nextActive || (nextRole !== current.role && !(await roleHas(tx, nextRole, "staff.manage"))));
    if (losesStaffManage) await assertAnotherActiveSuperAdmin(tx, current.id);

    const [row] = await tx
      .update(adminUsers)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: nextRole,
        isActive: nextActive,
        updatedAt: new Date(),
      })
      .where(eq(adminUsers.id, current.id))
      .returning();
    if (nextRole !== current.role || nextActive !== current.isActive) await deleteUserSessions(tx, current.id);
    // A deactivation takes the passkeys too: a taken-over account's own key must not outlive it (issue 34).
    const passkeysRemoved = current.isActive && !nextActive ? await removeAllPasskeys(tx, current.id) : [];
    return { user: toPublicAdminUser(row!), before: { role: current.role, isActive: current.isActive }, passkeysRemoved };
  });
  const { user } = updated;
  // A role change is logged with before and after (issue 24).
  const after = { role: user.role, isActive: user.isActive };
  const changed = after.role !== updated.before.role || after.isActive !== updated.before.isActive;
  await recordChange(db, actor, {
    action: "update",
    resourceType: "admin_user",
    resourceId: user.id,
    label: user.username,
    details: {
      role: user.role,
      isActive: user.isActive,
      ...(changed ? { before: updated.before, after } : {}),
      ...(updated.passkeysRemoved.length > 0 ? { passkeysRemoved: updated.passkeysRemoved } : {}),
    },
  });
  return user;
}

export async function deleteAdminUser(db: Database, actor: Actor, id: number): Promise<PublicAdminUser> {
  const deleted = await db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    if (current.id === actor.adminId) throw errors.badRequest(USER_RULE_MESSAGES.deleteSelf);
    if (current.isActive && (await roleHas(tx, current.role, "staff.manage"))) await assertAnotherActiveSuperAdmin(tx, current.id);
    await tx.delete(adminUsers).where(eq(adminUsers.id, current.id));
    return toPublicAdminUser(current);
  });
  await recordChange(db, actor, { action: "delete", resourceType: "admin_user", resourceId: deleted.id, label: deleted.username });
  return deleted;
}

/**
 * Sets a new password, turns 2FA off, removes the passkeys, ends every session of the user and lifts a
 * lockout (the portal's
 * super admins and the command line alike). `reactivate` also makes the account active again: the
 * command line's way back in for a super admin who was locked out or deactivated. The password must
 * pass the rules for an account without a second factor (the reset turns 2FA off) and, set by someone
 * other than the account's owner, be changed at the next sign-in.
 */
export async function resetAdminPassword(
  db: Database,
  actor: Actor,
  input: z.output<typeof resetPasswordInput>,
  options: { reactivate?: boolean } = {},
): Promise<PublicAdminUser> {
  const current = await findUser(db, input.id);
  await assertPasswordAllowed(db, input.newPassword, { username: current.username, hasSecondFactor: false }, "newPassword");
  const passwordHash = await hashSecret(input.newPassword);
  const mustChangePassword = actor.adminId !== current.id;
  await db
    .update(adminUsers)
    .set({
      passwordHash,
      mustChangePassword,
      passwordNeedsSecondFactor: false,
      ...(options.reactivate ? { isActive: true } : {}),
      updatedAt: new Date(),
    })
    .where(eq(adminUsers.id, current.id));
  await clearTwoFactor(db, current.id);
  // The usual answer to a taken-over account: no second factor of the intruder's survives it (issue 34).
  const passkeysRemoved = await removeAllPasskeys(db, current.id);
  await deleteUserSessions(db, current.id);
  await clearHits(db, `login:account:${current.username.toLowerCase()}`);
  await recordChange(db, actor, {
    action: "password_reset",
    resourceType: "admin_user",
    resourceId: current.id,
    label: current.username,
    details: {
      twoFactorDisabled: true,
      ...(passkeysRemoved.length > 0 ? { passkeysRemoved } : {}),
      ...(options.reactivate ? { reactivated: true } : {}),
    },
  });
  return toPublicAdminUser(await findUser(db, current.id));
}

/** Turns 2FA off: the key and the backup codes go. */
export async function clearTwoFactor(db: Database, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ twoFactorEnabled: false, twoFactorSecret: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(adminUsers.id, adminId));
    await tx.delete(adminBackupCodes).where(eq(adminBackupCodes.adminId, adminId));
  });
}

/** Removes every passkey of the account; their names, for the activity line of the act that removed them. */
async function removeAllPasskeys(db: Database, adminId: number): Promise<string[]> {
  const removed = await db.delete(adminPasskeys).where(eq(adminPasskeys.adminId, adminId)).returning({ name: adminPasskeys.name });
  return removed.map((row) => row.name);
}

/** A readable random password: four groups of five base32 characters (100 bits). */
export function generatePassword(): string {
  const raw = encodeBase32LowerCaseNoPadding(randomBytes(13)).slice(0, 20);
  return raw.match(/.{5}/g)!.join("-");
}

/**
 * Creates the first super admin when no admin user exists: ADMIN_USERNAME / ADMIN_PASSWORD, or a
 * generated password that the caller prints once and that must be changed at the first sign-in. An
 * ADMIN_PASSWORD that breaks the password rules (src/server/services/password-rules.ts) stops the
 * start with the rule's message: the operator chose it and can choose another.
 */
export async function ensureFirstAdmin(
  db: Database,
  opts: { username: string; password?: string },
): Promise<{ created: false } | { created: true; username: string; generatedPassword?: string }> {
  const [existing] = await db.select({ value: count() }).from(adminUsers);
  if ((existing?.value ?? 0) > 0) return { created: false };
  if (opts.password) {
    const problem = await passwordProblem(db, opts.password, { username: opts.username, hasSecondFactor: false });
    if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}.`);
  }
  const password = opts.password ?? generatePassword();
  const inserted = await db
    .insert(adminUsers)
    .values({
      username: opts.username,
      passwordHash: await hashSecret(password),
      role: "super_admin",
      notifyNewInquiries: true,
      mustChangePassword: !opts.password,
    })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  if (inserted.length === 0) return { created: false };
  return { created: true, username: opts.username, generatedPassword: opts.password ? undefined : password };
}
