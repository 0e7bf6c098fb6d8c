import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import type { DatabaseHandle } from "../db/client";
import * as schema from "../db/schema";
import { MIGRATIONS_DIR } from "../paths";

/**
 * What a backup holds, and the database's side of it for both the backup (./backup-snapshot.ts) and the
 * restore (./restore.ts): the tables of the drizzle schema in foreign-key order (with those left out,
 * those recomputed and the encrypted columns), the schema version from drizzle's journal, plain SQL on
 * one connection of either engine, and how each column's type is written to the archive and read back.
 */

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
  schema.mailServer.password,
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
export async function currentSchemaVersion(session: SqlSession): Promise<SchemaVersion> {
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
export function exportExpression(column: string, type: string): string {
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
