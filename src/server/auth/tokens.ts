import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { randomBytes } from "node:crypto";

/** 256-bit random token, base32 (the Lucia guide's session token). */
export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(32));
}

/** What the database keeps instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
