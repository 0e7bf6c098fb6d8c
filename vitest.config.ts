import { defineConfig } from "vitest/config";

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
 * when both engines run they run once, in the embedded project. A file that starts using the test
 * database leaves this list.
 */
const ENGINE_FREE = [
  "tests/import-arrows.test.ts",
  "tests/docs-links.test.ts",
  "tests/admin-writes.test.ts",
  "tests/admin-reads.test.ts",
  "tests/backup-copy.test.ts",
  "tests/bundle-budget.test.ts",
  "tests/clinic-date.test.ts",
  "tests/config.test.ts",
  "tests/data-dir-modes.test.ts",
  "tests/fatal-guard.test.ts",
  "tests/image-work.test.ts",
  "tests/languages.test.ts",
  "tests/log-batching.test.ts",
  "tests/paste-cleanup.test.ts",
  "tests/public-cache.test.ts",
  "tests/migrations-order.test.ts",
  "tests/read-store.test.ts",
  "tests/rest-doors.test.ts",
  "tests/small-server.test.ts",
];

// Each project prepares its engine's seeded database once (tests/setup/global-setup.ts reads the
// project's TEST_DATABASE_URL). The server's request lines (level info) would bury the test output;
// warnings and errors stay.
const globalSetup = ["tests/setup/global-setup.ts"];
const embedded = { name: "embedded", globalSetup, env: { LOG_LEVEL: "warn", TEST_DATABASE_URL: "" } };
const postgres = { name: "postgres", globalSetup, env: { LOG_LEVEL: "warn", TEST_DATABASE_URL: pgUrl } };

export default defineConfig({
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
          { extends: true, test: embedded },
          { extends: true, test: { ...postgres, exclude: ENGINE_FREE } },
        ]
      : [{ extends: true, test: pgUrl ? postgres : embedded }],
  },
});
