import { hash, verify } from "@node-rs/argon2";
import { verificationCounts } from "./verification-counts";

/** argon2id with the OWASP minimum parameters (19 MiB, t=2, p=1), for passwords and backup codes. */
// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  verificationCounts.passwords += 1;
  try {
    return await verify(storedHash, secret, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check, for sign-ins with an unknown username, so the answer's
 * timing does not tell which usernames exist.
 */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashSecret("dummy-password-for-timing-equalisation");
  await verifySecret(await dummyHash, secret);
  return false;
}
