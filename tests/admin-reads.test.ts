import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every read of the admin portal shows its loading, empty and failed states through one component,
 * src/client/admin/components/QueryState.tsx. A static scan of src/client/admin: no other file branches
 * on a read's failure itself (`.isError`, `.errorUpdatedAt`), so no screen grows its own failure alert,
 * result or toast again. The choices of a dropdown read from the server show theirs through
 * components/options.tsx (beside the dropdown, with Try again). The session check (session.tsx) is the
 * one exception: a failed check sends the user to the sign-in page, it shows no state.
 */
const ADMIN_DIR = path.resolve(import.meta.dirname, "../src/client/admin");
const OWNERS = new Set(["components/QueryState.tsx", "components/options.tsx", "session.tsx"]);
const FAILURE_BRANCH = /\.(isError|errorUpdatedAt)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("admin reads show their states through QueryState", () => {
  it("no file but QueryState.tsx and options.tsx (and the session check) branches on a read's failure", () => {
    const files = sourceFiles(ADMIN_DIR);
    const found = files
      .filter((file) => !OWNERS.has(path.relative(ADMIN_DIR, file)))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) => (FAILURE_BRANCH.test(line) ? [`${path.relative(ADMIN_DIR, file)}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
    // The scan reads the component that owns the states (it does not pass by reading nothing).
    expect(FAILURE_BRANCH.test(readFileSync(path.join(ADMIN_DIR, "components/QueryState.tsx"), "utf8"))).toBe(true);
  });
});
