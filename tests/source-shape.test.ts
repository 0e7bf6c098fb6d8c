import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house a newcomer reads (issue 35): src/server's top holds the few modules imported everywhere and
 * the entry, the layers live in folders (boot/, http/, site/, live/, ops/ ...); no source file is too
 * long to hold in one's head; lines fit a screen. Data files (the database schema, the seed data, the
 * translations' and legal texts' seed texts) are long by nature and left out of the file-size rule.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const SRC = path.join(ROOT, "src");
const MAX_FILE_LINES = 500;
const MAX_LINE = 140;
/** Lines over MAX_LINE allowed in src/ outside the seed data: strings that cannot be cut (SQL in tagged templates, a regular expression, an SVG path). */
const MAX_LONG_LINES = 50;
const MAX_SERVER_TOP_FILES = 10;

/** Data, not code: long by nature. */
const isData = (file: string) => file === "server/db/schema.ts" || /(^|\/)seed[^/]*\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join("/"));
}

const files = sourceFiles(SRC).map((file) => ({ file, lines: readFileSync(path.join(SRC, file), "utf8").split("\n") }));

describe("the shape of src/", () => {
  it(`src/server holds at most ${MAX_SERVER_TOP_FILES} files at its top; the rest is in folders named for their layer`, () => {
    const top = readdirSync(path.join(SRC, "server"), { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(top.length, top.map((entry) => entry.name).join(", ")).toBeLessThanOrEqual(MAX_SERVER_TOP_FILES);
    for (const layer of ["boot", "http", "site", "live", "ops"])
      expect(statSync(path.join(SRC, "server", layer)).isDirectory(), layer).toBe(true);
  });

  it(`no source file is over ${MAX_FILE_LINES} lines, but the schema and the seed data`, () => {
    const long = files
      .filter(({ file, lines }) => !isData(file) && lines.length > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file}: ${lines.length}`);
    expect(long).toEqual([]);
    // The rule reads the tree (it does not pass by reading nothing).
    expect(files.length).toBeGreaterThan(300);
  });

  it(`at most ${MAX_LONG_LINES} lines over ${MAX_LINE} characters outside the seed data`, () => {
    const long = files.flatMap(({ file, lines }) =>
      isData(file) ? [] : lines.flatMap((line, index) => (line.length > MAX_LINE ? [`${file}:${index + 1}`] : [])),
    );
    expect(long.length, long.join("\n")).toBeLessThanOrEqual(MAX_LONG_LINES);
  });
});
