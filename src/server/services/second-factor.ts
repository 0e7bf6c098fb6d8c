import type { AdminUserRow } from "../auth/sessions";
import type { Database } from "../db/client";
import { eq } from "drizzle-orm";
import { adminPasskeys, adminUsers } from "../db/schema";
import { getSecurity } from "./settings";

/** Whether the account has at least one passkey. */
export async function hasPasskey(db: Database, adminId: number): Promise<boolean> {
  const [row] = await db.select({ id: adminPasskeys.id }).from(adminPasskeys).where(eq(adminPasskeys.adminId, adminId)).limit(1);
  return row !== undefined;
}

/**
 * Whether an account has a second factor: TOTP or a passkey (a passkey is something one has, unlocked
 * by the device's own check: user verification is required). The one place the password length rule,
 * the policy gate and the session answer ask.
 */
export async function hasSecondFactor(db: Database, user: Pick<AdminUserRow, "id" | "twoFactorEnabled">): Promise<boolean> {
  return user.twoFactorEnabled || (await hasPasskey(db, user.id));
}

/**
 * After a second factor was removed (2FA off, a passkey removed): an account left with none whose password
 * was set under the shorter rule (8 characters, allowed only while a second factor always follows it)
 * must choose a new one of 15 before anything else (issue 34). Answers whether it must.
 */
export async function afterSecondFactorRemoved(db: Database, adminId: number): Promise<boolean> {
  const [user] = await db
    .select({ id: adminUsers.id, twoFactorEnabled: adminUsers.twoFactorEnabled, short: adminUsers.passwordNeedsSecondFactor })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  if (!user?.short || (await hasSecondFactor(db, user))) return false;
  await db.update(adminUsers).set({ mustChangePassword: true, updatedAt: new Date() }).where(eq(adminUsers.id, adminId));
  return true;
}

/** What an account must do before anything else: choose a new password, then enrol a second factor. */
export type AccountSetupStep = "password" | "second_factor";

/**
 * The account's pending setup step, or null when it may use the portal: a password someone else set
 * or the machine generated comes first; then, when Settings requires a second factor for the
 * account's role (docs/decisions/0053-passwords-and-account-setup.md), enrolment.
 */
export async function pendingAccountStep(
  db: Database,
  user: Pick<AdminUserRow, "id" | "role" | "mustChangePassword" | "twoFactorEnabled">,
): Promise<AccountSetupStep | null> {
  if (user.mustChangePassword) return "password";
  const security = await getSecurity(db);
  // The spec's two roles have their own switch; every other role follows Administrator's (issue 24).
  const required = user.role === "super_admin" ? security.requireSecondFactor.super_admin : security.requireSecondFactor.admin;
  if (required && !(await hasSecondFactor(db, user))) return "second_factor";
  return null;
}
