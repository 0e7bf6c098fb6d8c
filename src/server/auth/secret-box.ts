import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Authenticated encryption (AES-256-GCM) for secrets kept in the database: TOTP keys, the identity
 * (name, e-mail, phone, services, consent receipt) and the health information of inquiries, staff notes.
 *
 * Keys: a key ring, one key per line, the first one the newest. The newest encrypts; every key of the
 * ring decrypts, so a rotation (`npm run keys -- rotate`) can re-encrypt while the server runs.
 *
 * Format "v2:KEYID:" + base64(iv | tag | ciphertext): KEYID names the key (8 hex digits derived from
 * it), and each value is bound to where it is stored (table, column, row id) through AES-GCM's
 * additional data, so a value copied to another row or column fails to decrypt. The old format "v1:"
 * (sha256(SECRET_KEY) as the key, no key id, no binding) is still read; the rotation rewrites it.
 *
 * Also signatures (HMAC-SHA256) of what the server hands out and checks later (the inquiry form token),
 * and the blind index: keyed hashes of search terms (HKDF-derived key of its own, never an encryption key).
 */

/** Where a ciphertext lives: its table, its column and its row's id (AES-GCM additional data). */
export interface Binding {
  table: string;
  column: string;
  id: number;
}

/** A ciphertext that no key of the ring opens (wrong key, damaged, or moved from another row or column). */
export class SecretUnreadable extends Error {
  constructor(at: Binding | undefined, reason: string) {
    super(`Cannot decrypt ${at ? `${at.table}.${at.column} of row ${at.id}` : "a value"}: ${reason}`);
    this.name = "SecretUnreadable";
  }
}

export interface SecretBox {
  /** The newest key's id: it encrypts. */
  readonly keyId: string;
  /** Every loaded key's id, newest first. */
  readonly keyIds: readonly string[];
  encrypt(plain: string | Uint8Array, at: Binding): string;
  decryptBytes(sealed: string, at: Binding): Uint8Array;
  decrypt(sealed: string, at: Binding): string;
  /** True when `sealed` is in the current format under the newest key (nothing for a rotation to do). */
  isCurrent(sealed: string): boolean;
  /** An HMAC-SHA256 (base64url) of `data` under a key of its own for each `purpose` (newest key). */
  sign(purpose: string, data: string): string;
  /**
   * Blind index: the keyed hashes of terms, under each loaded key's index key (newest first). A row's
   * terms are written with the newest ([0]); a search tries every key's, so it finds rows a rotation
   * has not reached yet.
   */
  readonly indexers: ReadonlyArray<(term: string) => string>;
}

const HKDF_SALT = Buffer.from("clinic-site secret-box v2", "utf8");

interface RingKey {
  id: string;
  aes: Buffer;
  legacy: Buffer;
  index: Buffer;
  sign: Buffer;
}

function deriveKey(secret: string): RingKey {
  const ikm = Buffer.from(secret, "utf8");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", ikm, HKDF_SALT, info, 32));
  const legacy = createHash("sha256").update(secret, "utf8").digest();
  return {
    id: derive("key id").subarray(0, 4).toString("hex"),
    aes: derive("aes-256-gcm"),
    legacy,
    index: derive("blind index"),
    // Form tokens keep the key they always had (sha256 of the secret), so no token breaks on upgrade.
    sign: legacy,
  };
}

/** The keys of a key ring's text: one per line (or SECRET_KEY's comma-separated list), blank lines and # comments skipped. */
export function parseKeyRing(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith("#"));
}

function bindingData(at: Binding): Buffer {
  return Buffer.from(`${at.table}.${at.column}#${at.id}`, "utf8");
}

/** A key ring's text (one key per line, newest first), or one key. */
export function createSecretBox(secretKeys: string | readonly string[]): SecretBox {
  const list = typeof secretKeys === "string" ? parseKeyRing(secretKeys) : [...secretKeys];
  if (list.length === 0) throw new Error("No secret key");
  const ring = list.map(deriveKey);
  const newest = ring[0]!;
  const byId = new Map<string, RingKey>();
  for (const key of ring) if (!byId.has(key.id)) byId.set(key.id, key);
  const prefix = `v2:${newest.id}:`;

  const open = (key: Buffer, raw: Buffer, aad: Buffer | null): Buffer => {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  };

  return {
    keyId: newest.id,
    keyIds: [...byId.keys()],
    encrypt(plain, at) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", newest.aes, iv);
      cipher.setAAD(bindingData(at));
      const data = typeof plain === "string" ? Buffer.from(plain, "utf8") : Buffer.from(plain);
      const body = Buffer.concat([cipher.update(data), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
    },
    decryptBytes(sealed, at) {
      if (sealed.startsWith("v2:")) {
        const id = sealed.slice(3, 11);
        const key = byId.get(id);
        if (!key || sealed[11] !== ":") throw new SecretUnreadable(at, `written with key ${id}, which is not loaded (SECRET_KEY, SECRET_KEYS_OLD or the key file)`);
        try {
          return new Uint8Array(open(key.aes, Buffer.from(sealed.slice(12), "base64"), bindingData(at)));
        } catch {
          throw new SecretUnreadable(at, `key ${id} does not open it here (the value was damaged, or moved from another row or column)`);
        }
      }
      if (sealed.startsWith("v1:")) {
        const raw = Buffer.from(sealed.slice(3), "base64");
        for (const key of ring) {
          try {
            return new Uint8Array(open(key.legacy, raw, null));
          } catch {
            // the next key
          }
        }
        throw new SecretUnreadable(at, "no loaded key opens it (old format, written with another SECRET_KEY)");
      }
      throw new SecretUnreadable(at, "unknown format");
    },
    decrypt(sealed, at) {
      return Buffer.from(this.decryptBytes(sealed, at)).toString("utf8");
    },
    isCurrent(sealed) {
      return sealed.startsWith(prefix);
    },
    sign(purpose, data) {
      const purposeKey = createHmac("sha256", newest.sign).update(purpose).digest();
      return createHmac("sha256", purposeKey).update(data).digest("base64url");
    },
    indexers: ring.map((key) => (term: string) => createHmac("sha256", key.index).update(term, "utf8").digest().subarray(0, 12).toString("base64url")),
  };
}

/** A new random key (64 hex digits), for a key file or SECRET_KEY. */
export function newSecretKey(): string {
  return randomBytes(32).toString("hex");
}

/**
 * The key ring the server runs with: the configured one (SECRET_KEY with SECRET_KEYS_OLD, or the file
 * SECRET_KEY_FILE names; env.ts joins them one per line), else DATA_DIR/secret.key (one key per line,
 * newest first), generated once (mode 0600) when absent.
 * Several instances sharing one PostgreSQL database must share one key ring.
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): { key: string; generated: boolean } {
  if (configured) return { key: configured, generated: false };
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return { key: readFileSync(file, "utf8").trim(), generated: false };
  mkdirSync(dataDir, { recursive: true });
  const key = newSecretKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, generated: true };
}

/** The key ring the server would run with, without generating one: the configured one, else DATA_DIR/secret.key, else null. */
export function existingSecretKey(configured: string | undefined, dataDir: string): { key: string; source: "SECRET_KEY" | "secret.key" } | null {
  if (configured) return { key: configured, source: "SECRET_KEY" };
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return { key: readFileSync(file, "utf8").trim(), source: "secret.key" };
  return null;
}
