import { z } from "zod";
import { confirmInput } from "./sessions";

/**
 * POST /api/admin/backup (super admins): the portal's backup download asks again for the password and,
 * when the account has 2FA, a code (from the authenticator app, or one of the backup codes), and for
 * the passphrase the archive is encrypted with (at least 12 characters; the screen asks for it twice).
 */
export const BACKUP_MESSAGES = {
  password: "Password is required",
  passphrase: "The passphrase must be at least 12 characters",
  passphraseMax: "The passphrase must be 1024 characters or less",
  codeRequired: "Enter the 6-digit code from your authenticator app (or a backup code)",
  wrongPassword: "Password is incorrect",
  wrongCode: "Invalid 2FA code",
  replayedCode: "This code has already been used. Please wait for the next code.",
} as const;

export const BACKUP_PASSPHRASE_MIN = 12;

/** What "Confirm it's you" asks (the password, and a code when the account has 2FA), and the passphrase. */
export const backupDownloadInput = confirmInput.extend({
  passphrase: z
    .string({ error: BACKUP_MESSAGES.passphrase })
    .refine((value) => [...value].length >= BACKUP_PASSPHRASE_MIN, BACKUP_MESSAGES.passphrase)
    .refine((value) => [...value].length <= 1024, BACKUP_MESSAGES.passphraseMax)
    .describe("The archive is encrypted with it (argon2id, AES-256-GCM); a restore needs it. Never stored or logged"),
});

export type BackupDownloadInput = z.input<typeof backupDownloadInput>;
