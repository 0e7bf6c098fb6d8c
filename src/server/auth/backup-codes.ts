import { randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** Ten single-use recovery codes, shown once; only their argon2id hashes are kept. */
export const BACKUP_CODE_COUNT = 10;

/** "k7m2p-x9qra": 50 random bits, easy to read aloud and type. */
export function generateBackupCode(): string {
  const raw = encodeBase32LowerCaseNoPadding(randomBytes(7)).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Codes are compared without case, spaces or hyphens, so "K7M2P X9QRA" is accepted. */
export function normaliseBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}
