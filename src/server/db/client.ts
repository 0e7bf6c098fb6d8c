import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { logTaskError } from "../log";
import { MIGRATIONS_DIR, PROJECT_ROOT } from "../paths";
import * as schema from "./schema";

/** The drizzle database, whichever engine is behind it (PGlite embedded, or PostgreSQL). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Applies the committed migrations in drizzle/ (serialised across instances on PostgreSQL), or those of
   * another folder (a restore applies them only up to its archive's schema version).
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel, on a connection of its own that is opened again whenever it
   * drops (a restart, an outage), for as long as it takes; `onRelisten` runs each time it listens again,
   * since what was sent meanwhile is lost. Answers a function that stops.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onRelisten?: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: NOTIFY a channel. */
  notify?(channel: string, payload: string): Promise<void>;
}

/**
 * The session setting the activity log's chaining trigger takes its key from (the hand-written block of
 * drizzle/0024_keyed_audit_chain.sql).
 */
export const AUDIT_KEY_SETTING = "clinic.audit_key";

export interface OpenOptions {
  /**
   * The audit chain's key as the trigger takes it (services/audit-chain.ts auditKeySetting), given to
   * every connection: on PostgreSQL as a startup parameter (never in a query's text, so not in
   * pg_stat_activity or a statement log), on PGlite by a set_config once open. A connection without it
   * reads and writes everything but new activity-log lines, which the trigger refuses.
   */
  auditKey?: string;
}

/** Any arbitrary number; instances starting together take turns migrating. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Seconds before the driver opens a connection again after a failed one: 0.1 s doubling to 2 s, so the
 * site is back within seconds of its database (the driver's own grows to 20 s).
 */
export const reconnectDelaySeconds = (attempt: number) => Math.min(0.1 * 2 ** attempt, 2);

export async function openPostgres(databaseUrl: string, options: OpenOptions = {}): Promise<DatabaseHandle> {
  const connection = options.auditKey ? { [AUDIT_KEY_SETTING]: options.auditKey } : {};
  const client = postgres(databaseUrl, { max: 10, onnotice: () => {}, connect_timeout: 10, backoff: reconnectDelaySeconds, connection });
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      const single = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(drizzlePostgres(single), { migrationsFolder });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    ping: () => pingDb(db),
    close: () => client.end({ timeout: 5 }),
    listen: (channel, onMessage, onRelisten) => listenAlways(databaseUrl, channel, onMessage, onRelisten),
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
  };
}

/**
 * LISTEN that outlives its connection, on a connection of its own. postgres.js's `listen` re-listens
 * with one attempt whose failure it swallows; here the LISTEN is sent again, with growing waits, until
 * it succeeds or `stop` is called, and `onRelisten` says when it listens again (the caller empties its
 * caches then: what was announced while the connection was down never arrives).
 */
async function listenAlways(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onRelisten: () => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  // onnotify is the driver's option for notifications (its own listen uses it); its types omit it.
  const options: postgres.Options<Record<string, never>> & { onnotify(channel: string, payload: string): void } = {
    max: 1,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    backoff: reconnectDelaySeconds,
    onnotify: (name: string, payload: string) => {
      if (name === channel) onMessage(payload);
    },
    onclose: () => {
      // A failed attempt closes a connection too: only the loss of a listening one starts the retries.
      if (!listening || stopped) return;
      listening = false;
      relisten(0);
    },
  };
  const listener = postgres(databaseUrl, options);
  const statement = `listen "${channel.replace(/"/g, '""')}"`;
  const relisten = (attempt: number) => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      listener.unsafe(statement).then(
        () => {
          listening = true;
          if (!stopped) onRelisten();
        },
        (error: unknown) => {
          if (stopped) return;
          logTaskError("listen", error);
          relisten(attempt + 1);
        },
      );
    }, reconnectDelaySeconds(attempt) * 1000);
    retry.unref();
  };
  await listener.unsafe(statement);
  listening = true;
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await listener.end({ timeout: 5 });
  };
}

/** The embedded database's page cache (shared_buffers) when none is configured, in MB (PGlite's own: 128). */
export const DEFAULT_EMBEDDED_DB_CACHE_MB = 16;

/**
 * PGlite's options for a small memory: its default start parameters, with PostgreSQL's page cache
 * (shared_buffers, touched whole when the engine opens) and maintenance memory (index builds in
 * migrations, vacuum) made small. The engine's WebAssembly memory grows with what it does and never
 * shrinks, so these bound what it holds for the life of the process.
 */
export function pgliteMemoryOptions(cacheMb = DEFAULT_EMBEDDED_DB_CACHE_MB): { startParams: string[] } {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${cacheMb}MB`,
      "-c",
      "maintenance_work_mem=16MB",
      "-c",
      "temp_buffers=2MB",
    ],
  };
}

/**
 * A new embedded database's folder, gzipped, made once by `npm run build` (src/server/ops/cli/db-template.ts).
 * PGlite creates a database by running initdb in a second PostgreSQL beside the first and copying the
 * folder through memory: about 700 MB at its peak, against about 300 MB when it starts from this.
 */
export const EMBEDDED_DB_TEMPLATE = path.join(PROJECT_ROOT, "dist", "server", "embedded-db.tgz");

/** The build's template when `dir` holds no database yet (and the build made one), else undefined: PGlite runs initdb. */
function templateFor(dir: string): Blob | undefined {
  if (existsSync(path.join(dir, "PG_VERSION")) || !existsSync(EMBEDDED_DB_TEMPLATE)) return undefined;
  return new Blob([readFileSync(EMBEDDED_DB_TEMPLATE)]);
}

/**
 * The embedded database in DATA_DIR/db (a new folder is made from the build's template when there is
 * one), or an in-memory/snapshot PGlite handed in (tests).
 */
export async function openPglite(
  source: { dataDir: string; cacheMb?: number } | { pglite: PGlite },
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  let client: PGlite;
  if ("pglite" in source) {
    client = source.pglite;
  } else {
    const dir = path.join(source.dataDir, "db");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { ...pgliteMemoryOptions(source.cacheMb), loadDataDir: templateFor(dir) });
  }
  await client.waitReady;
  // PGlite is one session: the setting holds for every statement after it.
  if (options.auditKey) await client.query("select set_config($1, $2, false)", [AUDIT_KEY_SETTING, options.auditKey]);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => pingDb(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** How many migrations this code has (drizzle's journal). */
function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** Whether every migration this code has is applied to the database (readiness). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
    return (rows[0]?.n ?? 0) >= knownMigrations();
  } catch {
    return false;
  }
}

async function pingDb(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string; embeddedDbCacheMb?: number },
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, options)
    : openPglite({ dataDir: config.dataDir, cacheMb: config.embeddedDbCacheMb }, options);
}

export { schema };
