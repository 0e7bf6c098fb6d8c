import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, createReadStream, openSync, readFileSync, readSync } from "node:fs";
import { hashRaw } from "@node-rs/argon2";

/**
 * The encrypted backup archive: one plaintext header line (JSON, what a restore needs to know how to
 * open the rest, never a secret), then the gzip JSON-lines stream of ./backup-archive.ts cut into chunks of
 * `chunkBytes`, each sealed with AES-256-GCM:
 *
 *   {"format":"clinic-site-backup-encrypted","version":1,"protection":"passphrase","kdf":{...},"salt":"...","keyCheck":"...",...}\n
 *   chunk 0: ciphertext (chunkBytes) | tag (16)
 *   chunk 1: ...
 *   last chunk: ciphertext (0..chunkBytes) | tag (16)
 *
 * The key: a passphrase through argon2id (memory-hard, parameters and a random salt in the header), or
 * the site key (SECRET_KEY / DATA_DIR/secret.key) through HKDF with the same random salt; either way a
 * key of its own for each file. Each chunk's nonce is its counter and a flag set on the last chunk only,
 * and every chunk authenticates the header's hash as additional data (the STREAM construction of
 * Hoang, Reyhanitabar, Rogaway and Vizár): chunks reordered, dropped, added after the end, a file cut
 * at any byte or a header edited all fail authentication. Memory stays flat both ways: one chunk at
 * a time. `keyCheck` (an HKDF output of the key, not the key) tells a wrong passphrase or key apart
 * from a damaged file before anything is decrypted; it gives an attacker nothing the first chunk's tag
 * would not.
 */
export const ENCRYPTED_ARCHIVE_FORMAT = "clinic-site-backup-encrypted";
export const ENCRYPTED_ARCHIVE_VERSION = 1;
export const ENCRYPTED_ARCHIVE_EXTENSION = "jsonl.gz.enc";

/**
 * argon2id for passphrases: 64 MiB, 3 passes, 1 lane (RFC 9106 section 4's second recommended option,
 * with one lane for a small host). About 0.2 s once per backup or restore, so its cost does not matter
 * there, while every guess at a stolen file costs the same 64 MiB and 0.2 s: four times the memory of
 * the sign-in hashes (19 MiB, OWASP's minimum for a server that hashes at every sign-in), since the
 * file can be attacked offline forever.
 */
export const PASSPHRASE_KDF = { name: "argon2id", memoryKiB: 65_536, iterations: 3, parallelism: 1 } as const;
/** What a restore accepts from a header (a file crafted to make a restore allocate gigabytes is refused). */
const KDF_LIMITS = { memoryKiB: 1_048_576, iterations: 64, parallelism: 16 };

export const PASSPHRASE_MIN_LENGTH = 12;
export const PASSPHRASE_MAX_LENGTH = 1024;

const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const MAX_HEADER_BYTES = 4096;
const INFO_KEY = "clinic-site-backup v1 chunk key";
const INFO_CHECK = "clinic-site-backup v1 key check";
const INFO_SITE = "clinic-site-backup v1 site key";

export type ArchiveSecret = { kind: "passphrase"; passphrase: string } | { kind: "site-key"; key: string };

export interface EncryptedArchiveHeader {
  format: typeof ENCRYPTED_ARCHIVE_FORMAT;
  version: number;
  cipher: "AES-256-GCM";
  chunkBytes: number;
  protection: "passphrase" | "site-key";
  kdf: { name: "argon2id"; memoryKiB: number; iterations: number; parallelism: number } | { name: "hkdf-sha256" };
  /** The site key's id (a keyed hash of it, not the key) when protection is "site-key". */
  keyId?: string;
  salt: string;
  keyCheck: string;
  note: string;
}

/** An archive that cannot be opened: wrong or missing passphrase or key, damaged, cut short. */
export class ArchiveCryptoError extends Error {}

/**
 * The first line of an archive (the plain archive's header, or the encrypted one's), parsed: JSON that
 * names `format`, in a version this site reads (`what` the message calls it); else a `Failure`.
 */
export function parseHeaderLine<Header extends { format: string }>(
  line: string,
  expected: { format: string; firstLine: string; what: string; version: (header: Partial<Header>) => unknown; newest: number },
  Failure: new (message: string) => Error,
): Partial<Header> {
  let header: Partial<Header>;
  try {
    header = JSON.parse(line);
  } catch {
    throw new Failure(`This file is not a backup of this site (its first line is not ${expected.firstLine})`);
  }
  if (header?.format !== expected.format) throw new Failure("This file is not a backup of this site (its header does not name the format)");
  const version = expected.version(header);
  if (typeof version !== "number" || version > expected.newest) {
    throw new Failure(
      `The archive's ${expected.what} (version ${version}) is newer than this version of the site reads (${expected.newest}): ` +
        `restore it with a newer version`,
    );
  }
  return header;
}

/** The site key's id: the same key always gives the same id; the id tells nothing of the key. */
export function siteKeyId(key: string): string {
  return createHmac("sha256", Buffer.from(key, "utf8")).update("clinic-site-backup key id").digest("hex").slice(0, 16);
}

/** A passphrase's problem, or null when it is acceptable. */
export function passphraseProblem(passphrase: string): string | null {
  const length = [...passphrase].length;
  if (length < PASSPHRASE_MIN_LENGTH) return `The passphrase must be at least ${PASSPHRASE_MIN_LENGTH} characters`;
  if (length > PASSPHRASE_MAX_LENGTH) return `The passphrase must be ${PASSPHRASE_MAX_LENGTH} characters or less`;
  return null;
}

/** The passphrase from --passphrase-file (its first line) or BACKUP_PASSPHRASE; null when neither is given. */
export function readPassphrase(file: string | undefined, env: NodeJS.ProcessEnv = process.env): string | null {
  if (file) {
    const text = readFileSync(file, "utf8");
    const nl = text.search(/\r?\n/);
    return nl >= 0 ? text.slice(0, nl) : text;
  }
  const fromEnv = env.BACKUP_PASSPHRASE;
  return fromEnv ? fromEnv : null;
}

interface Derived {
  key: Buffer;
  check: Buffer;
}

async function deriveKeys(secret: ArchiveSecret, header: Pick<EncryptedArchiveHeader, "kdf" | "salt">): Promise<Derived> {
  const salt = Buffer.from(header.salt, "base64");
  let ikm: Buffer;
  if (secret.kind === "passphrase") {
    if (header.kdf.name !== "argon2id") throw new ArchiveCryptoError("The archive's key derivation is not one this site reads");
    // NFC: the same passphrase typed on another system (composed or decomposed accents) opens the file.
    ikm = await hashRaw(secret.passphrase.normalize("NFC"), {
      algorithm: 2, // Argon2id (a const enum the package exports, which isolated modules cannot read)
      memoryCost: header.kdf.memoryKiB,
      timeCost: header.kdf.iterations,
      parallelism: header.kdf.parallelism,
      outputLen: 32,
      salt,
    });
  } else {
    ikm = Buffer.from(hkdfSync("sha256", Buffer.from(secret.key, "utf8"), salt, INFO_SITE, 32));
  }
  return {
    key: Buffer.from(hkdfSync("sha256", ikm, salt, INFO_KEY, 32)),
    check: Buffer.from(hkdfSync("sha256", ikm, salt, INFO_CHECK, 16)),
  };
}

function nonce(counter: number, last: boolean): Buffer {
  const iv = Buffer.alloc(12);
  iv.writeUInt32BE(counter, 7);
  iv[11] = last ? 1 : 0;
  return iv;
}

const NOTES = {
  passphrase:
    "An encrypted backup of the clinic's site (AES-256-GCM, key from a passphrase by argon2id). Restore it " +
    "with npm run restore -- FILE and the passphrase (--passphrase-file FILE or BACKUP_PASSPHRASE); without " +
    "the passphrase it cannot be read.",
  "site-key":
    "An encrypted backup of the clinic's site (AES-256-GCM, key from the site's secret key, whose id is keyId). " +
    "Restore it with npm run restore -- FILE where SECRET_KEY (or DATA_DIR/secret.key) is that key; without " +
    "it the file cannot be read.",
} as const;

/** The header line and the chunk key of a new archive (the KDF runs here: about 0.2 s for a passphrase). */
async function newArchive(secret: ArchiveSecret): Promise<{ line: Buffer; derived: Derived }> {
  const salt = randomBytes(16).toString("base64");
  const kdf: EncryptedArchiveHeader["kdf"] = secret.kind === "passphrase" ? { ...PASSPHRASE_KDF } : { name: "hkdf-sha256" };
  const derived = await deriveKeys(secret, { kdf, salt });
  const header: EncryptedArchiveHeader = {
    format: ENCRYPTED_ARCHIVE_FORMAT,
    version: ENCRYPTED_ARCHIVE_VERSION,
    cipher: "AES-256-GCM",
    chunkBytes: CHUNK_BYTES,
    protection: secret.kind,
    kdf,
    ...(secret.kind === "site-key" ? { keyId: siteKeyId(secret.key) } : {}),
    salt,
    keyCheck: derived.check.toString("base64"),
    note: NOTES[secret.kind],
  };
  return { line: Buffer.from(`${JSON.stringify(header)}\n`, "utf8"), derived };
}

/**
 * The encrypted archive of `plain` (the gzip stream), chunk by chunk. Nothing is derived or read
 * before the first chunk is asked for; a consumer that stops early stops the source too.
 */
export async function* encryptArchive(plain: AsyncIterable<Uint8Array>, secret: ArchiveSecret): AsyncGenerator<Uint8Array> {
  const { line, derived } = await newArchive(secret);
  const aad = createHash("sha256").update(line).digest();
  yield line;
  let counter = 0;
  const seal = (data: Buffer, last: boolean): Buffer => {
    if (counter > 0xffff_ffff) throw new Error("The archive is too large to encrypt");
    const cipher = createCipheriv("aes-256-gcm", derived.key, nonce(counter, last));
    cipher.setAAD(aad);
    const body = Buffer.concat([cipher.update(data), cipher.final(), cipher.getAuthTag()]);
    counter += 1;
    return body;
  };
  let pending: Buffer[] = [];
  let size = 0;
  for await (const chunk of plain) {
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    size += chunk.byteLength;
    // Strictly more than one chunk: the last chunk (flagged) is only sealed once the source has ended.
    if (size > CHUNK_BYTES) {
      let all = Buffer.concat(pending);
      const out: Buffer[] = [];
      while (all.length > CHUNK_BYTES) {
        out.push(seal(all.subarray(0, CHUNK_BYTES), false));
        all = all.subarray(CHUNK_BYTES);
      }
      pending = [Buffer.from(all)];
      size = all.length;
      yield Buffer.concat(out);
    }
  }
  yield seal(Buffer.concat(pending), true);
}

// ---------------------------------------------------------------- reading

/** The passphrase and site keys a reader may use; each file's key is derived once and kept. */
export interface ArchiveKeyring {
  passphrase?: string | null;
  /** Site keys that may have written it (SECRET_KEY, DATA_DIR/secret.key). */
  siteKeys?: string[];
  /** Filled by the reader: derived keys by salt, so reading a file again does not run argon2id again. */
  cache?: Map<string, Derived>;
}

export type ArchiveKind = { kind: "plain" } | { kind: "encrypted"; header: EncryptedArchiveHeader; headerBytes: number };

/** What a file is, from its first bytes: a plain gzip archive, an encrypted one (with its header), or neither. */
export function archiveKind(file: string): ArchiveKind {
  const fd = openSync(file, "r");
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(MAX_HEADER_BYTES);
    head = buffer.subarray(0, readSync(fd, buffer, 0, MAX_HEADER_BYTES, 0));
  } finally {
    closeSync(fd);
  }
  if (head.length === 0) throw new ArchiveCryptoError(`${file} is empty`);
  if (head[0] === 0x1f && head[1] === 0x8b) return { kind: "plain" };
  const nl = head.indexOf(10);
  if (head[0] !== 0x7b || nl < 0)
    throw new ArchiveCryptoError("This file is not a backup of this site (neither a gzip archive nor an encrypted one)");
  const header = parseHeaderLine<EncryptedArchiveHeader>(
    head.subarray(0, nl).toString("utf8"),
    {
      format: ENCRYPTED_ARCHIVE_FORMAT,
      firstLine: "an archive header",
      what: "encryption",
      version: (h) => h.version,
      newest: ENCRYPTED_ARCHIVE_VERSION,
    },
    ArchiveCryptoError,
  );
  const kdf = header.kdf as EncryptedArchiveHeader["kdf"] | undefined;
  const kdfOk =
    kdf?.name === "hkdf-sha256"
      ? header.protection === "site-key"
      : kdf?.name === "argon2id" &&
        header.protection === "passphrase" &&
        [kdf.memoryKiB, kdf.iterations, kdf.parallelism].every((n) => Number.isInteger(n) && n >= 1) &&
        kdf.memoryKiB <= KDF_LIMITS.memoryKiB &&
        kdf.iterations <= KDF_LIMITS.iterations &&
        kdf.parallelism <= KDF_LIMITS.parallelism &&
        kdf.memoryKiB >= 8 * kdf.parallelism;
  const salt = typeof header.salt === "string" ? Buffer.from(header.salt, "base64") : Buffer.alloc(0);
  if (
    header.cipher !== "AES-256-GCM" ||
    !kdfOk ||
    salt.length < 16 ||
    typeof header.keyCheck !== "string" ||
    !Number.isInteger(header.chunkBytes) ||
    header.chunkBytes! < 1024 ||
    header.chunkBytes! > 16 * 1024 * 1024
  ) {
    throw new ArchiveCryptoError("The archive's header is damaged or was edited");
  }
  return { kind: "encrypted", header: header as EncryptedArchiveHeader, headerBytes: nl + 1 };
}

/** The key that opens this archive, from the keyring (checked against keyCheck), or a clear refusal. */
async function openingKey(header: EncryptedArchiveHeader, keyring: ArchiveKeyring): Promise<Derived> {
  keyring.cache ??= new Map();
  const cache = keyring.cache;
  const cached = cache.get(header.salt);
  if (cached) return cached;
  const expected = Buffer.from(header.keyCheck, "base64");
  const matches = (derived: Derived) => derived.check.length === expected.length && timingSafeEqual(derived.check, expected);
  if (header.protection === "passphrase") {
    if (!keyring.passphrase) {
      throw new ArchiveCryptoError(
        "This archive is encrypted with a passphrase: give it with --passphrase-file FILE or the BACKUP_PASSPHRASE environment variable",
      );
    }
    const derived = await deriveKeys({ kind: "passphrase", passphrase: keyring.passphrase }, header);
    if (!matches(derived))
      throw new ArchiveCryptoError("The passphrase does not open this archive: it is not the one the backup was made with");
    cache.set(header.salt, derived);
    return derived;
  }
  const keys = keyring.siteKeys ?? [];
  for (const key of keys) {
    const derived = await deriveKeys({ kind: "site-key", key }, header);
    if (matches(derived)) {
      cache.set(header.salt, derived);
      return derived;
    }
  }
  throw new ArchiveCryptoError(
    keys.length === 0
      ? `This archive is encrypted with the site key (key id ${header.keyId ?? "unknown"}), and there is none ` +
          `here: set SECRET_KEY to the key of the site it came from (or put that site's secret.key in DATA_DIR)`
      : `This archive is encrypted with another site key (key id ${header.keyId ?? "unknown"}; this site's is ` +
          `${siteKeyId(keys[0]!)}): set SECRET_KEY to the key of the site it came from`,
  );
}

/**
 * The archive's gzip bytes: a plain archive as it is, an encrypted one decrypted chunk by chunk (one
 * chunk in memory). A wrong key, a damaged chunk, chunks out of order or a file cut short throw
 * ArchiveCryptoError; nothing unauthenticated is ever yielded.
 */
export async function* archiveGzipBytes(file: string, keyring: ArchiveKeyring = {}): AsyncGenerator<Buffer> {
  const kind = archiveKind(file);
  if (kind.kind === "plain") {
    for await (const chunk of createReadStream(file)) yield chunk as Buffer;
    return;
  }
  const { header, headerBytes } = kind;
  const derived = await openingKey(header, keyring);
  // The header as written, byte for byte, is what every chunk authenticates.
  const aad = createHash("sha256").update(readHead(file, headerBytes)).digest();
  const block = header.chunkBytes + TAG_BYTES;
  let counter = 0;
  const open = (sealed: Buffer, last: boolean): Buffer => {
    const decipher = createDecipheriv("aes-256-gcm", derived.key, nonce(counter, last));
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      counter += 1;
      return plain;
    } catch {
      throw new ArchiveCryptoError(
        last
          ? "The archive is cut short, damaged or was edited (its last part does not authenticate)"
          : `The archive is damaged or was edited (part ${counter + 1} does not authenticate)`,
      );
    }
  };
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file, { start: headerBytes, highWaterMark: block })) {
    pending = pending.length === 0 ? (chunk as Buffer) : Buffer.concat([pending, chunk as Buffer]);
    // Keep back at least one byte past a whole block: only the file's end says which block is the last.
    while (pending.length > block) {
      yield open(pending.subarray(0, block), false);
      pending = pending.subarray(block);
    }
  }
  if (pending.length < TAG_BYTES) throw new ArchiveCryptoError("The archive is cut short (it ends inside a part)");
  yield open(pending, true);
}

function readHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    readSync(fd, buffer, 0, bytes, 0);
    return buffer;
  } finally {
    closeSync(fd);
  }
}
