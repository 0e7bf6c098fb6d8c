import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
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
 * Also signatures (HMAC-SHA256) of what the server hands out and checks later (the inquiry form and
 * conversion tokens, e-mail confirmation links), the blind index (keyed hashes of search terms), the
 * sealing of analytics' day keys and the activity log's chain (auditKey): each purpose has a key of its
 * own (PURPOSES below), never a key's bytes.
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
  /** An HMAC-SHA256 (base64url) of `data` under a key of its own for each `purpose`, from the newest key's signing key. */
  sign(purpose: string, data: string): string;
  /**
   * Whether `signature` is sign(purpose, data) under any key of the ring (a rotation leaves what the old
   * key signed valid). `preHkdf`: also a signature made before the purpose keys (under sha256 of the key).
   */
  verify(purpose: string, data: string, signature: string, options?: { preHkdf?: boolean }): boolean;
  /** Analytics' day key (random) sealed for the database under the newest key's analytics key, bound to its day. */
  sealDayKey(dayKey: Uint8Array, day: string): string;
  /** A sealed day key opened with the key that sealed it (SecretUnreadable when that key is not loaded). */
  openDayKey(sealed: string, day: string): Uint8Array;
  /** The audit chain's HMAC key of the loaded key with this id (keyId: the newest, which chains new entries), or undefined. */
  auditKey(keyId: string): Uint8Array | undefined;
  /**
   * Blind index: the keyed hashes of terms, under each loaded key's index key (newest first). A row's
   * terms are written with the newest ([0]); a search tries every key's, so it finds rows a rotation
   * has not reached yet.
   */
  readonly indexers: ReadonlyArray<(term: string) => string>;
}

const HKDF_SALT = Buffer.from("clinic-site secret-box v2", "utf8");

/**
 * What a key of the ring is used for: a key of its own per purpose, derived from it by HKDF-SHA256 (salt
 * above, info the label), so no purpose uses the key's bytes and no two purposes share a key. The first
 * three labels are those they always had: v2 ciphertexts still open and blind-index hashes still match.
 */
export const PURPOSES = {
  /** The key's name in a v2 ciphertext (its first 4 bytes as 8 hex digits). */
  keyId: "key id",
  /** AES-256-GCM of what is stored encrypted (v2). */
  encryption: "aes-256-gcm",
  /** HMAC-SHA256 of search terms: the blind index. */
  blindIndex: "blind index",
  /** HMAC-SHA256 of what the server hands out and checks later (one subkey per purpose label, sign()). */
  signing: "signing",
  /** AES-256-GCM sealing analytics' random day keys in the database (never what makes a visitor's hash). */
  analytics: "analytics day key",
  /** HMAC-SHA256 of the activity log's hash chain (services/audit-chain.ts): the database's trigger gets it per connection. */
  auditChain: "audit chain",
} as const;
export type Purpose = keyof typeof PURPOSES;

/** The purpose keys of one key of the ring. */
export function purposeKeys(secret: string): Record<Purpose, Buffer> {
  const ikm = Buffer.from(secret, "utf8");
  const entries = Object.entries(PURPOSES).map(([purpose, info]) => [purpose, Buffer.from(hkdfSync("sha256", ikm, HKDF_SALT, info, 32))]);
  return Object.fromEntries(entries) as Record<Purpose, Buffer>;
}

interface RingKey {
  id: string;
  keys: Record<Purpose, Buffer>;
  /**
   * Not a purpose: sha256 of the key, from before the purpose keys. It opens v1 ciphertexts, and checks
   * form tokens signed before (verify's preHkdf), nothing else.
   */
  legacy: Buffer;
}

function deriveKey(secret: string): RingKey {
  const keys = purposeKeys(secret);
  return { id: keys.keyId.subarray(0, 4).toString("hex"), keys, legacy: createHash("sha256").update(secret, "utf8").digest() };
}

/** HMAC-SHA256 under a subkey of `key` for the purpose label (a token of one purpose is no token of another). */
function signWith(key: Buffer, purpose: string, data: string): string {
  const purposeKey = createHmac("sha256", key).update(purpose).digest();
  return createHmac("sha256", purposeKey).update(data).digest("base64url");
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

  // AES-256-GCM as "v2:KEYID:" + base64(iv | tag | ciphertext), with `aad` binding it to its place.
  const seal = (key: Buffer, plain: Uint8Array, aad: Buffer): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(aad);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
  };
  const open = (key: Buffer, raw: Buffer, aad: Buffer | null): Buffer => {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
  };
  const openV2 = (sealed: string, purpose: "encryption" | "analytics", aad: Buffer, at: Binding | undefined): Uint8Array => {
    const id = sealed.slice(3, 11);
    const key = byId.get(id);
    if (!key || sealed[11] !== ":")
      throw new SecretUnreadable(at, `written with key ${id}, which is not loaded (SECRET_KEY, SECRET_KEYS_OLD or the key file)`);
    try {
      return new Uint8Array(open(key.keys[purpose], Buffer.from(sealed.slice(12), "base64"), aad));
    } catch {
      throw new SecretUnreadable(at, `key ${id} does not open it here (the value was damaged, or moved from another row or column)`);
    }
  };
  const dayKeyData = (day: string) => Buffer.from(`analytics_day_keys.key#${day}`, "utf8");
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    keyId: newest.id,
    keyIds: [...byId.keys()],
    encrypt(plain, at) {
      return seal(newest.keys.encryption, typeof plain === "string" ? Buffer.from(plain, "utf8") : plain, bindingData(at));
    },
    decryptBytes(sealed, at) {
      if (sealed.startsWith("v2:")) return openV2(sealed, "encryption", bindingData(at), at);
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
      return signWith(newest.keys.signing, purpose, data);
    },
    verify(purpose, data, signature, options = {}) {
      // Every key is tried (no early return): the time taken does not tell which key matched.
      let valid = false;
      for (const key of ring) {
        if (same(signWith(key.keys.signing, purpose, data), signature)) valid = true;
        if (options.preHkdf && same(signWith(key.legacy, purpose, data), signature)) valid = true;
      }
      return valid;
    },
    sealDayKey(dayKey, day) {
      return seal(newest.keys.analytics, dayKey, dayKeyData(day));
    },
    openDayKey(sealed, day) {
      if (!sealed.startsWith("v2:")) throw new SecretUnreadable(undefined, "unknown format");
      return openV2(sealed, "analytics", dayKeyData(day), undefined);
    },
    auditKey: (id) => byId.get(id)?.keys.auditChain,
    indexers: ring.map(
      (key) => (term: string) =>
        createHmac("sha256", key.keys.blindIndex).update(term, "utf8").digest().subarray(0, 12).toString("base64url"),
    ),
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
export function existingSecretKey(
  configured: string | undefined,
  dataDir: string,
): { key: string; source: "SECRET_KEY" | "secret.key" } | null {
  if (configured) return { key: configured, source: "SECRET_KEY" };
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return { key: readFileSync(file, "utf8").trim(), source: "secret.key" };
  return null;
}
