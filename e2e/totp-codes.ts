import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { currentTotpStep, TOTP_PERIOD_SECONDS, totpCodeAt } from "../src/server/auth/totp";

/**
 * Authenticator codes for the browser tests that turn 2FA on (admin-users.spec.ts, admin-backup.spec.ts):
 * the code that enrols, one the server has not taken yet, and one that is wrong now.
 */

/** The 6-digit code an authenticator app shows for this setup key (as displayed: groups of four). */
export function keyFrom(displayedSecret: string): Uint8Array {
  return decodeBase32IgnorePadding(displayedSecret.replace(/\s+/g, ""));
}

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const codeOfStep = (key: Uint8Array, step: number) => totpCodeAt(key, new Date(step * STEP_MS));

/**
 * The code that turns 2FA on, and its time step. The server accepts the current 30-second step and
 * the one before, and afterwards only a later step than the last one used (a code works once). So
 * the code of the step before the current one turns it on, and the current step's code is left for
 * the sign-in: no waiting for the next step. Near a step's end (under 10 s left, more than the
 * request needs to reach the server) the previous step might be too old by the time it arrives, so
 * then the current step's code turns it on, and the sign-in takes the next step's (codeAfterStep).
 */
export function enrolmentCode(key: Uint8Array): { code: string; step: number } {
  const now = Date.now();
  const current = currentTotpStep(new Date(now));
  const step = (current + 1) * STEP_MS - now >= 10_000 ? current - 1 : current;
  return { code: codeOfStep(key, step), step };
}

/**
 * A code the server has not accepted yet: the current step's once the clock has left `usedStep`
 * (the usual case after enrolmentCode). Only when the enrolment took the current step's code and the
 * clock is still in it does this wait for the next step to begin, at most the 10 s above, less the
 * time the test took since (a timer may fire a millisecond early: the clock, not the timer, decides).
 */
export async function codeAfterStep(key: Uint8Array, usedStep: number): Promise<string> {
  const nextStepStarts = (usedStep + 1) * STEP_MS;
  while (Date.now() < nextStepStarts) await new Promise((resolve) => setTimeout(resolve, nextStepStarts - Date.now()));
  return totpCodeAt(key, new Date());
}

/** A 6-digit code that is not valid now (nor for the previous step, which the server also accepts). */
export function wrongCode(key: Uint8Array): string {
  const now = Date.now();
  const valid = new Set([totpCodeAt(key, new Date(now)), totpCodeAt(key, new Date(now - 30_000)), totpCodeAt(key, new Date(now + 30_000))]);
  for (const candidate of ["000000", "111111", "222222", "333333"]) if (!valid.has(candidate)) return candidate;
  throw new Error("unreachable");
}
