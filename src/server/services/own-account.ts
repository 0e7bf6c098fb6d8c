import { and, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import type { z } from "zod";
import {
  PASSWORD_MIN_SINGLE_FACTOR,
  PASSWORD_RULE_MESSAGES,
  type changeOwnPasswordInput,
  type updateOwnProfileInput,
} from "../../shared/schemas/users";
import { BACKUP_CODE_COUNT, generateBackupCode, normaliseBackupCode } from "../auth/backup-codes";
import { hashSecret, verifySecret } from "../auth/passwords";
import { deleteUserSessions, type SessionAuth } from "../auth/sessions";
import { generateToken, hashToken } from "../auth/tokens";
import { generateTotpKey, totpKeyForDisplay, totpKeyUri } from "../auth/totp";
import type { Database } from "../db/client";
import { adminBackupCodes, adminUsers, mailOutbox } from "../db/schema";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { logActivity } from "./activity";
import { clearTwoFactor } from "./admin-users";
import { totpAt } from "./inquiry-identity";
import { activeMailSettings, emailConfirmToken } from "./mail-outbox";
import { assertPasswordAllowed } from "./password-rules";
import { afterSecondFactorRemoved, hasSecondFactor } from "./second-factor";
import { getClinic } from "./settings";
import { AUTH_MESSAGES, claimSlots, consumeTotpCode, currentUser, recordFailure, releaseSlots, type RequestMeta } from "./sign-in";

/**
 * One's own account (My Account): the authenticator app's enrolment and its removal, one's own
 * password, names and e-mail (a new address confirmed by a link mailed to it when mail is on), and how
 * many backup codes are left. A re-typed password counts toward the sign-in lockout (./sign-in.ts).
 */

/**
 * A signed-in user's password, checked again (own password change, turning 2FA off): the check
 * claims a slot of the account's sign-in lockout first, so a stolen session cannot guess it freely.
 */
async function checkOwnPassword(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, password: string, passwordHash: string) {
  const now = new Date();
  const slots = await claimSlots(deps, auth.user.username, null, now);
  if (await verifySecret(passwordHash, password)) {
    await releaseSlots(deps.db, slots, false);
    return true;
  }
  await recordFailure(
    deps,
    slots,
    { adminId: auth.user.id, username: auth.user.username },
    meta,
    "wrong_current_password",
    now,
    "identity_check_failed",
  );
  return false;
}

/**
 * The end of every change users make to their own account security: their other sessions end
 * (this one stays) and the change goes to the activity log.
 */
async function afterOwnSecurityChange(
  deps: AppDeps,
  auth: SessionAuth,
  meta: RequestMeta,
  action: "2fa_enable" | "2fa_disable" | "password_change",
): Promise<void> {
  await deleteUserSessions(deps.db, auth.user.id, auth.session.id);
  await logActivity(deps.db, {
    adminId: auth.user.id,
    username: auth.user.username,
    action,
    resourceType: "admin_user",
    resourceId: auth.user.id,
    ipAddress: meta.ip,
  });
}

/** Step 1 of enrolment: a new key, kept encrypted and inactive until a code from it is confirmed. */
export async function setupTwoFactor(deps: AppDeps, auth: SessionAuth, meta: RequestMeta) {
  if (auth.user.twoFactorEnabled) throw errors.conflict(AUTH_MESSAGES.alreadyEnabled);
  const key = generateTotpKey();
  await deps.db
    .update(adminUsers)
    .set({ twoFactorSecret: deps.secrets.encrypt(key, totpAt(auth.user.id)), totpLastStep: null, updatedAt: new Date() })
    .where(eq(adminUsers.id, auth.user.id));
  const otpauthUrl = totpKeyUri((await getClinic(deps.db)).name, auth.user.username, key);
  await logActivity(deps.db, {
    adminId: auth.user.id,
    username: auth.user.username,
    action: "2fa_setup",
    resourceType: "admin_user",
    resourceId: auth.user.id,
    ipAddress: meta.ip,
  });
  return {
    secret: totpKeyForDisplay(key),
    otpauthUrl,
    qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: "M", margin: 2, width: 240 }),
  };
}

/** Step 2: a code from the new key turns 2FA on and returns 10 backup codes, shown once. */
export async function enableTwoFactor(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, code: string) {
  const user = await currentUser(deps.db, auth);
  if (user.twoFactorEnabled) throw errors.conflict(AUTH_MESSAGES.alreadyEnabled);
  if (!user.twoFactorSecret) throw errors.badRequest(AUTH_MESSAGES.notSetUp);
  const result = await consumeTotpCode(deps, user, code, new Date());
  if (result !== "ok") throw errors.badRequest(result === "replayed" ? AUTH_MESSAGES.replayedCode : AUTH_MESSAGES.invalidCode);

  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
  const hashes = await Promise.all(backupCodes.map((c) => hashSecret(normaliseBackupCode(c))));
  await deps.db.transaction(async (tx) => {
    await tx.delete(adminBackupCodes).where(eq(adminBackupCodes.adminId, user.id));
    await tx.insert(adminBackupCodes).values(hashes.map((codeHash) => ({ adminId: user.id, codeHash })));
    await tx.update(adminUsers).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(adminUsers.id, user.id));
  });
  await afterOwnSecurityChange(deps, auth, meta, "2fa_enable");
  return { backupCodes };
}

/** Turns 2FA off after the password is confirmed; the key and the backup codes are removed. */
export async function disableTwoFactor(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, password: string) {
  const user = await currentUser(deps.db, auth);
  if (!(await checkOwnPassword(deps, auth, meta, password, user.passwordHash))) throw errors.badRequest(AUTH_MESSAGES.wrongPassword);
  if (!user.twoFactorEnabled && !user.twoFactorSecret) throw errors.badRequest(AUTH_MESSAGES.notEnabled);
  await clearTwoFactor(deps.db, user.id);
  await afterSecondFactorRemoved(deps.db, user.id);
  await afterOwnSecurityChange(deps, auth, meta, "2fa_disable");
  return { success: true as const };
}

/** A signed-in user changes their own password; their other sessions end, this one stays. */
export async function changeOwnPassword(
  deps: AppDeps,
  auth: SessionAuth,
  meta: RequestMeta,
  input: z.output<typeof changeOwnPasswordInput>,
) {
  const user = await currentUser(deps.db, auth);
  if (!(await checkOwnPassword(deps, auth, meta, input.currentPassword, user.passwordHash))) {
    throw errors.badRequest(AUTH_MESSAGES.wrongCurrentPassword);
  }
  // A required change (a password someone else set) is not made by typing the same one again.
  if (input.newPassword === input.currentPassword) throw errors.invalidField(["newPassword"], PASSWORD_RULE_MESSAGES.sameAsCurrent);
  const secondFactor = await hasSecondFactor(deps.db, user);
  await assertPasswordAllowed(deps.db, input.newPassword, { username: user.username, hasSecondFactor: secondFactor }, "newPassword");
  // A password under the single-factor minimum is kept only while a second factor follows it (afterSecondFactorRemoved).
  const needsSecondFactor = [...input.newPassword].length < PASSWORD_MIN_SINGLE_FACTOR;
  await deps.db
    .update(adminUsers)
    .set({
      passwordHash: await hashSecret(input.newPassword),
      mustChangePassword: false,
      passwordNeedsSecondFactor: needsSecondFactor,
      updatedAt: new Date(),
    })
    .where(eq(adminUsers.id, user.id));
  await afterOwnSecurityChange(deps, auth, meta, "password_change");
  return { success: true as const };
}

/** Whether a profile save's (unchecked) input changes one's own e-mail (where alerts and sign-in notices go): a fresh check first. */
export function changesOwnEmail(user: { email: string | null }, raw: unknown): boolean {
  const email = raw && typeof raw === "object" ? (raw as { email?: unknown }).email : undefined;
  if (email === undefined) return false;
  const next = typeof email === "string" ? email.trim().toLowerCase() : "";
  return next !== (user.email ?? "").trim().toLowerCase();
}

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CONFIRM_MS = 24 * 60 * 60_000;

export const EMAIL_CONFIRM_MESSAGES = {
  invalidLink:
    "This confirmation link is not valid (it may have been used already, or replaced by a newer one). Change " +
    "your e-mail in My Account to get a new link.",
  expiredLink: "This confirmation link has expired (links work for 24 hours). Change your e-mail in My Account to get a new link.",
} as const;

/**
 * My Account: one's own names and e-mail; the change goes to the activity log. Names are saved at once.
 * A changed e-mail is saved at once too when no mail goes out; when mail is on it waits as pending and a
 * link to confirm it is mailed to the new address (docs/decisions/0053-passwords-and-account-setup.md).
 */
export async function updateOwnProfile(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, input: z.output<typeof updateOwnProfileInput>) {
  const now = new Date();
  const [current] = await deps.db.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.id, auth.user.id));
  if (!current) throw errors.unauthorized();
  const newEmail = input.email ?? null;
  const emailChanged = (newEmail ?? "") !== (current.email ?? "");
  // Only an address to send to needs confirming: clearing one's e-mail is saved at once.
  const confirm = emailChanged && newEmail !== null && newEmail !== "" && (await activeMailSettings(deps)) !== null;
  const row = await deps.db.transaction(async (tx) => {
    const changes: Partial<typeof adminUsers.$inferInsert> = { firstName: input.firstName, lastName: input.lastName, updatedAt: now };
    if (confirm) {
      const nonce = generateToken();
      Object.assign(changes, {
        pendingEmail: newEmail,
        pendingEmailTokenHash: hashToken(emailConfirmToken(deps, auth.user.id, nonce)),
        pendingEmailExpiresAt: new Date(now.getTime() + EMAIL_CONFIRM_MS),
      });
      await tx.insert(mailOutbox).values({ kind: "email_confirm", recipientAdminId: auth.user.id, payload: { nonce } });
    } else {
      // Saved as is (or put back as it was): any earlier link stops working.
      Object.assign(changes, { email: newEmail, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null });
    }
    const [updated] = await tx.update(adminUsers).set(changes).where(eq(adminUsers.id, auth.user.id)).returning();
    return updated;
  });
  if (!row) throw errors.unauthorized();
  await logProfileChange(deps, auth, meta, { emailChanged: emailChanged && !confirm, ...(confirm ? { emailConfirmationSent: true } : {}) });
  return { firstName: row.firstName, lastName: row.lastName, email: row.email, pendingEmail: row.pendingEmail };
}

/** One's own profile changed (names, e-mail, or an e-mail confirmed): one activity line, never the link's token. */
function logProfileChange(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, details: Record<string, unknown>) {
  return logActivity(deps.db, {
    adminId: auth.user.id,
    username: auth.user.username,
    action: "update",
    resourceType: "admin_user",
    resourceId: auth.user.id,
    details: { label: auth.user.username, profile: true, ...details },
    ipAddress: meta.ip,
  });
}

/** The signed-in user opened the link mailed to their new address: that address becomes their e-mail. */
export async function confirmOwnEmail(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, token: string) {
  const now = new Date();
  const [row] = await deps.db
    .select({
      email: adminUsers.email,
      pendingEmail: adminUsers.pendingEmail,
      hash: adminUsers.pendingEmailTokenHash,
      expiresAt: adminUsers.pendingEmailExpiresAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, auth.user.id));
  if (!row) throw errors.unauthorized();
  if (!row.pendingEmail || !row.hash || row.hash !== hashToken(token)) throw errors.badRequest(EMAIL_CONFIRM_MESSAGES.invalidLink);
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime()) throw errors.badRequest(EMAIL_CONFIRM_MESSAGES.expiredLink);
  // Guarded by the hash, so two clicks confirm once.
  const [updated] = await deps.db
    .update(adminUsers)
    .set({ email: row.pendingEmail, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null, updatedAt: now })
    .where(and(eq(adminUsers.id, auth.user.id), eq(adminUsers.pendingEmailTokenHash, row.hash)))
    .returning();
  if (!updated) throw errors.badRequest(EMAIL_CONFIRM_MESSAGES.invalidLink);
  await logProfileChange(deps, auth, meta, { emailChanged: true, emailConfirmed: true });
  return { firstName: updated.firstName, lastName: updated.lastName, email: updated.email, pendingEmail: null };
}

export async function countUnusedBackupCodes(db: Database, adminId: number): Promise<number> {
  const rows = await db
    .select({ id: adminBackupCodes.id })
    .from(adminBackupCodes)
    .where(and(eq(adminBackupCodes.adminId, adminId), isNull(adminBackupCodes.usedAt)));
  return rows.length;
}
