import { spawn } from "node:child_process";
import { constants, existsSync } from "node:fs";
import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgTable } from "drizzle-orm/pg-core";
import { pgliteMemoryOptions, type DatabaseHandle } from "../db/client";
import { logger } from "../log";
import { PROJECT_ROOT } from "../paths";
import { CHAIN_HEAD_QUERY, formatHead, headOf } from "./audit-chain";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  gzipped,
  type ArchiveHeader,
  type ArchiveTable,
  type ArchiveTrailer,
} from "./backup-archive";
import { encryptArchive, type ArchiveSecret } from "./backup-crypto";
import {
  catalogColumns,
  currentSchemaVersion,
  ENCRYPTED_COLUMNS,
  exportExpression,
  openSession,
  pgliteClient,
  pgliteSession,
  quoteIdent,
  tableSpecs,
  type SqlSession,
} from "./backup-tables";

/**
 * The database snapshot a backup is made of: every table read in one REPEATABLE READ transaction as
 * the archive's lines (./backup-archive.ts), gzipped and encrypted; on PostgreSQL on a connection of
 * its own, on the embedded database from a copy, exported in a child process (BACKUP_COPY_SCRIPT) when
 * the server is running on it.
 */

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
