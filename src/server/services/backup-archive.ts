import { once } from "node:events";
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";
import { ArchiveCryptoError, archiveGzipBytes, ENCRYPTED_ARCHIVE_EXTENSION, parseHeaderLine, type ArchiveKeyring } from "./backup-crypto";

/**
 * The backup archive's format: its lines, their gzip, the file's name, and reading an archive back.
 * A backup holds every table of src/server/db/schema.ts (./backup-tables.ts says which), read in one
 * consistent snapshot (./backup-snapshot.ts) and streamed out as gzip of JSON lines, so memory stays
 * flat whatever the number of rows:
 *
 *   {"format":"clinic-site-backup",...,"schemaVersion":"0002_mail_outbox","keyIncluded":false,...}   header
 *   {"table":"admin_users","columns":[{"name":"id","type":"integer"},...],"sequences":{...}}         each table
 *   [1,"admin","$argon2id$...",...]                                                                 one line per row
 *   {"end":true,"rows":{"admin_users":2,...},"totalRows":123}                                        trailer
 *
 * Values are what PostgreSQL itself writes: timestamps as ISO 8601 strings with their microseconds,
 * bytea as base64, json/jsonb, bigint, numeric and any other type as PostgreSQL's text form (exact, and
 * a JSON null stays apart from an SQL NULL). Encrypted fields stay ciphertext; the key is in the archive
 * only when asked for (the header says so). Restoring is src/server/services/restore.ts.
 *
 * The file itself is encrypted (./backup-crypto.ts: a passphrase through argon2id, or the site key),
 * the gzip stream sealed chunk by chunk; old plain archives (a bare gzip) are still read.
 */

export const ARCHIVE_FORMAT = "clinic-site-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const ARCHIVE_EXTENSION = "jsonl.gz";

// ---------------------------------------------------------------- the archive's lines

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  engine: "pglite" | "postgres";
  serverVersion: string;
  schemaVersion: string;
  migration: { index: number; when: number };
  tables: string[];
  encryptedColumns: string[];
  keyIncluded: boolean;
  secretKey?: string;
  note: string;
  /**
   * The activity log's chain head in the archive's snapshot ("seq:hash", as `npm run audit -- head`
   * prints it; null for an empty log; absent before it was recorded): kept in the file, where the
   * database cannot rewrite it, for `npm run audit -- verify --head`.
   */
  auditHead?: string | null;
}

export interface ArchiveTable {
  table: string;
  columns: Array<{ name: string; type: string }>;
  /** Each identity column's sequence at the time (so ids of deleted rows are not handed out again). */
  sequences: Record<string, { lastValue: string; isCalled: boolean }>;
}

export interface ArchiveTrailer {
  end: true;
  rows: Record<string, number>;
  totalRows: number;
}

/** Text chunks gzipped as one stream; a consumer that stops early also stops (and cleans up) the source. */
export async function* gzipped(text: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const source = Readable.from(text);
  const gzip = createGzip();
  const piping = pipeline(source, gzip);
  piping.catch(() => {});
  try {
    for await (const chunk of gzip) yield chunk as Buffer;
    await piping;
  } finally {
    gzip.destroy();
    if (!source.closed) {
      source.destroy();
      await once(source, "close").catch(() => {});
    }
    await piping.catch(() => {});
  }
}

export function backupFilename(now = new Date(), encrypted = true): string {
  return `clinic-backup-${now.toISOString().slice(0, 10)}.${encrypted ? ENCRYPTED_ARCHIVE_EXTENSION : ARCHIVE_EXTENSION}`;
}

// ---------------------------------------------------------------- reading an archive

/** A file's lines after decryption and gunzip, without holding more than one line (a long bytea line is joined once). */
export async function* archiveFileLines(file: string, keyring?: ArchiveKeyring): AsyncGenerator<string> {
  const input = Readable.from(archiveGzipBytes(file, keyring));
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  let pending: string[] = [];
  try {
    for await (const chunk of gunzip) {
      const text = decoder.write(chunk as Buffer);
      let start = 0;
      for (let nl = text.indexOf("\n", start); nl >= 0; nl = text.indexOf("\n", start)) {
        pending.push(text.slice(start, nl));
        yield pending.join("");
        pending = [];
        start = nl + 1;
      }
      if (start < text.length) pending.push(text.slice(start));
    }
    const tail = pending.join("") + decoder.end();
    if (tail) yield tail;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

export type ArchiveEntry =
  | { kind: "header"; header: ArchiveHeader }
  | { kind: "table"; table: ArchiveTable }
  | { kind: "row"; table: ArchiveTable; line: string }
  | { kind: "end"; trailer: ArchiveTrailer };

export class ArchiveError extends Error {}

/** The archive's entries in order; a file that is not an archive of this site, or is cut short, throws ArchiveError. */
export async function* readArchive(file: string, keyring?: ArchiveKeyring): AsyncGenerator<ArchiveEntry> {
  if (!existsSync(file)) throw new ArchiveError(`No such file: ${file}`);
  let header: ArchiveHeader | null = null;
  let table: ArchiveTable | null = null;
  let ended = false;
  try {
    for await (const line of archiveFileLines(file, keyring)) {
      if (!header) {
        header = parseHeader(line);
        yield { kind: "header", header };
        continue;
      }
      if (ended) throw new ArchiveError("The archive has data after its end");
      if (line.startsWith("[")) {
        if (!table) throw new ArchiveError("The archive has a row before any table");
        yield { kind: "row", table, line };
      } else if (line.startsWith("{")) {
        const value = JSON.parse(line) as Partial<ArchiveTable & ArchiveTrailer>;
        if (value.end === true) {
          ended = true;
          yield { kind: "end", trailer: value as ArchiveTrailer };
        } else if (typeof value.table === "string" && Array.isArray(value.columns)) {
          table = { table: value.table, columns: value.columns, sequences: value.sequences ?? {} };
          yield { kind: "table", table };
        } else {
          throw new ArchiveError("The archive has a line it does not understand");
        }
      } else if (line !== "") {
        throw new ArchiveError("The archive has a line it does not understand");
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    if (error instanceof ArchiveCryptoError) throw new ArchiveError(error.message);
    const code = (error as { code?: string }).code;
    if (code === "Z_DATA_ERROR" || code === "Z_BUF_ERROR" || code === "ERR_STREAM_PREMATURE_CLOSE" || error instanceof SyntaxError) {
      throw new ArchiveError(
        `${file} is not a complete backup archive (${error instanceof SyntaxError ? "a line is not JSON" : "the gzip data is damaged or cut short"})`,
      );
    }
    throw error;
  }
  if (!header) throw new ArchiveError(`${file} is empty`);
  if (!ended) throw new ArchiveError(`${file} is cut short: the archive has no end line`);
}

function parseHeader(line: string): ArchiveHeader {
  const value = parseHeaderLine<ArchiveHeader>(
    line,
    {
      format: ARCHIVE_FORMAT,
      firstLine: "the archive's header",
      what: "format",
      version: (h) => h.formatVersion,
      newest: ARCHIVE_FORMAT_VERSION,
    },
    ArchiveError,
  );
  if (typeof value.schemaVersion !== "string" || !Array.isArray(value.tables)) throw new ArchiveError("The archive's header is incomplete");
  return value as ArchiveHeader;
}

/** The header alone (the first line). */
export async function readArchiveHeader(file: string, keyring?: ArchiveKeyring): Promise<ArchiveHeader> {
  for await (const entry of readArchive(file, keyring)) {
    if (entry.kind === "header") return entry.header;
  }
  throw new ArchiveError(`${file} is empty`);
}

/** Reads the whole archive and checks that each table's rows are all there; answers what it holds. */
export async function summarizeArchive(
  file: string,
  keyring?: ArchiveKeyring,
): Promise<{ header: ArchiveHeader; rows: Record<string, number>; totalRows: number }> {
  let header: ArchiveHeader | null = null;
  const rows: Record<string, number> = {};
  for await (const entry of readArchive(file, keyring)) {
    if (entry.kind === "header") header = entry.header;
    else if (entry.kind === "table") rows[entry.table.table] = 0;
    else if (entry.kind === "row") rows[entry.table.table]! += 1;
    else checkTrailer(entry.trailer, rows);
  }
  return { header: header!, rows, totalRows: Object.values(rows).reduce((a, b) => a + b, 0) };
}

export function checkTrailer(trailer: ArchiveTrailer, rows: Record<string, number>): void {
  for (const [table, count] of Object.entries(trailer.rows ?? {})) {
    if ((rows[table] ?? 0) !== count)
      throw new ArchiveError(`The archive is damaged: table ${table} should have ${count} rows and has ${rows[table] ?? 0}`);
  }
}
