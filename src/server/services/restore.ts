import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSecretBox, existingSecretKey } from "../auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../db/client";
import { answers, maintenanceSocketPath } from "../ops/maintenance-socket";
import { MIGRATIONS_DIR } from "../paths";
import { ArchiveError, checkTrailer, readArchive, readArchiveHeader, type ArchiveHeader, type ArchiveTable } from "./backup-archive";
import {
  appliedMigration,
  catalogColumns,
  DERIVED_TABLES,
  ENCRYPTED_COLUMNS,
  foreignKeyOrder,
  importExpression,
  knownMigrations,
  openSession,
  quoteIdent,
  tableSpecs,
  type CatalogColumn,
  type SchemaVersion,
  type SqlSession,
} from "./backup-tables";
import type { ArchiveKeyring } from "./backup-crypto";

/**
 * Loads an archive of src/server/services/backup-archive.ts into an EMPTY target: a data folder without a
 * database (or with an empty one), or a PostgreSQL database holding no rows of ours. Everything that can
 * refuse is checked before anything is written: the archive is whole, its schema is one this code knows,
 * the target is empty, and the key the site will run with opens a sample of the archive's encrypted
 * fields. Then the migrations are applied up to the archive's schema version (the server applies any
 * newer ones at its next start, as it would have on the original), and the rows are loaded in one
 * transaction, parents before children, ids kept, each identity sequence set past its highest id.
 */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  file: string;
  /** PostgreSQL target; without it, the embedded database in dataDir/db. */
  databaseUrl?: string;
  dataDir: string;
  /** SECRET_KEY, when set. */
  secretKey?: string;
  /** The passphrase of an archive encrypted with one (--passphrase-file, BACKUP_PASSPHRASE). */
  passphrase?: string;
  log?: (line: string) => void;
}

export interface RestoreResult {
  engine: "pglite" | "postgres";
  schemaVersion: string;
  tables: number;
  rows: number;
  /** Where the key the site will run with comes from. */
  keySource: "SECRET_KEY" | "secret.key" | "archive" | "none";
  /** True when the archive's key was written into dataDir/secret.key. */
  keyWritten: boolean;
}

const SAMPLES_PER_COLUMN = 25;
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  // An encrypted archive opens with the passphrase, or with the site key the restored site will run
  // with; a wrong one is refused here, before anything is written. The key is derived once.
  const keyring = archiveKeyring(options);
  const header = await readArchiveHeader(options.file, keyring).catch(refuseArchive);
  const version = archiveVersion(header);

  let handle: DatabaseHandle | null = null;
  try {
    if (options.databaseUrl) {
      handle = await openPostgres(options.databaseUrl);
    } else {
      if (await answers(maintenanceSocketPath(options.dataDir))) {
        throw new RestoreRefused(`A server is running on ${options.dataDir}: stop it first (a restore needs an empty data folder)`);
      }
      if (existsSync(path.join(options.dataDir, "db", "PG_VERSION"))) handle = await openPglite({ dataDir: options.dataDir });
    }
    if (handle) await checkEmpty(handle, version);

    const inspected = await inspectArchive(options.file, keyring).catch(refuseArchive);
    const key = chooseKey(options, header, inspected.samples, log);

    // Nothing has been written so far. From here on the target changes.
    let keyWritten = false;
    if (key.source === "archive") {
      mkdirSync(options.dataDir, { recursive: true });
      writeFileSync(path.join(options.dataDir, "secret.key"), `${key.key}\n`, { mode: 0o600, flag: "wx" });
      keyWritten = true;
      log(`Wrote the archive's key into ${path.join(options.dataDir, "secret.key")} (mode 0600).`);
    }
    if (!handle) {
      log(`Creating the embedded database in ${path.join(options.dataDir, "db")} ...`);
      handle = await openPglite({ dataDir: options.dataDir });
    }
    log(`Applying the migrations up to ${version.tag} ...`);
    await migrateTo(handle, version);
    const rows = await loadRows(handle, options.file, inspected.tables, log, keyring);
    return { engine: handle.kind, schemaVersion: version.tag, tables: inspected.tables.length, rows, keySource: key.source, keyWritten };
  } finally {
    await handle?.close();
  }
}

/** What may open an encrypted archive: the passphrase given, and the site key the restored site will run with. */
export function archiveKeyring(options: Pick<RestoreOptions, "passphrase" | "secretKey" | "dataDir">): ArchiveKeyring {
  const siteKey = existingSecretKey(options.secretKey, options.dataDir);
  return { passphrase: options.passphrase ?? null, siteKeys: siteKey ? [siteKey.key] : [] };
}

function refuseArchive(error: unknown): never {
  if (error instanceof ArchiveError) throw new RestoreRefused(error.message);
  throw error;
}

/** The archive's schema must be one of this code's migrations. */
function archiveVersion(header: ArchiveHeader): SchemaVersion {
  const known = knownMigrations();
  const match = known.find((entry) => entry.tag === header.schemaVersion && entry.when === header.migration?.when);
  if (match) return match;
  const latest = known[known.length - 1]!;
  if (!known.some((entry) => entry.tag === header.schemaVersion) && (header.migration?.when ?? Number.POSITIVE_INFINITY) > latest.when) {
    throw new RestoreRefused(
      `The archive comes from a newer version of the site (schema ${header.schemaVersion}); this version knows ` +
        `schemas up to ${latest.tag}: restore it with the version of the site that made it, or a newer one`,
    );
  }
  throw new RestoreRefused(`The archive's schema version ${header.schemaVersion} is not one this version of the site knows`);
}

/**
 * Rows the migrations themselves write into a table that is not derived (a condition that picks them):
 * a database holding only these is still empty. The load replaces them with the archive's.
 */
const MIGRATION_ROWS: Record<string, string> = {
  // The built-in roles (drizzle/0019_roles_and_permissions.sql).
  roles: `"built_in"`,
};

/** Refuses a target holding any row of ours (the migrations' own rows aside). */
async function checkEmpty(handle: DatabaseHandle, version: SchemaVersion): Promise<void> {
  const session = await openSession(handle);
  try {
    const holding: string[] = [];
    for (const spec of tableSpecs()) {
      if (DERIVED_TABLES[spec.name]) continue;
      const [present] = await session.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [quoteIdent(spec.name)]);
      if (!present?.present) continue;
      const ours = MIGRATION_ROWS[spec.name] ? ` WHERE NOT (${MIGRATION_ROWS[spec.name]})` : "";
      const [count] = await session.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quoteIdent(spec.name)}${ours} LIMIT 1000) AS x`,
      );
      if (count && count.n > 0)
        holding.push(`${spec.name}: ${count.n === 1000 ? "1000 or more rows" : count.n === 1 ? "1 row" : `${count.n} rows`}`);
    }
    if (holding.length > 0) {
      throw new RestoreRefused(
        `The database already holds data: restore needs an empty one (${holding.slice(0, 4).join(", ")}${holding.length > 4 ? ", ..." : ""})`,
      );
    }
    const applied = await appliedMigration(session);
    if (applied !== null && applied > version.when) {
      const tag = knownMigrations().find((entry) => entry.when === applied)?.tag ?? "a newer one";
      throw new RestoreRefused(
        `The database is already migrated to ${tag}, past the archive's schema ${version.tag}: restore needs an empty database`,
      );
    }
  } finally {
    await session.release();
  }
}

export interface Sample {
  id: number;
  value: string;
}

export interface Inspected {
  tables: ArchiveTable[];
  /** A random sample of the encrypted values (with their row's id: each is bound to it), per "table.column". */
  samples: Map<string, Sample[]>;
}

/** Reads the whole archive once: every row well formed, every table whole; samples the ciphertexts. */
export async function inspectArchive(file: string, keyring?: ArchiveKeyring): Promise<Inspected> {
  const tables: ArchiveTable[] = [];
  const rows: Record<string, number> = {};
  const samples = new Map<string, Sample[]>();
  const seen = new Map<string, number>();
  let header: ArchiveHeader | null = null;
  let encrypted: Array<{ index: number; name: string }> = [];
  let idIndex = -1;
  let ended = false;
  for await (const entry of readArchive(file, keyring)) {
    if (entry.kind === "header") {
      header = entry.header;
    } else if (entry.kind === "table") {
      tables.push(entry.table);
      rows[entry.table.table] = 0;
      idIndex = entry.table.columns.findIndex((column) => column.name === "id");
      encrypted = ENCRYPTED_COLUMNS.filter((c) => c.table === entry.table.table).flatMap((c) => {
        const index = entry.table.columns.findIndex((column) => column.name === c.column);
        return index >= 0 ? [{ index, name: `${c.table}.${c.column}` }] : [];
      });
    } else if (entry.kind === "row") {
      const values = JSON.parse(entry.line) as unknown;
      if (!Array.isArray(values) || values.length !== entry.table.columns.length) {
        throw new ArchiveError(
          `The archive is damaged: a row of ${entry.table.table} does not have its ${entry.table.columns.length} values`,
        );
      }
      rows[entry.table.table]! += 1;
      for (const { index, name } of encrypted) {
        const value = values[index];
        const id = values[idIndex];
        if (typeof value !== "string" || !/^v[12]:/.test(value) || typeof id !== "number") continue;
        // Reservoir sampling: every ciphertext has the same chance, wherever it is in the table.
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        const sample = samples.get(name) ?? [];
        samples.set(name, sample);
        if (sample.length < SAMPLES_PER_COLUMN) sample.push({ id, value });
        else {
          const slot = Math.floor(Math.random() * n);
          if (slot < SAMPLES_PER_COLUMN) sample[slot] = { id, value };
        }
      }
    } else {
      checkTrailer(entry.trailer, rows);
      ended = true;
    }
  }
  if (!header || !ended) throw new ArchiveError(`${file} is cut short`);
  const listed = [...header.tables].sort().join(",");
  if (
    tables
      .map((t) => t.table)
      .sort()
      .join(",") !== listed
  )
    throw new ArchiveError("The archive is damaged: its tables are not those its header lists");
  return { tables, samples };
}

/**
 * The key the restored site will run with: SECRET_KEY, else the data folder's secret.key, else the
 * archive's own. It must open the sampled ciphertexts (all of them failing means the wrong key; a few
 * failing, ciphertexts the original could not read either).
 */
function chooseKey(
  options: RestoreOptions,
  header: ArchiveHeader,
  samples: Map<string, Sample[]>,
  log: (line: string) => void,
): { key: string; source: RestoreResult["keySource"] } {
  const existing = existingSecretKey(options.secretKey, options.dataDir);
  const chosen: { key: string; source: RestoreResult["keySource"] } | null =
    existing ?? (header.secretKey ? { key: header.secretKey, source: "archive" } : null);
  const all = [...samples.entries()].flatMap(([name, list]) => {
    const [table, column] = name.split(".") as [string, string];
    return list.map((sample) => ({ ...sample, table, column }));
  });
  if (all.length === 0) return chosen ?? { key: "", source: "none" };
  const what = [...samples.keys()].join(", ");
  if (!chosen) {
    throw new RestoreRefused(
      `The archive holds encrypted fields (${what}) and no key to open them: set SECRET_KEY to the key of the ` +
        `site it came from (or put that site's secret.key in ${options.dataDir}), or make the backup with --with-key`,
    );
  }
  const opens = (key: string) => {
    const box = createSecretBox(key);
    return all.filter((sealed) => {
      try {
        // Bound to its table, column and row id: the ids are kept by the restore.
        box.decryptBytes(sealed.value, { table: sealed.table, column: sealed.column, id: sealed.id });
        return true;
      } catch {
        return false;
      }
    }).length;
  };
  const opened = opens(chosen.key);
  if (opened === 0) {
    if (chosen.source === "archive")
      throw new RestoreRefused("The key inside the archive does not open its encrypted fields: the archive is damaged or was edited");
    const name = chosen.source === "SECRET_KEY" ? "SECRET_KEY" : path.join(options.dataDir, "secret.key");
    const archiveKeyOpens = header.secretKey && header.secretKey !== chosen.key && opens(header.secretKey) > 0;
    throw new RestoreRefused(
      `The key cannot open the archive's encrypted fields: ${name} is not the key they were written with (none ` +
        `of ${all.length} sampled ${what} opens with it). ` +
        (archiveKeyOpens
          ? `The key inside the archive does: ${chosen.source === "SECRET_KEY" ? "unset SECRET_KEY" : `remove ${name}`} to use it, or set the original site's key`
          : "Use the original site's SECRET_KEY (or its secret.key)"),
    );
  }
  if (opened < all.length)
    log(
      `Warning: ${all.length - opened} of ${all.length} sampled encrypted fields do not open with this key ` +
        `(written with an earlier key on the original site).`,
    );
  return chosen;
}

/** Applies the migrations up to `version` only (the archive's columns are that schema's). */
async function migrateTo(handle: DatabaseHandle, version: SchemaVersion): Promise<void> {
  const known = knownMigrations();
  if (version === known[known.length - 1]) return handle.migrate();
  const dir = mkdtempSync(path.join(tmpdir(), "clinic-migrations-"));
  try {
    mkdirSync(path.join(dir, "meta"));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ idx: number; tag: string }>;
    };
    journal.entries = journal.entries.filter((entry) => entry.idx <= version.index);
    writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    await handle.migrate(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Loads every row in one transaction; answers the number loaded. */
export async function loadRows(
  handle: DatabaseHandle,
  file: string,
  tables: ArchiveTable[],
  log: (line: string) => void,
  keyring?: ArchiveKeyring,
): Promise<number> {
  const session = await openSession(handle);
  let total = 0;
  try {
    await session.query("BEGIN");
    const catalogs = new Map<string, Map<string, CatalogColumn>>();
    for (const table of tables) {
      const catalog = await catalogColumns(session, table.table);
      if (catalog.size === 0) throw new Error(`The archive's table ${table.table} is not in the database after its migrations`);
      catalogs.set(table.table, catalog);
    }
    // Rows the migrations themselves wrote make way for the archive's (derived tables are recomputed).
    for (const table of [...tables].reverse()) {
      if (!DERIVED_TABLES[table.table]) await session.query(`DELETE FROM ${quoteIdent(table.table)}`);
    }

    const parents = await foreignKeys(session);
    const order = foreignKeyOrder(
      tables,
      (t) => t.table,
      (t) => parents.get(t.table) ?? [],
    );
    const archiveOrderWorks = tables.every((table, i) =>
      (parents.get(table.table) ?? []).every(
        (parent) => parent === table.table || !catalogs.has(parent) || tables.findIndex((t) => t.table === parent) < i,
      ),
    );
    const loadable = order.filter((t) => !DERIVED_TABLES[t.table]);
    // One pass over the archive when its order satisfies the foreign keys (it always does for archives
    // this code writes); otherwise one pass per table, in an order that does.
    const passes = archiveOrderWorks ? [loadable.map((t) => t.table)] : loadable.map((t) => [t.table]);
    for (const pass of passes) total += await loadPass(session, file, new Set(pass), catalogs, log, keyring);

    for (const table of tables) await setSequences(session, table, catalogs.get(table.table)!);
    for (const table of tables) {
      const recompute = DERIVED_TABLES[table.table];
      if (recompute) {
        await session.query(recompute);
        log(`  ${table.table}: recomputed`);
      }
    }
    await session.query("COMMIT");
  } catch (error) {
    await session.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await session.release();
  }
  const analyze = await openSession(handle);
  try {
    for (const table of tables) await analyze.query(`ANALYZE ${quoteIdent(table.table)}`);
  } finally {
    await analyze.release();
  }
  return total;
}

/** Each table's parents by its foreign keys, from the database's catalog. */
async function foreignKeys(session: SqlSession): Promise<Map<string, string[]>> {
  const rows = await session.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = to_regnamespace(current_schema())`,
  );
  const parents = new Map<string, string[]>();
  for (const row of rows) parents.set(row.child, [...(parents.get(row.child) ?? []), row.parent]);
  return parents;
}

/** One read of the archive, inserting the rows of `wanted` tables in batches. */
async function loadPass(
  session: SqlSession,
  file: string,
  wanted: Set<string>,
  catalogs: Map<string, Map<string, CatalogColumn>>,
  log: (line: string) => void,
  keyring?: ArchiveKeyring,
): Promise<number> {
  let total = 0;
  let current: { table: string; insert: string; lines: string[]; bytes: number; count: number } | null = null;
  const flush = async () => {
    if (!current || current.lines.length === 0) return;
    await session.query(current.insert, [`[${current.lines.join(",")}]`]);
    current.count += current.lines.length;
    current.lines = [];
    current.bytes = 0;
  };
  const finish = async () => {
    if (!current) return;
    await flush();
    total += current.count;
    log(`  ${current.table}: ${current.count} ${current.count === 1 ? "row" : "rows"}`);
    current = null;
  };
  for await (const entry of readArchive(file, keyring)) {
    if (entry.kind === "table") {
      await finish();
      if (wanted.has(entry.table.table))
        current = {
          table: entry.table.table,
          insert: insertStatement(entry.table, catalogs.get(entry.table.table)!),
          lines: [],
          bytes: 0,
          count: 0,
        };
    } else if (entry.kind === "row" && current) {
      const batch: { lines: string[]; bytes: number } = current;
      batch.lines.push(entry.line);
      batch.bytes += entry.line.length;
      if (batch.lines.length >= BATCH_ROWS || batch.bytes >= BATCH_BYTES) await flush();
    } else if (entry.kind === "end") {
      await finish();
    }
  }
  return total;
}

/** INSERT ... SELECT from the batch's JSON (each row an array), the ids as they were. */
function insertStatement(table: ArchiveTable, catalog: Map<string, CatalogColumn>): string {
  const columns = table.columns.map((column, index) => {
    const target = catalog.get(column.name);
    if (!target) throw new Error(`The database's table ${table.table} has no column ${column.name}`);
    if (target.generated) throw new Error(`The column ${table.table}.${column.name} is generated in the database`);
    return { name: quoteIdent(column.name), value: importExpression(index, target.type), identity: target.identity !== "" };
  });
  const overriding = columns.some((c) => c.identity) ? " OVERRIDING SYSTEM VALUE" : "";
  return (
    `INSERT INTO ${quoteIdent(table.table)} (${columns.map((c) => c.name).join(", ")})${overriding} SELECT ` +
    `${columns.map((c) => c.value).join(", ")} FROM json_array_elements($1::text::json) AS e`
  );
}

/** Each identity sequence continues past the highest id, and past where the original's stood. */
async function setSequences(session: SqlSession, table: ArchiveTable, catalog: Map<string, CatalogColumn>): Promise<void> {
  for (const column of catalog.values()) {
    if (!column.identity) continue;
    const [seq] = await session.query<{ name: string | null }>(`SELECT pg_get_serial_sequence($1, $2) AS name`, [
      quoteIdent(table.table),
      column.name,
    ]);
    if (!seq?.name) continue;
    const [max] = await session.query<{ max: string }>(
      `SELECT coalesce(max(${quoteIdent(column.name)}), 0)::text AS max FROM ${quoteIdent(table.table)}`,
    );
    let next = BigInt(max!.max) + 1n;
    const archived = table.sequences[column.name];
    if (archived) {
      const after = BigInt(archived.lastValue) + (archived.isCalled ? 1n : 0n);
      if (after > next) next = after;
    }
    await session.query(`SELECT setval($1::regclass, $2::text::bigint, false)`, [seq.name, next.toString()]);
  }
}
