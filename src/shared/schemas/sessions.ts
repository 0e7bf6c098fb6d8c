import { z } from "zod";

/**
 * "Confirm it's you" and the sessions list (docs/decisions/0054). Sensitive acts need a fresh check
 * (the password and, when the account has one, the second factor; or a passkey) from the last 5
 * minutes; the check is POST /api/admin/confirm. My Account lists the account's sessions and ends them.
 */
export const FRESH_CHECK_MINUTES = 5;

export const CONFIRM_MESSAGES = {
  password: "Password is required",
  codeRequired: "Enter the 6-digit code from your authenticator app (or a backup code)",
  wrongPassword: "Password is incorrect",
  wrongCode: "Invalid 2FA code",
  replayedCode: "This code has already been used. Please wait for the next code.",
  unknownSession: "This session has already ended",
  /** An account whose second factor is a passkey confirms with it: its password alone is one factor (issue 34). */
  usePasskey: "Confirm with your passkey: your password alone is not enough for this account.",
} as const;

export const confirmInput = z.object({
  password: z
    .string({ error: CONFIRM_MESSAGES.password })
    .min(1, CONFIRM_MESSAGES.password)
    .max(1000, CONFIRM_MESSAGES.password)
    .describe("The signed-in user's password, again"),
  code: z
    .string()
    .trim()
    .max(40)
    .optional()
    .nullable()
    .describe("When the account has 2FA: a code from the authenticator app, or one of the backup codes"),
});

export const endSessionInput = z.object({
  handle: z
    .string()
    .regex(/^[0-9a-f]{24}$/, CONFIRM_MESSAGES.unknownSession)
    .describe("The session's handle, from the sessions list"),
});

export const confirmAnswer = z
  .object({ freshUntil: z.date().describe("Sensitive acts are allowed until then without asking again") })
  .meta({ id: "FreshCheck", description: "The fresh check passed." });

export const accountSessionAnswer = z
  .object({
    handle: z.string().describe("Names the session to end it (not its token, nor the token's hash)"),
    device: z.string().describe('The browser and system from its User-Agent, e.g. "Chrome on Windows"'),
    ipAddress: z.string().nullable(),
    createdAt: z.date(),
    lastActiveAt: z.date(),
    expiresAt: z.date(),
    keepSignedIn: z.boolean().describe('"Keep me signed in on this device" was chosen'),
    current: z.boolean().describe("The session of this request"),
  })
  .meta({ id: "AccountSession", description: "One signed-in session of the account." });

export const accountSessionsAnswer = z.array(accountSessionAnswer);

export const endedSessionsAnswer = z
  .object({ ended: z.int().min(0) })
  .meta({ id: "EndedSessions", description: "How many sessions ended." });

export type AccountSession = z.output<typeof accountSessionAnswer>;
