import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Authenticated encryption (AES-256-GCM) for secrets kept in the database: TOTP keys, the health
 * information of contact submissions and staff notes. Format: "v1:" + base64(iv | tag | ciphertext).
 * Also signatures (HMAC-SHA256) of what the server hands out and checks later (the inquiry form token).
 */
export interface SecretBox {
  encrypt(plain: string | Uint8Array): string;
  decryptBytes(sealed: string): Uint8Array;
  decrypt(sealed: string): string;
  /** An HMAC-SHA256 (base64url) of `data` under a key of its own for each `purpose`. */
  sign(purpose: string, data: string): string;
}

export function createSecretBox(secretKey: string): SecretBox {
  const key = createHash("sha256").update(secretKey, "utf8").digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = typeof plain === "string" ? Buffer.from(plain, "utf8") : Buffer.from(plain);
      const body = Buffer.concat([cipher.update(data), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64")}`;
    },
    decryptBytes(sealed) {
      if (!sealed.startsWith("v1:")) throw new Error("Unknown secret format");
      const raw = Buffer.from(sealed.slice(3), "base64");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return new Uint8Array(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]));
    },
    decrypt(sealed) {
      return Buffer.from(this.decryptBytes(sealed)).toString("utf8");
    },
    sign(purpose, data) {
      const purposeKey = createHmac("sha256", key).update(purpose).digest();
      return createHmac("sha256", purposeKey).update(data).digest("base64url");
    },
  };
}

/**
 * SECRET_KEY when set; otherwise a key generated once into DATA_DIR/secret.key (mode 0600).
 * Several instances sharing one PostgreSQL database must share one SECRET_KEY.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): { key: string; generated: boolean } {
  if (configured) return { key: configured, generated: false };
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return { key: readFileSync(file, "utf8").trim(), generated: false };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString("hex");
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, generated: true };
}

/** The key the server would run with, without generating one: SECRET_KEY, else DATA_DIR/secret.key, else null. */
export function existingSecretKey(configured: string | undefined, dataDir: string): { key: string; source: "SECRET_KEY" | "secret.key" } | null {
  if (configured) return { key: configured, source: "SECRET_KEY" };
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return { key: readFileSync(file, "utf8").trim(), source: "secret.key" };
  return null;
}
