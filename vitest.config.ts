import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { PREACT_ALIASES } from "./vite.config.ts";

/**
 * The integration tests run on the embedded database (PGlite), or on PostgreSQL when TEST_DATABASE_URL
 * is set. With TEST_BOTH_ENGINES=1 as well (.ci/run), one run covers both engines, as two projects
 * that share the workers: no second start, and the slow files of one engine overlap the other's.
 */
const pgUrl = process.env.TEST_DATABASE_URL ?? "";
const bothEngines = Boolean(pgUrl) && process.env.TEST_BOTH_ENGINES === "1";

/**
 * Test files that never open the test database (pure functions, the client's code, or the built
 * server started on an embedded database of its own): TEST_DATABASE_URL changes nothing for them, so
 * when both engines run they run once, in the embedded project. Decided by reading each file: one that
 * calls no opener of the test database (createTestApp, openTestDatabase, vitest's inject of the prepared
 * one) and names neither TEST_DATABASE_URL nor TEST_BOTH_ENGINES, itself or through a helper of tests it
 * imports, is engine-free. A new file is sorted without an edit here, and a file that starts using the
 * database runs on both engines at once. (tests/setup/test-app.ts and global-setup.ts define the
 * openers: a file opens the database through them only by calling one, so importing, say, a constant
 * from them does not count.)
 */
const OPENERS = /\b(?:createTestApp|openTestDatabase|inject)\s*\(|\b(?:TEST_DATABASE_URL|TEST_BOTH_ENGINES)\b/;
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DEFINES_OPENERS = new Set(["tests/setup/test-app.ts", "tests/setup/global-setup.ts"]);

function opensTestDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(path.join(ROOT, file), "utf8");
  if (OPENERS.test(text)) return true;
  return [...text.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)].some(([, specifier]) => {
    const target = path.posix.join(path.posix.dirname(file), specifier!.replace(/(\.ts)?$/, ".ts"));
    return (
      target.startsWith("tests/") && !DEFINES_OPENERS.has(target) && existsSync(path.join(ROOT, target)) && opensTestDatabase(target, seen)
    );
  });
}

const testFiles = (): string[] =>
  readdirSync(path.join(ROOT, "tests"), { recursive: true, encoding: "utf8" })
    .map((name) => `tests/${name.split(path.sep).join("/")}`)
    .filter((file) => file.endsWith(".test.ts"))
    .sort();
const ENGINE_FREE = bothEngines ? testFiles().filter((file) => !opensTestDatabase(file)) : [];

/**
 * When both engines run (.ci/run), which database-opening files run on the embedded engine as well as on
 * PostgreSQL: the ones whose path differs by engine, and the route layer. Every other file that opens
 * the test database runs once, on PostgreSQL (the production engine, and 2.4 times faster per file
 * than the embedded one here): its subject lies above the database (a screen's rules, the catalogues'
 * words, caching, HTML, permissions), reached through the same queries on either engine, which the
 * route layer below holds on each (docs/decisions/0086-one-engine-above-the-database.md).
 *
 * - The route layer: every documented operation (openapi), every field of every form (every-field),
 *   the public and staff REST mirrors and reads and writes (rest-public, rest-admin, admin-reads,
 *   admin-writes): a query either engine answers differently fails here.
 * - The paths that differ by engine (src/server: the modules that branch on the engine or read a raw
 *   result, whose shape differs by driver; the backup, restore and CLI paths; the cache bus, which is
 *   LISTEN/NOTIFY on PostgreSQL and in-process on the embedded engine; the claims that stop a double
 *   booking; the sign-in throttle's atomic claims; a process's start on each; the folder's modes).
 *
 * Alone on the embedded database (no TEST_DATABASE_URL) every file runs there, as before.
 */
const ON_BOTH_ENGINES = [
  // The route layer.
  "tests/openapi.test.ts",
  "tests/every-field.test.ts",
  "tests/rest-public.test.ts",
  "tests/rest-admin.test.ts",
  "tests/admin-reads.test.ts",
  "tests/admin-writes.test.ts",
  // Paths that differ by engine.
  "tests/analytics.test.ts",
  "tests/audit-trail.test.ts",
  "tests/auth.test.ts",
  "tests/backup-copy.test.ts",
  "tests/backup.test.ts",
  "tests/booking-availability-setup.test.ts",
  "tests/booking-free-times-cache.test.ts",
  "tests/booking-race.test.ts",
  "tests/booking.test.ts",
  "tests/data-dir-modes.test.ts",
  "tests/db-outage.test.ts",
  "tests/identities-at-rest.test.ts",
  "tests/inquiry-desk.test.ts",
  "tests/instances.test.ts",
  "tests/lean-start.test.ts",
  "tests/live-events.test.ts",
  "tests/load-balancer.test.ts",
  "tests/memory-guard.test.ts",
  "tests/migrations-order.test.ts",
  "tests/postgres-driver.test.ts",
  "tests/purpose-keys.test.ts",
  "tests/roles-migration.test.ts",
  "tests/search-traces.test.ts",
  "tests/search.test.ts",
  "tests/secrets-at-rest.test.ts",
  "tests/seed.test.ts",
  "tests/sign-in-guessing.test.ts",
  "tests/small-server.test.ts",
  "tests/startup.test.ts",
  "tests/uploads.test.ts",
];
/** The database-opening files that run on PostgreSQL alone when both engines run. */
const ONCE_ON_POSTGRES = bothEngines ? testFiles().filter((file) => !ENGINE_FREE.includes(file) && !ON_BOTH_ENGINES.includes(file)) : [];

// Each project prepares its engine's seeded database once (tests/setup/global-setup.ts reads the
// project's TEST_DATABASE_URL). The server's request lines (level info) would bury the test output;
// warnings and errors stay.
const globalSetup = ["tests/setup/global-setup.ts"];
const embedded = { name: "embedded", globalSetup, env: { LOG_LEVEL: "warn", TEST_DATABASE_URL: "" } };
const postgres = { name: "postgres", globalSetup, env: { LOG_LEVEL: "warn", TEST_DATABASE_URL: pgUrl } };

export default defineConfig({
  // The public pages render with Preact, on the server and in the browser (decisions/0070).
  resolve: { alias: PREACT_ALIASES },
  test: {
    include: ["tests/**/*.test.ts"],
    pool: "forks",
    // Two cores: one test file on each.
    maxWorkers: 2,
    // Files share their worker's module cache: the server's modules are imported once per worker, not
    // once per file (the embedded run fell from 290 s to 177 s). Each file still builds its own app
    // (createTestApp: its own database, caches and config); module-level state must be safe to share
    // (a guard or timer a test starts is stopped by the same test).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    projects: bothEngines
      ? [
          { extends: true, test: { ...embedded, exclude: ONCE_ON_POSTGRES } },
          { extends: true, test: { ...postgres, exclude: ENGINE_FREE } },
        ]
      : [{ extends: true, test: pgUrl ? postgres : embedded }],
  },
});
