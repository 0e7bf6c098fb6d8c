import { spawn } from "node:child_process";
import { constants, existsSync, readFileSync } from "node:fs";
import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { pgliteMemoryOptions, type DatabaseHandle } from "../db/client";
import * as schema from "../db/schema";
import type { AppDeps } from "../deps";
import { logger, logTaskError } from "../log";
import { MIGRATIONS_DIR, PROJECT_ROOT } from "../paths";
import { logActivity } from "./activity";
import { CHAIN_HEAD_QUERY, formatHead, headOf } from "./audit-chain";
import {
  ArchiveCryptoError,
  archiveGzipBytes,
  encryptArchive,
  ENCRYPTED_ARCHIVE_EXTENSION,
  type ArchiveKeyring,
  type ArchiveSecret,
} from "./backup-crypto";

/**
 * Backups of the whole site: every table of src/server/db/schema.ts (found in the drizzle schema, so a
 * table added later is included by itself), read in one consistent snapshot and streamed out as gzip of
 * JSON lines, so memory stays flat whatever the number of rows:
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

// ---------------------------------------------------------------- the tables

export interface TableSpec {
  name: string;
  /** The columns a backup holds: every column but the generated ones (PostgreSQL recomputes those). */
  columns: string[];
  primaryKey: string[];
  /** The tables this one's foreign keys point to. */
  references: string[];
}

/**
 * Tables a backup leaves out: analytics' visitor hashes and day keys, which are deleted within 24 hours
 * and must not outlive that in an archive (a restored site counts today's visitors afresh; the daily
 * counts are kept), and its conversion tokens' uses (minutes of life).
 */
export const NOT_BACKED_UP: ReadonlySet<string> = new Set(
  [schema.analyticsSeen, schema.analyticsDayKeys, schema.conversionTokenUses].map((table) => getTableName(table)),
);

/** Every table of the drizzle schema a backup holds. */
export function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && !NOT_BACKED_UP.has(getTableName(value)),
  );
}

/** The tables in an order that satisfies their foreign keys (a table after those it references). */
export function tableSpecs(tables: PgTable[] = schemaTables()): TableSpec[] {
  const specs = tables.map((table): TableSpec => {
    const config = getTableConfig(table);
    return {
      name: config.name,
      columns: config.columns.filter((column) => !column.generated).map((column) => column.name),
      primaryKey: [
        ...config.columns.filter((column) => column.primary).map((column) => column.name),
        ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
      ],
      references: [...new Set(config.foreignKeys.map((key) => getTableName(key.reference().foreignTable)))].filter(
        (name) => name !== config.name,
      ),
    };
  });
  return foreignKeyOrder(
    specs,
    (spec) => spec.name,
    (spec) => spec.references,
  );
}

/** Parents before children (Kahn's algorithm, keeping the given order among equals). */
export function foreignKeyOrder<T>(items: T[], nameOf: (item: T) => string, parentsOf: (item: T) => string[]): T[] {
  const names = new Set(items.map(nameOf));
  const placed = new Set<string>();
  const ordered: T[] = [];
  while (ordered.length < items.length) {
    const next = items.find(
      (item) =>
        !placed.has(nameOf(item)) && parentsOf(item).every((parent) => placed.has(parent) || !names.has(parent) || parent === nameOf(item)),
    );
    if (!next)
      throw new Error(
        `The foreign keys between ${items
          .filter((item) => !placed.has(nameOf(item)))
          .map(nameOf)
          .join(", ")} form a cycle`,
      );
    placed.add(nameOf(next));
    ordered.push(next);
  }
  return ordered;
}

/**
 * Tables that triggers keep from other tables. Their rows are not loaded from an archive: the triggers
 * count the rows as they load, and the table is then recomputed from what was loaded, so the counts are
 * right whatever the migrations seeded.
 */
export const DERIVED_TABLES: Record<string, string> = {
  [getTableName(schema.contactStatusCounts)]:
    `UPDATE "contact_status_counts" AS c SET "total" = (SELECT count(*)::int FROM "contact_submissions" AS ` +
    `s WHERE s."status" = c."status")`,
};

/** Columns stored encrypted with the key ring (auth/secret-box.ts): a restore checks its key against them first. */
export const ENCRYPTED_COLUMNS = [
  schema.adminUsers.twoFactorSecret,
  schema.contactSubmissions.identity,
  schema.contactSubmissions.healthConditions,
  schema.contactNotes.body,
].map((column) => ({
  table: getTableName(column.table),
  column: column.name,
}));

// ---------------------------------------------------------------- schema versions (drizzle's journal)

export interface SchemaVersion {
  tag: string;
  index: number;
  /** The journal's timestamp, which drizzle records as created_at of each migration applied. */
  when: number;
}

export function knownMigrations(dir = MIGRATIONS_DIR): SchemaVersion[] {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string; when: number }>;
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, index: entry.idx, when: entry.when }));
}

/** The timestamp of the last migration applied to the database, or null when none was. */
export async function appliedMigration(session: SqlSession): Promise<number | null> {
  const [present] = await session.query<{ present: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!present?.present) return null;
  const [last] = await session.query<{ at: string }>(
    `SELECT created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  return last ? Number(last.at) : null;
}

/** The database's schema version, which must be this code's latest (the tables and columns come from the code). */
async function currentSchemaVersion(session: SqlSession): Promise<SchemaVersion> {
  const known = knownMigrations();
  const latest = known[known.length - 1]!;
  const applied = await appliedMigration(session);
  const match = known.find((entry) => entry.when === applied);
  if (match === latest) return latest;
  if (applied === null) throw new Error("The database has no migrations applied: there is nothing to back up");
  if (!match) {
    throw new Error(
      `The database has a migration this version of the site does not know (applied ${new Date(applied).toISOString()}): ` +
        `back it up with the version of the site that runs it`,
    );
  }
  throw new Error(
    `The database is at schema ${match.tag} and this version of the site expects ${latest.tag}: start the ` +
      `server once (it migrates) or run npm run db:migrate, then back up`,
  );
}

// ---------------------------------------------------------------- a connection of its own

/** Plain SQL on one connection (a transaction spans calls), whichever the engine. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  release(): Promise<void>;
}

export function pgliteClient(database: DatabaseHandle): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

export function pgliteSession(client: PGlite): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    release: async () => {},
  };
}

/** A connection reserved from the pool (PostgreSQL), or the PGlite instance itself. */
export async function openSession(database: DatabaseHandle): Promise<SqlSession> {
  if (database.kind === "pglite") return pgliteSession(pgliteClient(database));
  const client = (database.db as unknown as { $client: Sql }).$client;
  const reserved = await client.reserve();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await reserved.unsafe(text, (params ?? []) as never[])) as unknown as T[],
    release: async () => reserved.release(),
  };
}

// ---------------------------------------------------------------- column types

export interface CatalogColumn {
  name: string;
  type: string;
  /** "a" (ALWAYS) or "d" (BY DEFAULT) for identity columns, else "". */
  identity: string;
  generated: boolean;
}

export async function catalogColumns(session: SqlSession, table: string): Promise<Map<string, CatalogColumn>> {
  const rows = await session.query<{ name: string; type: string; identity: string; generated: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attidentity::text AS identity, a.attgenerated::text AS generated
       FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [quoteIdent(table)],
  );
  return new Map(
    rows.map((row) => [row.name, { name: row.name, type: row.type, identity: row.identity ?? "", generated: Boolean(row.generated) }]),
  );
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** "character varying(255)" -> "character varying", "timestamp(3) with time zone" -> "timestamp with time zone". */
function baseType(type: string): string {
  return type.replace(/\(\d+(,\d+)?\)/, "").trim();
}

/** Types whose to_json() is exact and plain: numbers that fit a double, booleans, strings, ISO timestamps. */
const JSON_NATIVE = new Set([
  "integer",
  "smallint",
  "boolean",
  "text",
  "character varying",
  "character",
  "timestamp with time zone",
  "timestamp without time zone",
  "date",
]);
const STRING_TYPES = new Set(["text", "character varying", "character"]);

/** How a column is written to the archive (inside to_json). */
function exportExpression(column: string, type: string): string {
  const c = quoteIdent(column);
  if (type === "bytea") return `translate(encode(${c}, 'base64'), E'\\n', '')`;
  if (JSON_NATIVE.has(baseType(type))) return c;
  return `${c}::text`;
}

/** How the archive's value (element `index` of a row, as text) is turned back into the column's type. */
export function importExpression(index: number, type: string): string {
  const value = `(e->>${index})`;
  if (type === "bytea") return `decode(${value}, 'base64')`;
  // Strings go in by assignment, so a value too long for its column is an error, never cut short.
  if (STRING_TYPES.has(baseType(type))) return value;
  return `${value}::${type}`;
}

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

export interface BackupStats {
  tables: number;
  rows: number;
  complete: boolean;
}

export const newBackupStats = (): BackupStats => ({ tables: 0, rows: 0, complete: false });

const KEY_NOTE =
  "WARNING: this archive includes the secret key (secretKey): whoever holds it can read every health detail, " +
  "note and TOTP key in it. Keep it as safe as the key itself.";
const NO_KEY_NOTE =
  "The secret key is not in this archive: the encrypted fields (TOTP keys, health details, notes) stay " +
  "encrypted and need the site's SECRET_KEY (or DATA_DIR/secret.key), kept apart from this file, to be " +
  "read after a restore.";

/** Rows per FETCH; tables with bytea start small, and the size adapts to about 4 MB per batch. */
const FETCH_ROWS = 1000;
const FETCH_BYTES = 4 * 1024 * 1024;

/**
 * The archive's text, line by line (batched), read in one REPEATABLE READ, READ ONLY transaction on
 * `session`, so every table is seen at the same instant while the site keeps working.
 */
export async function* archiveLines(
  session: SqlSession,
  options: { engine: "pglite" | "postgres"; secretKey: string | null; stats: BackupStats; tables?: PgTable[] },
): AsyncGenerator<string> {
  const { stats } = options;
  await session.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  let finished = false;
  try {
    await session.query("SET LOCAL TIME ZONE 'UTC'");
    const version = await currentSchemaVersion(session);
    const [facts] = await session.query<{ version: string; now: string }>(
      `SELECT current_setting('server_version') AS version, to_json(now())#>>'{}' AS now`,
    );
    const head = headOf((await session.query<{ seq: string; hash: string }>(CHAIN_HEAD_QUERY))[0]);
    const specs = tableSpecs(options.tables);
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: facts!.now,
      engine: options.engine,
      serverVersion: facts!.version,
      schemaVersion: version.tag,
      migration: { index: version.index, when: version.when },
      tables: specs.map((spec) => spec.name),
      encryptedColumns: ENCRYPTED_COLUMNS.map((c) => `${c.table}.${c.column}`),
      keyIncluded: options.secretKey !== null,
      ...(options.secretKey !== null ? { secretKey: options.secretKey } : {}),
      note: options.secretKey !== null ? KEY_NOTE : NO_KEY_NOTE,
      auditHead: head ? formatHead(head) : null,
    };
    yield `${JSON.stringify(header)}\n`;

    const counts: Record<string, number> = {};
    for (const spec of specs) {
      const catalog = await catalogColumns(session, spec.name);
      const columns = spec.columns.map((name) => {
        const found = catalog.get(name);
        if (!found) throw new Error(`The database's table ${spec.name} has no column ${name}`);
        return found;
      });
      const sequences: ArchiveTable["sequences"] = {};
      for (const column of columns.filter((c) => c.identity)) {
        const [seq] = await session.query<{ name: string }>(`SELECT pg_get_serial_sequence($1, $2) AS name`, [
          quoteIdent(spec.name),
          column.name,
        ]);
        if (!seq?.name) continue;
        const [state] = await session.query<{ last_value: string; is_called: boolean }>(
          `SELECT last_value::text AS last_value, is_called FROM ${seq.name}`,
        );
        sequences[column.name] = { lastValue: state!.last_value, isCalled: state!.is_called };
      }
      const table: ArchiveTable = { table: spec.name, columns: columns.map((c) => ({ name: c.name, type: c.type })), sequences };
      yield `${JSON.stringify(table)}\n`;

      const values = columns.map((c) => `to_json(${exportExpression(c.name, c.type)})`).join(", ");
      const order = spec.primaryKey.length > 0 ? ` ORDER BY ${spec.primaryKey.map(quoteIdent).join(", ")}` : "";
      await session.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT array_to_json(ARRAY[${values}]::json[])::text AS line ` +
          `FROM ${quoteIdent(spec.name)}${order}`,
      );
      let size = columns.some((c) => c.type === "bytea") ? 4 : FETCH_ROWS;
      let count = 0;
      for (;;) {
        const rows = await session.query<{ line: string }>(`FETCH FORWARD ${size} FROM backup_rows`);
        if (rows.length === 0) break;
        let text = "";
        for (const row of rows) text += `${row.line}\n`;
        count += rows.length;
        stats.rows += rows.length;
        yield text;
        if (rows.length < size) break;
        size = Math.max(1, Math.min(FETCH_ROWS, Math.floor((size * FETCH_BYTES) / Math.max(text.length, 1))));
      }
      await session.query("CLOSE backup_rows");
      counts[spec.name] = count;
      stats.tables += 1;
    }
    const trailer: ArchiveTrailer = { end: true, rows: counts, totalRows: stats.rows };
    yield `${JSON.stringify(trailer)}\n`;
    await session.query("COMMIT");
    finished = true;
    stats.complete = true;
  } finally {
    if (!finished) await session.query("ROLLBACK").catch(() => {});
  }
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

// ---------------------------------------------------------------- a backup of a database

/** One in-memory copy of the embedded database at a time (each holds the whole database). */
let copyQueue: Promise<void> = Promise.resolve();
async function takeCopyTurn(): Promise<() => void> {
  let release!: () => void;
  const turn = new Promise<void>((resolve) => (release = resolve));
  const previous = copyQueue;
  copyQueue = previous.then(() => turn);
  await previous;
  return release;
}

/**
 * The archive of the database behind `database`, as gzip chunks.
 * - PostgreSQL: one snapshot on a connection of its own; the site keeps running.
 * - PGlite in use by the server (`live`): the data folder is copied on disk (a short pause of the site)
 *   and exported from that copy by a process of its own (linesOfFolderCopy); an in-memory database is
 *   dumped into a second, in-memory PGlite. The site is never blocked for the length of the export.
 * - PGlite opened by the command line alone: exported directly.
 */
export async function* backupArchive(
  database: DatabaseHandle,
  options: { secretKey: string | null; live: boolean; stats?: BackupStats; tables?: PgTable[]; encryption: ArchiveSecret | null },
): AsyncGenerator<Uint8Array> {
  const stats = options.stats ?? newBackupStats();
  const plain = gzipped(backupLines(database, { ...options, stats }));
  // null: the bare gzip of the format's first version, kept for tests of the rows and old archives only.
  yield* options.encryption ? encryptArchive(plain, options.encryption) : plain;
}

async function* backupLines(
  database: DatabaseHandle,
  options: { secretKey: string | null; live: boolean; stats: BackupStats; tables?: PgTable[] },
): AsyncGenerator<string> {
  const lineOptions = { engine: database.kind, secretKey: options.secretKey, stats: options.stats, tables: options.tables };
  if (database.kind === "postgres") {
    const session = await openSession(database);
    try {
      yield* archiveLines(session, lineOptions);
    } finally {
      await session.release();
    }
    return;
  }
  const client = pgliteClient(database);
  if (!options.live) {
    yield* archiveLines(pgliteSession(client), lineOptions);
    return;
  }
  const release = await takeCopyTurn();
  try {
    const folder = onDiskFolder(client);
    if (folder && !options.tables) {
      yield* linesOfFolderCopy(client, folder, lineOptions);
      return;
    }
    // An in-memory database (tests): its copy in memory too.
    let copy: PGlite | null = null;
    try {
      const snapshot = await client.dumpDataDir("none");
      copy = new PGlite({ ...pgliteMemoryOptions(), loadDataDir: snapshot });
      await copy.waitReady;
      yield* archiveLines(pgliteSession(copy), lineOptions);
    } finally {
      if (copy && !copy.closed) await copy.close().catch(() => {});
    }
  } finally {
    release();
  }
}

/** The folder of an embedded database kept on disk, or null (in memory). */
function onDiskFolder(client: PGlite): string | null {
  const dir = client.dataDir;
  return dir && !dir.includes("://") ? path.resolve(dir) : null;
}

/** The built step that exports a copy of the embedded database in a process of its own (src/server/ops/cli/backup-copy.ts). */
export const BACKUP_COPY_SCRIPT = path.join(PROJECT_ROOT, "dist", "server", "backup-copy.js");

const COPY_SUFFIX = ".backup-copy-";

/**
 * The live backup of an embedded database on disk, without holding the database in memory: the site
 * pauses while its folder is copied on disk beside it (after a CHECKPOINT, so the copy has no
 * write-ahead log to replay), then a process of its own opens the copy, writes the archive's lines to
 * this one and exits, and the copy is removed. Before (decision 0055): PGlite's dumpDataDir made a tar
 * of the whole folder in memory and a second PGlite loaded it into memory: at 50,000 inquiries (a
 * 219 MB folder) the server's peak went from about 300 MB to over 1.5 GB, and WebAssembly memory
 * never shrinks. The copy needs the folder's size once more on disk, for the length of the backup.
 * Without the build (development) the copy is opened in this process, from disk.
 */
async function* linesOfFolderCopy(
  client: PGlite,
  folder: string,
  lineOptions: { engine: "pglite" | "postgres"; secretKey: string | null; stats: BackupStats },
): AsyncGenerator<string> {
  const target = `${folder}${COPY_SUFFIX}${process.pid}`;
  await removeStaleCopies(folder);
  // Nothing else runs on the database while its files are copied (PGlite answers one query, and one
  // transaction, at a time); the checkpoint first writes every change into the files.
  await client.transaction(async (tx) => {
    await tx.query("CHECKPOINT");
    // A copy-on-write clone where the file system has them (btrfs, XFS), else a plain copy.
    await cp(folder, target, { recursive: true, mode: constants.COPYFILE_FICLONE });
  });
  try {
    if (existsSync(BACKUP_COPY_SCRIPT)) {
      yield* linesFromCopyProcess(target, lineOptions);
      return;
    }
    const copy = new PGlite(target, pgliteMemoryOptions());
    try {
      await copy.waitReady;
      yield* archiveLines(pgliteSession(copy), lineOptions);
    } finally {
      if (!copy.closed) await copy.close().catch(() => {});
    }
  } finally {
    await rm(target, { recursive: true, force: true });
  }
}

/** Copies left by a process that ended in the middle of a backup. */
async function removeStaleCopies(folder: string): Promise<void> {
  const parent = path.dirname(folder);
  const prefix = `${path.basename(folder)}${COPY_SUFFIX}`;
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (pid !== process.pid && processAlive(pid)) continue;
    await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** What the copy's process sends over its IPC channel (its lines go through its standard output). */
export type CopyProcessMessage = { stats: BackupStats } | { done: true; stats: BackupStats; peakMb: number } | { error: string };

async function* linesFromCopyProcess(
  folder: string,
  lineOptions: { secretKey: string | null; stats: BackupStats },
): AsyncGenerator<string> {
  const child = spawn(process.execPath, [BACKUP_COPY_SCRIPT], { stdio: ["ignore", "pipe", "inherit", "ipc"], env: process.env });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let done: { peakMb: number } | null = null;
  let failure: string | null = null;
  child.on("message", (message: CopyProcessMessage) => {
    if ("error" in message) failure = message.error;
    else Object.assign(lineOptions.stats, message.stats);
    if ("done" in message) done = { peakMb: message.peakMb };
  });
  child.once("error", (error) => (failure ??= error.message));
  child.send({ folder, secretKey: lineOptions.secretKey });
  child.stdout!.setEncoding("utf8");
  let finished = false;
  try {
    for await (const text of child.stdout!) yield text as string;
    await exited;
    const ended = done as { peakMb: number } | null;
    if (!ended)
      throw new Error(
        `The backup's export failed: ${failure ?? `its process ended (${child.signalCode ?? `exit code ${child.exitCode}`})`}`,
      );
    logger.info(
      { peakMb: ended.peakMb },
      `Backup: exported a copy of the embedded database in a separate process (peak memory ${ended.peakMb} MB).`,
    );
    finished = true;
  } finally {
    if (!finished && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  }
}

export function backupFilename(now = new Date(), encrypted = true): string {
  return `clinic-backup-${now.toISOString().slice(0, 10)}.${encrypted ? ENCRYPTED_ARCHIVE_EXTENSION : ARCHIVE_EXTENSION}`;
}

/** How an archive is protected, for the activity log. */
export function protectionOf(encryption: ArchiveSecret | "passphrase" | "site-key" | null): "passphrase" | "site key" | "none" {
  const kind = typeof encryption === "string" ? encryption : encryption?.kind;
  return kind === "passphrase" ? "passphrase" : kind === "site-key" ? "site key" : "none";
}

/**
 * The portal's download (super admins, once their password and 2FA code are checked again; never with
 * the key): the archive encrypted with the passphrase they typed, produced only as it is read. When it
 * ends (finished or cut off) the activity log gets one "backup" line with the row count, nothing of the
 * content and never the passphrase.
 */
export function backupDownload(deps: AppDeps, actor: { adminId: number; username: string; ip: string }, passphrase: string) {
  return {
    filename: backupFilename(),
    contentType: "application/octet-stream",
    chunks: loggedBackup(deps, actor, { secretKey: null, via: "portal", encryption: { kind: "passphrase", passphrase } }),
  };
}

/**
 * The archive of the server's own database, with its activity log line. `encryption` null: the bare
 * gzip, only for the maintenance socket, whose command line encrypts it before it reaches a file
 * (`encryptedBy` then says how, for the log).
 */
export async function* loggedBackup(
  deps: AppDeps,
  actor: { adminId: number | null; username: string; ip: string },
  options: { secretKey: string | null; via: string; encryption: ArchiveSecret | null; encryptedBy?: "passphrase" | "site-key" | null },
): AsyncGenerator<Uint8Array> {
  const stats = newBackupStats();
  try {
    yield* backupArchive(deps.database, { secretKey: options.secretKey, live: true, stats, encryption: options.encryption });
  } finally {
    await logActivity(deps.db, {
      adminId: actor.adminId,
      username: actor.username,
      action: "backup",
      resourceType: null,
      details: {
        rows: stats.rows,
        tables: stats.tables,
        complete: stats.complete,
        withKey: options.secretKey !== null,
        encrypted: protectionOf(options.encryption ?? options.encryptedBy ?? null),
        via: options.via,
      },
      ipAddress: actor.ip,
    }).catch((error) => logTaskError("backup-log", error));
  }
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
  let value: Partial<ArchiveHeader>;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ArchiveError("This file is not a backup of this site (its first line is not the archive's header)");
  }
  if (value?.format !== ARCHIVE_FORMAT)
    throw new ArchiveError("This file is not a backup of this site (its header does not name the format)");
  if (typeof value.formatVersion !== "number" || value.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      `The archive's format (version ${value.formatVersion}) is newer than this version of the site reads (${ARCHIVE_FORMAT_VERSION}): ` +
        `restore it with a newer version`,
    );
  }
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
