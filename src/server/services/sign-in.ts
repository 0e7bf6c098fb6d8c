import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { PASSKEY_MESSAGES, type authenticationResponse } from "../../shared/schemas/passkeys";
import type { loginInput } from "../../shared/schemas/users";
import { normaliseBackupCode } from "../auth/backup-codes";
import { verifyAgainstDummy, verifySecret } from "../auth/passwords";
import { createSession, FRESH_CHECK_MS, markSessionFresh, type SessionAuth } from "../auth/sessions";
import { blockKey, claimAttempt, clearHits, releaseAttempt, secondsUntil } from "../auth/throttle";
import { matchTotpStep } from "../auth/totp";
import type { Database } from "../db/client";
import { adminBackupCodes, adminUsers } from "../db/schema";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { logActivity } from "./activity";
import { toPublicAdminUser } from "./admin-users";
import { totpAt } from "./inquiry-identity";
import {
  CEREMONY_TIMEOUT_MS,
  checkAssertion,
  findPasskey,
  passkeysOf,
  recordPasskeyUse,
  relyingParty,
  storeChallenge,
  takeChallenge,
} from "./passkey-ceremony";
import { hasPasskey } from "./second-factor";
import { noteSignInDevice } from "./sessions";

/**
 * Signing in, and proving again who one is: the password sign-in with its second step (a TOTP code, a
 * backup code or a passkey), the end every sign-in shares (completeSignIn, a passkey sign-in's too:
 * ./passkeys.ts), the attempt slots that throttle sign-ins and lock an account, the checks of a code,
 * and a signed-in user's re-checks ("Confirm it's you", the backup download's own check).
 */

/** Who is asking, for throttling and the activity log. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid credentials",
  invalidCode: "Invalid 2FA code",
  replayedCode: "This code has already been used. Please wait for the next code.",
  invalidBackupCode: "Invalid backup code",
  deactivated: "This account has been deactivated. Please contact a super administrator.",
  wrongCurrentPassword: "Current password is incorrect",
  wrongPassword: "Password is incorrect",
  alreadyEnabled: "Two-factor authentication is already enabled",
  notSetUp: "Start the two-factor setup first",
  notEnabled: "Two-factor authentication is not enabled",
} as const;

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

const accountKey = (username: string) => `login:account:${username.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

async function findUserByUsername(db: Database, username: string) {
  const [user] = await db.select().from(adminUsers).where(sql`lower(${adminUsers.username}) = ${username.toLowerCase()}`);
  return user ?? null;
}

/** The account's and the address's attempt slots for one sign-in or password check. */
export interface AttemptSlots {
  /** Null while the account is not known yet (a passkey sign-in claims the address's slot first). */
  account: { key: string; count: number } | null;
  ip: { key: string; count: number } | null;
}

/** Claims the address's slot; a blocked address answers 429 and nothing is evaluated. */
export async function claimAddressSlot(deps: AppDeps, ip: string, now: Date): Promise<AttemptSlots> {
  const claim = await claimAttempt(deps.db, ipKey(ip), deps.limits.loginIp, now);
  if (!claim.allowed) {
    const seconds = secondsUntil(claim.retryAt, now);
    throw errors.tooManyRequests(
      `Too many failed sign-in attempts from your network. Please try again in ${minutesText(seconds)}.`,
      seconds,
    );
  }
  return { account: null, ip: { key: ipKey(ip), count: claim.count } };
}

/** Adds the account's slot to `slots`; a locked account answers 429 (and the address's slot goes back). */
export async function claimAccountSlot(deps: AppDeps, slots: AttemptSlots, username: string, now: Date): Promise<AttemptSlots> {
  const claim = await claimAttempt(deps.db, accountKey(username), deps.limits.loginAccount, now);
  if (!claim.allowed) {
    // Not evaluated, so not counted against the address either.
    if (slots.ip) await releaseAttempt(deps.db, slots.ip.key);
    const seconds = secondsUntil(claim.retryAt, now);
    throw errors.tooManyRequests(
      `This account is locked after too many failed sign-in attempts. Please try again in ${minutesText(seconds)}.`,
      seconds,
    );
  }
  return { ...slots, account: { key: accountKey(username), count: claim.count } };
}

/**
 * Claims the attempt slots (the address's, when given, then the account's) before anything secret
 * is checked; a refused claim answers 429 and nothing is evaluated (see src/server/auth/throttle.ts).
 */
export async function claimSlots(deps: AppDeps, username: string, ip: string | null, now: Date): Promise<AttemptSlots> {
  const slots = ip !== null ? await claimAddressSlot(deps, ip, now) : { account: null, ip: null };
  return claimAccountSlot(deps, slots, username, now);
}

/** The attempt was not a failure: its slots go back (a success also forgets the account's earlier failures). */
export async function releaseSlots(db: Database, slots: AttemptSlots, success: boolean): Promise<void> {
  if (slots.account && success) await clearHits(db, slots.account.key);
  else if (slots.account) await releaseAttempt(db, slots.account.key);
  if (slots.ip) await releaseAttempt(db, slots.ip.key);
}

/**
 * A failure keeps its slots. The failure that used the account's last slot locks it from now on and
 * goes to the activity log as a lockout; the same for the address's limit.
 */
export async function recordFailure(
  deps: AppDeps,
  slots: AttemptSlots,
  who: { adminId: number | null; username: string | null },
  meta: RequestMeta,
  reason: string,
  now: Date,
  action: "login_failed" | "identity_check_failed" = "login_failed",
): Promise<void> {
  const { db, limits } = deps;
  await logActivity(db, { ...who, action, resourceType: "session", details: { reason }, ipAddress: meta.ip });
  if (slots.ip && slots.ip.count >= limits.loginIp.limit) await blockKey(db, slots.ip.key, limits.loginIp, now);
  if (slots.account && slots.account.count >= limits.loginAccount.limit) {
    const until = await blockKey(db, slots.account.key, limits.loginAccount, now);
    await logActivity(db, {
      ...who,
      action: "lockout",
      resourceType: "admin_user",
      resourceId: who.adminId,
      details: { until: until.toISOString(), failures: slots.account.count },
      ipAddress: meta.ip,
    });
  }
}

/**
 * Sign-in (admin-portal.md sections 4, 5 and 7; docs/security.md, Sign-in). The attempt claims its
 * slots before the password or the code is checked, so at most 5 failures per account (and 30 per
 * address) are ever evaluated per window, whatever way the attempts arrive. The same answer and the
 * same work (one password verification) for an unknown username and a wrong password; a locked
 * account answers 429 even with the right password; a 422 asks for the second factor, whose
 * failures count toward the same lockout.
 */
export async function signIn(deps: AppDeps, meta: RequestMeta, input: z.output<typeof loginInput>) {
  const { db } = deps;
  const now = new Date();
  const slots = await claimSlots(deps, input.username, meta.ip, now);

  const user = await findUserByUsername(db, input.username);
  const passwordOk = user ? await verifySecret(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  // The log names the account only when it exists: what was typed as an unknown username is
  // sometimes a password (typed into the wrong box), so it never reaches the log.
  const who = { adminId: user?.id ?? null, username: user?.username ?? null };

  if (!user || !passwordOk) {
    await recordFailure(deps, slots, who, meta, user ? "wrong_password" : "unknown_user", now);
    throw errors.unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (!user.isActive) {
    // The right password: not a guess to count. The message is only shown after it.
    await releaseSlots(db, slots, false);
    await logActivity(db, { ...who, action: "login_failed", resourceType: "session", details: { reason: "inactive" }, ipAddress: meta.ip });
    throw errors.unauthorized(AUTH_MESSAGES.deactivated);
  }

  // Any second factor the account has is asked for: a passkey is a second step after the password as a
  // TOTP code is, so the password alone never signs in an account that has one (issue 34).
  const passkeyAccount = await hasPasskey(db, user.id);
  if (user.twoFactorEnabled || passkeyAccount) {
    const token = user.twoFactorEnabled ? input.twoFactorToken?.trim() : undefined;
    const backupCode = user.twoFactorEnabled ? input.backupCode?.trim() : undefined;
    const passkeyAnswer = passkeyAccount ? input.passkey : undefined;
    if (!token && !backupCode && !passkeyAnswer) {
      await releaseSlots(db, slots, false);
      const methods = [...(user.twoFactorEnabled ? (["totp"] as const) : []), ...(passkeyAccount ? (["passkey"] as const) : [])];
      throw errors.twoFactorRequired(methods, passkeyAccount ? await startSecondStep(deps, user.id) : undefined);
    }
    if (passkeyAnswer) {
      const passkey = await checkSecondStep(deps, user.id, passkeyAnswer);
      if (!passkey) {
        await recordFailure(deps, slots, who, meta, "wrong_passkey", now);
        throw errors.unauthorized(PASSKEY_MESSAGES.notVerified);
      }
      return completeSignIn(
        deps,
        slots,
        user,
        meta,
        now,
        { twoFactor: true, method: "password_passkey", passkey },
        input.keepSignedIn === true,
      );
    }
    if (token) {
      const result = await consumeTotpCode(deps, user, token, now);
      if (result !== "ok") {
        await recordFailure(deps, slots, who, meta, result === "replayed" ? "replayed_code" : "wrong_code", now);
        throw errors.unauthorized(result === "replayed" ? AUTH_MESSAGES.replayedCode : AUTH_MESSAGES.invalidCode);
      }
    } else {
      const remaining = await consumeBackupCode(db, user.id, backupCode!);
      if (remaining === null) {
        await recordFailure(deps, slots, who, meta, "wrong_backup_code", now);
        throw errors.unauthorized(AUTH_MESSAGES.invalidBackupCode);
      }
      await logActivity(db, {
        adminId: user.id,
        username: user.username,
        action: "backup_code_used",
        resourceType: "admin_user",
        resourceId: user.id,
        details: { remaining },
        ipAddress: meta.ip,
      });
    }
  }

  return completeSignIn(deps, slots, user, meta, now, { twoFactor: user.twoFactorEnabled }, input.keepSignedIn === true);
}

/** A password sign-in's second step with a passkey: a challenge for the account's own passkeys, kept with the account's id. */
async function startSecondStep(deps: AppDeps, adminId: number) {
  const own = await passkeysOf(deps.db, adminId);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
  });
  const attemptId = await storeChallenge(deps.db, "second_step", options.challenge, { label: String(adminId) });
  return { attemptId, options: options as unknown as Record<string, unknown> };
}

/**
 * The answer to startSecondStep's challenge: the attempt made for this account, one of its own passkeys,
 * user verified, this site's origin. The passkey's name, or null when any of that fails (the challenge
 * is used up either way).
 */
async function checkSecondStep(
  deps: AppDeps,
  adminId: number,
  answer: { attemptId: string; response: z.output<typeof authenticationResponse> },
): Promise<string | null> {
  const pending = await takeChallenge(deps.db, "second_step", { attemptId: answer.attemptId });
  if (!pending || pending.label !== String(adminId)) return null;
  const passkey = await findPasskey(deps.db, answer.response.id);
  if (!passkey || passkey.adminId !== adminId) return null;
  try {
    await recordPasskeyUse(deps.db, passkey, await checkAssertion(deps, passkey, pending.challenge, answer.response));
  } catch {
    return null;
  }
  return passkey.name;
}

/**
 * The end of every successful sign-in (a password with its second factor, or a passkey): the account's
 * earlier failures are forgotten, a session is made (`persistent`: "Keep me signed in on this device"),
 * a sign-in from a device the account has not used lately is told to its owner (./sessions.ts), and the
 * sign-in goes to the activity log.
 */
export async function completeSignIn(
  deps: AppDeps,
  slots: AttemptSlots,
  user: typeof adminUsers.$inferSelect,
  meta: RequestMeta,
  now: Date,
  details: Record<string, unknown>,
  persistent = false,
) {
  const { db } = deps;
  await releaseSlots(db, slots, true);
  const [updated] = await db
    .update(adminUsers)
    .set({ lastLogin: now, signInCount: sql`${adminUsers.signInCount} + 1` })
    .where(eq(adminUsers.id, user.id))
    .returning();
  const { token } = await createSession(db, user.id, { ...meta, persistent }, now);
  await noteSignInDevice(deps, user, meta, now);
  await logActivity(db, {
    adminId: user.id,
    username: user.username,
    action: "login",
    resourceType: "session",
    details,
    ipAddress: meta.ip,
  });
  return { token, user: toPublicAdminUser(updated ?? user) };
}

/** Checks a TOTP code and records its time step so the same code is never accepted twice. */
export async function consumeTotpCode(
  deps: AppDeps,
  user: typeof adminUsers.$inferSelect,
  code: string,
  now: Date,
): Promise<"ok" | "wrong" | "replayed"> {
  if (!user.twoFactorSecret) return "wrong";
  const key = deps.secrets.decryptBytes(user.twoFactorSecret, totpAt(user.id));
  const step = matchTotpStep(key, code, now);
  if (step === null) return "wrong";
  // Atomic: only one request can move the last used step forward past this one.
  const claimed = await deps.db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(and(eq(adminUsers.id, user.id), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
    .returning({ id: adminUsers.id });
  return claimed.length > 0 ? "ok" : "replayed";
}

/** Uses one backup code; returns how many remain, or null when the code matches none unused. */
async function consumeBackupCode(db: Database, adminId: number, code: string): Promise<number | null> {
  const normalised = normaliseBackupCode(code);
  if (!normalised) return null;
  const unused = await db
    .select()
    .from(adminBackupCodes)
    .where(and(eq(adminBackupCodes.adminId, adminId), isNull(adminBackupCodes.usedAt)));
  for (const row of unused) {
    if (await verifySecret(row.codeHash, normalised)) {
      const claimed = await db
        .update(adminBackupCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(adminBackupCodes.id, row.id), isNull(adminBackupCodes.usedAt)))
        .returning({ id: adminBackupCodes.id });
      return claimed.length > 0 ? unused.length - 1 : null;
    }
  }
  return null;
}

/** The signed-in user's current row (their session may be older than a change to it). */
export async function currentUser(db: Database, auth: SessionAuth) {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, auth.user.id));
  if (!user) throw errors.unauthorized();
  return user;
}

/**
 * A signed-in user proves again who they are before something that hands out the whole site (the
 * portal's backup download): the password and, when the account has 2FA, a code (TOTP, or a backup
 * code, used up). Without the code an enrolled account is refused before the password is checked. A
 * wrong password or code counts toward the account's sign-in lockout and goes to the activity log as
 * what it was, a refused identity check (not a failed sign-in: issue 36) whose reason names the purpose
 * ("backup_wrong_password", "backup_wrong_code"...).
 * Wrong answers are 400s naming the field, like the other password re-checks (a 401 would read as a
 * session that ended).
 */
export async function confirmIdentity(
  deps: AppDeps,
  auth: SessionAuth,
  meta: RequestMeta,
  input: { password: string; code?: string | null },
  purpose: "backup" | "confirm",
  messages: { wrongPassword: string; wrongCode: string; replayedCode: string; codeRequired: string; usePasskey?: string },
): Promise<"password" | "totp" | "backup_code"> {
  const user = await currentUser(deps.db, auth);
  const code = input.code?.trim() ?? "";
  if (user.twoFactorEnabled && !code) throw errors.invalidField(["code"], messages.codeRequired);
  // "Confirm it's you" never takes the password alone from an account with a second factor: one whose
  // only second factor is a passkey confirms with it (POST /api/admin/confirm/passkey). The backup's
  // own check comes after a fresh check, which for such an account was the passkey (issue 34).
  if (purpose === "confirm" && !user.twoFactorEnabled && messages.usePasskey && (await hasPasskey(deps.db, user.id))) {
    throw errors.invalidField(["password"], messages.usePasskey);
  }
  const now = new Date();
  // "Confirm it's you" is throttled like a sign-in (the address's slots too); the backup's own check by the account's.
  const slots = await claimSlots(deps, auth.user.username, purpose === "confirm" ? meta.ip : null, now);
  const who = { adminId: user.id, username: user.username };
  if (!(await verifySecret(user.passwordHash, input.password))) {
    await recordFailure(deps, slots, who, meta, `${purpose}_wrong_password`, now, "identity_check_failed");
    throw errors.invalidField(["password"], messages.wrongPassword);
  }
  if (user.twoFactorEnabled) {
    if (/^\d{6}$/.test(code)) {
      const result = await consumeTotpCode(deps, user, code, now);
      if (result !== "ok") {
        const reason = result === "replayed" ? `${purpose}_replayed_code` : `${purpose}_wrong_code`;
        await recordFailure(deps, slots, who, meta, reason, now, "identity_check_failed");
        throw errors.invalidField(["code"], result === "replayed" ? messages.replayedCode : messages.wrongCode);
      }
    } else {
      const remaining = await consumeBackupCode(deps.db, user.id, code);
      if (remaining === null) {
        await recordFailure(deps, slots, who, meta, `${purpose}_wrong_backup_code`, now, "identity_check_failed");
        throw errors.invalidField(["code"], messages.wrongCode);
      }
      await logActivity(deps.db, {
        ...who,
        action: "backup_code_used",
        resourceType: "admin_user",
        resourceId: user.id,
        details: { remaining },
        ipAddress: meta.ip,
      });
    }
  }
  await releaseSlots(deps.db, slots, false);
  return !user.twoFactorEnabled ? "password" : /^\d{6}$/.test(code) ? "totp" : "backup_code";
}

/**
 * Whether an act that asks for the password and the code itself (the backup download: confirmIdentity,
 * purpose "backup") is its own fresh check (issue 36: one confirmation per act, no "Confirm it's you"
 * before it). It is for an account with 2FA (its dialog takes the code) or without any second factor
 * (the password is all "Confirm it's you" would ask); not for one whose only second factor is a passkey,
 * which the dialog cannot ask for: that account confirms with its passkey first, as before.
 */
export async function actChecksItsOwn(db: Database, auth: SessionAuth): Promise<boolean> {
  const user = await currentUser(db, auth);
  return user.twoFactorEnabled || !(await hasPasskey(db, user.id));
}

/**
 * "Confirm it's you" (docs/decisions/0054): the password and, when the account has 2FA, a code, checked
 * as confirmIdentity does (throttled like a sign-in, failures logged and counted toward the lockout).
 * On success the session is fresh for 5 minutes and the check goes to the activity log.
 */
export async function confirmFreshCheck(
  deps: AppDeps,
  auth: SessionAuth,
  meta: RequestMeta,
  input: { password: string; code?: string | null },
  messages: { wrongPassword: string; wrongCode: string; replayedCode: string; codeRequired: string; usePasskey: string },
): Promise<{ freshUntil: Date }> {
  const method = await confirmIdentity(deps, auth, meta, input, "confirm", messages);
  const at = await markSessionFresh(deps.db, auth.session.id, method);
  await logActivity(deps.db, {
    adminId: auth.user.id,
    username: auth.user.username,
    action: "fresh_check",
    resourceType: "session",
    details: { method },
    ipAddress: meta.ip,
  });
  return { freshUntil: new Date(at.getTime() + FRESH_CHECK_MS) };
}
