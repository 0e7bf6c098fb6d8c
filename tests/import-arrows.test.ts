import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Arrows one way: the browser's code (src/client) never imports the server's (src/server), except the
 * one types module, src/client/lib/api-types.ts, and only with type-only imports (erased from every
 * build). A value both sides need lives in src/shared. (The server may import src/client: it renders the
 * public pages.) A static scan of the source: every import, re-export and dynamic import is resolved and
 * checked.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const CLIENT_DIR = path.join(ROOT, "src/client");
const SERVER_DIR = path.join(ROOT, "src/server");
const TYPES_MODULE = path.join(CLIENT_DIR, "lib/api-types.ts");

interface ModuleReference {
  specifier: string;
  /** `import type ...` or `export type ... from`: erased from the build. */
  typeOnly: boolean;
  line: number;
}

/** The modules a source text refers to: static imports and re-exports (type-only or not), side-effect imports and dynamic imports. */
function moduleReferences(source: string): ModuleReference[] {
  const references: ModuleReference[] = [];
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  // `import x from "m"`, `import type { A } from "m"`, `export * from "m"`, `export type { A } from "m"`, `import "m"` (across lines).
  const statement = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^;'"`]*?\bfrom\s*)?(["'])([^"'\n]+)\3/g;
  for (const match of source.matchAll(statement)) {
    references.push({ specifier: match[4]!, typeOnly: Boolean(match[2]), line: lineOf(match.index + match[0].indexOf(match[1]!)) });
  }
  // `import("m")`, `typeof import("m")`.
  for (const match of source.matchAll(/\bimport\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g)) {
    references.push({ specifier: match[2]!, typeOnly: false, line: lineOf(match.index) });
  }
  return references;
}

/** Whether `specifier`, written in `file`, names a module under src/server. */
function reachesServer(file: string, specifier: string): boolean {
  let target: string;
  if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else if (specifier.startsWith("/src/")) target = path.join(ROOT, specifier);
  else if (specifier.startsWith("src/")) target = path.join(ROOT, specifier);
  else return false; // a package
  const relative = path.relative(SERVER_DIR, target);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|jsx|mts|cts)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every reference from src/client into src/server that breaks the rule, as "file:line specifier". */
function violations(): { found: string[]; allowed: number } {
  const found: string[] = [];
  let allowed = 0;
  for (const file of sourceFiles(CLIENT_DIR)) {
    for (const ref of moduleReferences(readFileSync(file, "utf8"))) {
      if (!reachesServer(file, ref.specifier)) continue;
      if (file === TYPES_MODULE && ref.typeOnly) {
        allowed += 1;
        continue;
      }
      found.push(`${path.relative(ROOT, file)}:${ref.line} ${ref.typeOnly ? "type " : ""}${ref.specifier}`);
    }
  }
  return { found, allowed };
}

describe("import arrows: src/client -> src/server only through src/client/lib/api-types.ts", () => {
  it("finds every form of reference the rule is about", () => {
    const sample = [
      'import { a } from "../../server/db";',
      'import type { B } from "../server/routers";',
      "import {\n  c,\n  type D,\n} from '../../server/x';",
      'export * from "../../server/y";',
      'export type { E } from "../../server/z";',
      'import "../../server/side-effect";',
      'const lazy = () => import("../../server/lazy");',
      'type F = typeof import("../../server/types");',
      'import { g } from "antd";',
      'const text = "import nothing from here";',
    ].join("\n");
    const refs = moduleReferences(sample);
    expect(refs.map((ref) => [ref.specifier, ref.typeOnly])).toEqual([
      ["../../server/db", false],
      ["../server/routers", true],
      ["../../server/x", false],
      ["../../server/y", false],
      ["../../server/z", true],
      ["../../server/side-effect", false],
      ["antd", false],
      ["../../server/lazy", false],
      ["../../server/types", false],
    ]);
    const file = path.join(CLIENT_DIR, "admin/screens/example.tsx");
    expect(reachesServer(file, "../../../server/routers")).toBe(true);
    expect(reachesServer(file, "../../../shared/clinic")).toBe(false);
    expect(reachesServer(file, "../../../serverless")).toBe(false);
    expect(reachesServer(file, "/src/server/trpc")).toBe(true);
    expect(reachesServer(file, "@trpc/server")).toBe(false);
  });

  it("no file under src/client imports src/server, except the types module with type-only imports", () => {
    const { found, allowed } = violations();
    expect(found).toEqual([]);
    // The types module is the door, and the scan sees it (it does not pass by reading nothing).
    expect(allowed).toBeGreaterThan(0);
  });

  it("the types module exports types only", () => {
    const source = readFileSync(TYPES_MODULE, "utf8");
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "");
    for (const line of code.split("\n").filter((text) => /^\s*(import|export)\b/.test(text))) {
      expect(line, "every import and export of api-types.ts is type-only").toMatch(/^\s*(import|export)\s+type\b/);
    }
  });
});
