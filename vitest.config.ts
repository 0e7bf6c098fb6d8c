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

const engineFree = (): string[] =>
  readdirSync(path.join(ROOT, "tests"), { recursive: true, encoding: "utf8" })
    .map((name) => `tests/${name.split(path.sep).join("/")}`)
    .filter((file) => file.endsWith(".test.ts") && !opensTestDatabase(file))
    .sort();
const ENGINE_FREE = bothEngines ? engineFree() : [];

/**
 * Files whose subject lies above the database: corpora that walk every route or page through the HTTP
 * layer to hold a rule of that layer (bad input refused, permissions, HTML validity, the catalogues'
 * words, byte-for-byte answers, the fetch-metadata guard, the contract's snapshots). They open the test
 * database only to have an app to call, and the two engines give them the same rows through the same
 * queries, which the files that run on both engines hold (every route on each engine: openapi.test.ts,
 * every-field.test.ts, rest-public.test.ts, rest-admin.test.ts). When both engines run, these run once,
 * on PostgreSQL, the production engine: they were a fifth of the embedded run's time
 * (docs/decisions/0083-ci-within-fifteen-minutes.md).
 * Alone on the embedded database (no TEST_DATABASE_URL) they run there as before.
 */
const ABOVE_THE_DATABASE = [
  "tests/bad-input.test.ts",
  "tests/permissions-matrix.test.ts",
  "tests/html-standards.test.ts",
  "tests/catalogues.test.ts",
  "tests/rest-lang-parity.test.ts",
  "tests/rest-contract.test.ts",
  "tests/fetch-metadata.test.ts",
];

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
          { extends: true, test: { ...embedded, exclude: ABOVE_THE_DATABASE } },
          { extends: true, test: { ...postgres, exclude: ENGINE_FREE } },
        ]
      : [{ extends: true, test: pgUrl ? postgres : embedded }],
  },
});
