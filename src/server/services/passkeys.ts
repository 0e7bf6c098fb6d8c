import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { MAX_PASSKEYS, PASSKEY_MESSAGES, type finishPasskeySignInInput, type registrationResponse } from "../../shared/schemas/passkeys";
import { FRESH_CHECK_MS, markSessionFresh, type SessionAuth } from "../auth/sessions";
import type { Database } from "../db/client";
import { adminPasskeys, adminUsers } from "../db/schema";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { logActivity } from "./activity";
import {
  AUTH_MESSAGES,
  claimAccountSlot,
  claimAddressSlot,
  completeSignIn,
  recordFailure,
  releaseSlots,
  type AttemptSlots,
  type RequestMeta,
} from "./sign-in";
import {
  CEREMONY_TIMEOUT_MS,
  checkAssertion,
  findPasskey,
  passkeysOf,
  recordPasskeyUse,
  refusalMessage,
  relyingParty,
  storeChallenge,
  takeChallenge,
  userHandle,
  type AssertionAnswer,
  type PasskeyRow,
} from "./passkey-ceremony";
import { afterSecondFactorRemoved } from "./second-factor";
import { getClinic } from "./settings";

export { deleteExpiredChallenges } from "./passkey-ceremony";

/** What navigator.credentials.create() answered, in its JSON form (checked by the input's schema). */
type RegistrationAnswer = z.output<typeof registrationResponse>;

/**
 * Staff passkeys (WebAuthn; docs/decisions/0052-passkeys.md). The relying party is PUBLIC_ORIGIN: its
 * host is the RP ID and its origin the only origin an answer may name; user verification is required
 * (the passkey stands for a password and a second factor). Each ceremony's challenge is kept in the
 * database (webauthn_challenges), single-use (taken with one DELETE ... RETURNING, so two instances
 * cannot both accept it) and short-lived, and belongs to the session that asked (adding a passkey, a
 * signed-in check) or to the sign-in attempt (a random token the browser sends back, stored hashed).
 */

/** What a staff member sees of a passkey. */
function toPasskeyAnswer(row: PasskeyRow) {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

/** Whether the account has a passkey (it counts as a second factor). */
export { hasPasskey } from "./second-factor";

export async function listPasskeys(db: Database, auth: SessionAuth) {
  return (await passkeysOf(db, auth.user.id)).map(toPasskeyAnswer);
}

// ---------------------------------------------------------------- adding a passkey

/** Step 1 of adding a passkey: the options for navigator.credentials.create(), its name kept with the challenge. */
export async function startRegistration(deps: AppDeps, auth: SessionAuth, name: string) {
  const { db } = deps;
  const existing = await passkeysOf(db, auth.user.id);
  if (existing.length >= MAX_PASSKEYS) throw errors.conflict(PASSKEY_MESSAGES.tooMany);
  const rp = relyingParty(deps.config);
  const user = auth.user;
  const options = await generateRegistrationOptions({
    rpName: (await getClinic(db)).name,
    rpID: rp.id,
    userName: user.username,
    userID: userHandle(user.id),
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username,
    attestationType: "none",
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, "register", options.challenge, { sessionId: auth.session.id, label: name });
  return { options };
}

/** Step 2: the authenticator's answer is verified against this session's challenge and the passkey stored. */
export async function finishRegistration(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, response: RegistrationAnswer) {
  const { db } = deps;
  const pending = await takeChallenge(db, "register", { sessionId: auth.session.id });
  if (!pending) throw errors.badRequest(PASSKEY_MESSAGES.expired);
  const rp = relyingParty(deps.config);
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    throw errors.badRequest(refusalMessage(error));
  }
  if (!verified.verified) throw errors.badRequest(PASSKEY_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const [taken] = await db.select({ id: adminPasskeys.id }).from(adminPasskeys).where(eq(adminPasskeys.credentialId, credential.id));
  if (taken) throw errors.conflict(PASSKEY_MESSAGES.duplicate);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(adminPasskeys).where(eq(adminPasskeys.adminId, auth.user.id));
  if (n >= MAX_PASSKEYS) throw errors.conflict(PASSKEY_MESSAGES.tooMany);
  const [row] = await db
    .insert(adminPasskeys)
    .values({
      adminId: auth.user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (credential.transports ?? response.response.transports ?? []).slice(0, 10),
      name: pending.label ?? "Passkey",
    })
    .returning();
  await logPasskeyChange(db, auth, meta, { action: "passkey_add", row: row! });
  return toPasskeyAnswer(row!);
}

// ---------------------------------------------------------------- naming and removing

async function ownPasskey(db: Database, auth: SessionAuth, id: number): Promise<PasskeyRow> {
  const [row] = await db
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminId, auth.user.id)));
  if (!row) throw errors.notFound(PASSKEY_MESSAGES.notFound);
  return row;
}

type PasskeyChange = { action: "passkey_add" | "passkey_rename" | "passkey_remove"; row: PasskeyRow; details?: Record<string, unknown> };

async function logPasskeyChange(db: Database, auth: SessionAuth, meta: RequestMeta, { action, row, details }: PasskeyChange) {
  await logActivity(db, {
    adminId: auth.user.id,
    username: auth.user.username,
    action,
    resourceType: "passkey",
    resourceId: row.id,
    details: { label: row.name, ...details },
    ipAddress: meta.ip,
  });
}

export async function renamePasskey(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, input: { id: number; name: string }) {
  const before = await ownPasskey(deps.db, auth, input.id);
  const [row] = await deps.db.update(adminPasskeys).set({ name: input.name }).where(eq(adminPasskeys.id, before.id)).returning();
  await logPasskeyChange(deps.db, auth, meta, { action: "passkey_rename", row: row!, details: { from: before.name } });
  return toPasskeyAnswer(row!);
}

export async function removePasskey(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, id: number) {
  const row = await ownPasskey(deps.db, auth, id);
  await deps.db.delete(adminPasskeys).where(eq(adminPasskeys.id, row.id));
  const mustChangePassword = await afterSecondFactorRemoved(deps.db, auth.user.id);
  await logPasskeyChange(deps.db, auth, meta, {
    action: "passkey_remove",
    row,
    details: mustChangePassword ? { mustChangePassword } : undefined,
  });
  return { success: true as const };
}

// ---------------------------------------------------------------- signing in with a passkey alone

/** Step 1 of a passkey sign-in: a challenge for any of this site's discoverable passkeys, and the attempt's token. */
export async function startPasskeySignIn(deps: AppDeps) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  const attemptId = await storeChallenge(deps.db, "sign_in", options.challenge, {});
  return { attemptId, options };
}

/**
 * Step 2: the passkey's answer signs in, with the same session, throttle and activity log as a password
 * sign-in (src/server/services/sign-in.ts). The address's attempt slot is claimed first (a missing or
 * used challenge and an unknown passkey are failures of the address), then the account's, once the
 * passkey names it; a locked account answers 429 before the answer is checked.
 */
export async function finishPasskeySignIn(deps: AppDeps, meta: RequestMeta, input: z.output<typeof finishPasskeySignInInput>) {
  const { db } = deps;
  const now = new Date();
  let slots: AttemptSlots = await claimAddressSlot(deps, meta.ip, now);
  const anonymous = { adminId: null, username: null };
  const pending = await takeChallenge(db, "sign_in", { attemptId: input.attemptId });
  if (!pending) {
    await recordFailure(deps, slots, anonymous, meta, "passkey_challenge_expired", now);
    throw errors.unauthorized(PASSKEY_MESSAGES.expired);
  }
  const passkey = await findPasskey(db, input.response.id);
  const [user] = passkey ? await db.select().from(adminUsers).where(eq(adminUsers.id, passkey.adminId)) : [];
  if (!passkey || !user) {
    await recordFailure(deps, slots, anonymous, meta, "unknown_passkey", now);
    throw errors.unauthorized(PASSKEY_MESSAGES.unknownPasskey);
  }
  const who = { adminId: user.id, username: user.username };
  slots = await claimAccountSlot(deps, slots, user.username, now);
  let newCounter: number;
  try {
    newCounter = await checkAssertion(deps, passkey, pending.challenge, input.response);
  } catch (error) {
    const message = refusalMessage(error);
    await recordFailure(
      deps,
      slots,
      who,
      meta,
      message === PASSKEY_MESSAGES.wrongSite ? "passkey_wrong_site" : "passkey_not_verified",
      now,
    );
    throw errors.unauthorized(message === PASSKEY_MESSAGES.wrongSite ? message : PASSKEY_MESSAGES.signInFailed);
  }
  // A deactivated account is refused before its passkey's counter or last use is written (issue 34).
  if (!user.isActive) {
    await releaseSlots(db, slots, false);
    await logActivity(db, {
      ...who,
      action: "login_failed",
      resourceType: "session",
      details: { reason: "inactive", method: "passkey" },
      ipAddress: meta.ip,
    });
    throw errors.unauthorized(AUTH_MESSAGES.deactivated);
  }
  await recordPasskeyUse(db, passkey, newCounter);
  return completeSignIn(deps, slots, user, meta, now, { method: "passkey", passkey: passkey.name }, input.keepSignedIn === true);
}

// ---------------------------------------------------------------- a signed-in user's check

/**
 * For the "fresh check" before sensitive acts: a challenge for the signed-in user's own passkeys,
 * bound to their session. Answer it with verifyPasskeyForUser.
 */
export async function startPasskeyCheck(deps: AppDeps, auth: SessionAuth) {
  const own = await passkeysOf(deps.db, auth.user.id);
  if (own.length === 0) throw errors.badRequest(PASSKEY_MESSAGES.unknownPasskey);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: "required",
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
  });
  await storeChallenge(deps.db, "check", options.challenge, { sessionId: auth.session.id });
  return { options };
}

/**
 * Verifies a passkey assertion for the signed-in user (the answer to startPasskeyCheck's challenge): one
 * of their own passkeys, user verification done, this site's origin. A failure counts toward the
 * account's sign-in lockout (and is logged as a refused identity check, reason passkey_check_failed) and
 * answers 400; success returns the passkey's name (the caller logs the check it stands for).
 */
export async function verifyPasskeyForUser(
  deps: AppDeps,
  auth: SessionAuth,
  meta: RequestMeta,
  response: AssertionAnswer,
): Promise<{ passkey: string }> {
  const now = new Date();
  const pending = await takeChallenge(deps.db, "check", { sessionId: auth.session.id });
  if (!pending) throw errors.badRequest(PASSKEY_MESSAGES.expired);
  const slots = await claimAccountSlot(deps, { account: null, ip: null }, auth.user.username, now);
  const passkey = await findPasskey(deps.db, response.id);
  try {
    if (!passkey || passkey.adminId !== auth.user.id) throw new Error("not this account's passkey");
    await recordPasskeyUse(deps.db, passkey, await checkAssertion(deps, passkey, pending.challenge, response));
  } catch (error) {
    await recordFailure(
      deps,
      slots,
      { adminId: auth.user.id, username: auth.user.username },
      meta,
      "passkey_check_failed",
      now,
      "identity_check_failed",
    );
    throw errors.badRequest(refusalMessage(error));
  }
  await releaseSlots(deps.db, slots, false);
  return { passkey: passkey.name };
}

/**
 * "Confirm it's you" with a passkey (docs/decisions/0054): one of the signed-in user's own passkeys,
 * user verified, counts as a fresh check, as the password with the second factor does (a passkey is
 * both in one). Logged as a fresh check; a failure counts toward the sign-in lockout (verifyPasskeyForUser).
 */
export async function confirmWithPasskey(deps: AppDeps, auth: SessionAuth, meta: RequestMeta, response: AssertionAnswer) {
  const { passkey } = await verifyPasskeyForUser(deps, auth, meta, response);
  const at = await markSessionFresh(deps.db, auth.session.id, "passkey");
  await logActivity(deps.db, {
    adminId: auth.user.id,
    username: auth.user.username,
    action: "fresh_check",
    resourceType: "session",
    details: { method: "passkey", passkey },
    ipAddress: meta.ip,
  });
  return { freshUntil: new Date(at.getTime() + FRESH_CHECK_MS) };
}
