import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../src/server/db/client";
import { seedDatabase } from "../../src/server/db/seed";
import { appSettings } from "../../src/server/db/schema";
import type { Database } from "../../src/server/db/client";

/**
 * The test databases start with no role required to have a second factor: nearly every test signs
 * in as a staff member without one. The tests of the rule turn it on (tests/account-setup.test.ts).
 */
async function secondFactorOptional(db: Database): Promise<void> {
  await db.insert(appSettings).values({ key: "security", value: { requireSecondFactor: { super_admin: false, admin: false } } });
}

/**
 * Once per run: a migrated and seeded database that every test file copies.
 * - Embedded (default): a PGlite snapshot (dumpDataDir), loaded by each file in about a second
 *   instead of a cold initdb.
 * - TEST_DATABASE_URL set: a PostgreSQL template database; each file creates its own from it.
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // Each project (vitest.config.ts) names its engine in its env: "" for the embedded database.
  const url = project.config.env.TEST_DATABASE_URL;
  if (url) {
    const template = `clinic_tpl_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${template}`);
    await admin.unsafe(`create database ${template}`);
    const handle = await openPostgres(withDatabase(url, template));
    await handle.migrate();
    await seedDatabase(handle.db);
    await secondFactorOptional(handle.db);
    await handle.close();
    project.provide("pgTemplate", template);
    project.provide("pgliteSnapshot", "");
    return async () => {
      // Per-file databases are dropped by their files; drop any left by a crashed run too.
      const left = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`clinic_t_${process.pid}_%`}`;
      for (const row of left) await admin.unsafe(`drop database if exists ${row.datname} with (force)`);
      await admin.unsafe(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const pglite = new PGlite();
  const handle = await openPglite({ pglite });
  await handle.migrate();
  await seedDatabase(handle.db);
  await secondFactorOptional(handle.db);
  const dump = await pglite.dumpDataDir("none");
  const dir = path.resolve(".tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteSnapshot", file);
  project.provide("pgTemplate", "");
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
