import { timingSafeEqual, randomBytes } from "node:crypto";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { verificationCounts } from "./verification-counts";

/** RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps; the current step and one back are accepted. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function generateTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

export function currentTotpStep(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code an authenticator shows at `now` (used by tests and the admin CLI, never sent to a client). */
export function totpCodeAt(key: Uint8Array, now: Date = new Date()): string {
  return generateHOTP(key, BigInt(currentTotpStep(now)), TOTP_DIGITS);
}

/**
 * The time step the code belongs to (current, or one back for clock drift), or null. The caller
 * must still refuse a step at or below the last one used (replay).
 */
export function matchTotpStep(key: Uint8Array, code: string, now: Date = new Date()): number | null {
  verificationCounts.totpCodes += 1;
  const clean = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(clean)) return null;
  const step = currentTotpStep(now);
  for (const candidate of [step, step - 1]) {
    const expected = generateHOTP(key, BigInt(candidate), TOTP_DIGITS);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(clean))) return candidate;
  }
  return null;
}

export function totpKeyUri(issuer: string, accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

export function totpKeyForDisplay(key: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(key);
}
