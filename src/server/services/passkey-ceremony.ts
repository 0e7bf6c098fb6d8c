import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type WebAuthnCredential } from "@simplewebauthn/server";
import { and, asc, eq, lt } from "drizzle-orm";
import type { z } from "zod";
import { PASSKEY_MESSAGES, type authenticationResponse } from "../../shared/schemas/passkeys";
import { generateToken, hashToken } from "../auth/tokens";
import type { AppConfig } from "../env";
import type { Database } from "../db/client";
import { adminPasskeys, webauthnChallenges } from "../db/schema";
import type { AppDeps } from "../deps";

/**
 * The parts of a WebAuthn ceremony that every use of a passkey shares (docs/decisions/0052-passkeys.md):
 * the relying party (PUBLIC_ORIGIN), the challenges kept in the database (single-use, short-lived,
 * owned by a session or by an attempt's random token), and checking an assertion against a stored
 * passkey. Imports nothing of sign-in, so both ./passkeys.ts (passkeys alone, My Account, the fresh
 * check) and ./sign-in.ts (a passkey as a password's second step) build on it.
 */

/** How long the browser waits for the authenticator, and how long a challenge may be answered. */
export const CEREMONY_TIMEOUT_MS = 120_000;
const CHALLENGE_TTL_MS = 5 * 60_000;

export type Purpose = (typeof webauthnChallenges.$inferSelect)["purpose"];
export type PasskeyRow = typeof adminPasskeys.$inferSelect;

export function relyingParty(config: Pick<AppConfig, "publicOrigin">) {
  const url = new URL(config.publicOrigin);
  return { id: url.hostname, origin: url.origin };
}

/** The WebAuthn user handle of an account: its id, never its name (the handle is not shown, but it is stored on the device). */
export function userHandle(adminId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`admin:${adminId}`);
}
const handleText = (adminId: number) => Buffer.from(userHandle(adminId)).toString("base64url");

export async function passkeysOf(db: Database, adminId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .orderBy(asc(adminPasskeys.createdAt), asc(adminPasskeys.id));
}

// ---------------------------------------------------------------- challenges

/**
 * Stores a new challenge and returns the attempt's token. A session keeps one challenge per purpose
 * (a new one replaces the last); expired rows go at every new challenge (and in the hourly housekeeping).
 */
export async function storeChallenge(
  db: Database,
  purpose: Purpose,
  challenge: string,
  owner: { sessionId?: string; label?: string },
): Promise<string> {
  const now = new Date();
  const token = generateToken();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  if (owner.sessionId) {
    await db
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.sessionId, owner.sessionId), eq(webauthnChallenges.purpose, purpose)));
  }
  await db.insert(webauthnChallenges).values({
    id: hashToken(token),
    purpose,
    challenge,
    sessionId: owner.sessionId ?? null,
    label: owner.label ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

/** Takes (deletes) the challenge of a session or an attempt: null when there is none, or it has expired. */
export async function takeChallenge(db: Database, purpose: Purpose, owner: { sessionId: string } | { attemptId: string }) {
  const where =
    "sessionId" in owner
      ? and(eq(webauthnChallenges.sessionId, owner.sessionId), eq(webauthnChallenges.purpose, purpose))
      : and(eq(webauthnChallenges.id, hashToken(owner.attemptId)), eq(webauthnChallenges.purpose, purpose));
  const [row] = await db.delete(webauthnChallenges).where(where).returning();
  return row && row.expiresAt > new Date() ? row : null;
}

/** Removes expired challenges (the hourly housekeeping). */
export async function deleteExpiredChallenges(db: Database, now = new Date()): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}

// ---------------------------------------------------------------- assertions

/** What a refusal of the library says, in the caller's words: another site's answer is named as such. */
export function refusalMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : "";
  if (/origin|RP ID/i.test(text)) return PASSKEY_MESSAGES.wrongSite;
  return PASSKEY_MESSAGES.notVerified;
}

/** What navigator.credentials.get() answered, in its JSON form (checked by the input's schema). */
export type AssertionAnswer = z.output<typeof authenticationResponse>;

/**
 * Checks an assertion against a stored passkey and returns its new signature counter; writes nothing (an
 * answer that verifies for an account that may not sign in leaves the passkey as it was). Throws the
 * library's refusal. recordPasskeyUse then moves the counter and the last use on.
 */
export async function checkAssertion(
  deps: Pick<AppDeps, "config">,
  passkey: PasskeyRow,
  challenge: string,
  response: AssertionAnswer,
): Promise<number> {
  const rp = relyingParty(deps.config);
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
      counter: passkey.counter,
      transports: passkey.transports as WebAuthnCredential["transports"],
    },
    requireUserVerification: true,
  });
  if (!result.verified) throw new Error("not verified");
  // The handle the authenticator keeps must be this account's (a discoverable passkey says whose it is).
  if (response.response.userHandle !== undefined && response.response.userHandle !== handleText(passkey.adminId))
    throw new Error("user handle");
  return result.authenticationInfo.newCounter;
}

/** A verified assertion was used: the passkey's counter and last use move on. */
export async function recordPasskeyUse(db: Database, passkey: PasskeyRow, newCounter: number): Promise<void> {
  await db.update(adminPasskeys).set({ counter: newCounter, lastUsedAt: new Date() }).where(eq(adminPasskeys.id, passkey.id));
}

export async function findPasskey(db: Database, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(adminPasskeys).where(eq(adminPasskeys.credentialId, credentialId));
  return row ?? null;
}
