import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * postgres.js 3.4.9 throws `TypeError: Cannot read properties of null (reading 'write')` from a
 * setImmediate when a query is written to a connection whose socket has closed (upstream issues #1154
 * and #1208): no catch can stop it, and the process ends. patches/postgres+3.4.9.patch (applied by
 * `npm ci` through patch-package) settles the query with CONNECTION_CLOSED instead. The scenario runs
 * in a process of its own (tests/fixtures/postgres-cut.mjs) so that the unpatched driver's crash shows
 * as that process's exit rather than ending the test runner.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("the patched PostgreSQL driver", () => {
  it("a query on a connection whose socket closed rejects with CONNECTION_CLOSED, and the process lives on", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.resolve("tests/fixtures/postgres-cut.mjs"), process.env.TEST_DATABASE_URL!],
      {
        timeout: 60_000,
      },
    );
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({
      reserved: "rejected CONNECTION_CLOSED",
      transaction: "rejected CONNECTION_CLOSED",
      after: "answered",
    });
  });
});
