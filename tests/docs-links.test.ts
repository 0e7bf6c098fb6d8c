import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The README is the front door and docs/ holds the depth: every link between them must work from a
 * clone. A clone has no ../shared (the spec and the design live beside the repository, not in it), so
 * no document may point there, and the README stays short enough to be read as a front door.
 */
const README_MAX_LINES = 220;

const ROOT = path.resolve(import.meta.dirname, "..");

/** README.md and every Markdown file under docs/, as paths relative to `root`. */
function documents(root: string): string[] {
  const found = ["README.md"];
  const walk = (dir: string) => {
    if (!existsSync(path.join(root, dir))) return;
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      const relative = path.join(dir, name);
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (name.endsWith(".md")) found.push(relative);
    }
  };
  walk("docs");
  return found;
}

/** The text with fenced code blocks and inline code blanked out (line numbers kept): links there are examples, not links. */
function withoutCode(text: string): string {
  let fence: string | null = null;
  const lines = text.split("\n").map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) {
      fence = opening[1] ?? null;
      return "";
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return "";
    }
    return line.replace(/(`+)[^`]*?\1/g, "");
  });
  return lines.join("\n");
}

/** GitHub's anchor for a heading: its text without markup, lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[*_]{1,3}([^*_]+)[*_]{1,3}/g, "$1");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a Markdown file offers: one per heading (GitHub numbers repeats: x, x-1, x-2) and any explicit id. */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of text.split("\n")) {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) fence = opening[1] ?? null;
    else if (fence !== null && line.trim().startsWith(fence)) fence = null;
    else if (fence === null) {
      const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        const base = slug(heading[1] ?? "");
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        found.add(count === 0 ? base : `${base}-${count}`);
      }
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(match[1] ?? "");
  }
  return found;
}

/** Every link target in a Markdown text with its line: inline links and images, reference definitions, HTML href/src. */
function links(text: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  withoutCode(text)
    .split("\n")
    .forEach((line, index) => {
      const patterns = [
        /!?\[(?:[^\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
        /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g,
        /\b(?:href|src)="([^"]*)"/g,
      ];
      for (const pattern of patterns) for (const match of line.matchAll(pattern)) found.push({ target: match[1] ?? "", line: index + 1 });
    });
  return found;
}

/** What is wrong with the README and docs/ under `root`: one line per problem, empty when all is well. */
function checkDocs(root: string): string[] {
  const problems: string[] = [];
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const readmeLines = readme.split("\n").length - (readme.endsWith("\n") ? 1 : 0);
  if (readmeLines > README_MAX_LINES) {
    problems.push(`README.md is ${readmeLines} lines, more than ${README_MAX_LINES}: keep it a front door and move the depth into docs/`);
  }
  for (const file of documents(root)) {
    const text = readFileSync(path.join(root, file), "utf8");
    text.split("\n").forEach((line, index) => {
      if (line.includes("../shared")) {
        problems.push(
          `${file}:${index + 1}: refers to ../shared, which a clone does not have (name "the spec" in words, or link to the doc in docs/ that carries it)`,
        );
      }
    });
    for (const { target, line } of links(text)) {
      const where = `${file}:${line}: link "${target}"`;
      if (target === "") {
        problems.push(`${where} is empty`);
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // another site, or mailto:
      if (target.startsWith("/")) {
        problems.push(`${where} is absolute: write it relative to ${file}`);
        continue;
      }
      const [rawPath = "", anchor] = target.split("#", 2);
      const resolved =
        rawPath === "" ? path.join(root, file) : path.resolve(path.join(root, path.dirname(file)), decodeURIComponent(rawPath));
      const relative = path.relative(root, resolved);
      if (relative.startsWith("..") || path.isAbsolute(relative)) {
        problems.push(`${where} points outside the repository, which a clone does not have`);
        continue;
      }
      if (!existsSync(resolved)) {
        problems.push(`${where} points to ${relative}, which does not exist`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith(".md") && !anchors(readFileSync(resolved, "utf8")).has(anchor)) {
        problems.push(`${where}: ${relative} has no heading with the anchor #${anchor}`);
      }
    }
  }
  return problems;
}

describe("README and docs/", () => {
  it("link only to files and headings that exist in the repository, never to ../shared, and the README stays short", () => {
    expect(checkDocs(ROOT)).toEqual([]);
  });
});

/**
 * Every environment variable the server and its commands read: the keys of env.ts's schema, and any
 * `process.env.NAME` or `env.NAME` read elsewhere under src/ (the log level, the backup passphrase).
 */
function variablesRead(root: string): string[] {
  const names = new Set<string>();
  const envTs = readFileSync(path.join(root, "src/server/env.ts"), "utf8");
  const schema = envTs.split("const envSchema = z.object({")[1]?.split("\n});")[0] ?? "";
  for (const match of schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) names.add(match[1] ?? "");
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const relative = path.join(dir, name);
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(name)) {
        const text = readFileSync(path.join(root, relative), "utf8");
        for (const match of text.matchAll(/\b(?:process\.env|env)\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1] ?? "");
      }
    }
  };
  walk("src");
  return [...names].sort();
}

describe("README's configuration", () => {
  it("names every environment variable the server and its commands read, in a table row", () => {
    const tableRows = readFileSync(path.join(ROOT, "README.md"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("| `"));
    const read = variablesRead(ROOT);
    expect(read).toContain("PORT");
    expect(read).toContain("LOG_LEVEL");
    expect(read.filter((name) => !tableRows.some((row) => row.includes(`\`${name}\``)))).toEqual([]);
  });
});

describe("the link check itself", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "docs-links-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds a long README, a missing file, a missing heading, a link out of the repository and ../shared", () => {
    mkdirSync(path.join(root, "docs", "decisions"), { recursive: true });
    writeFileSync(
      path.join(root, "docs", "operations.md"),
      "# Operations\n\n## Backups and restore\n\nSee [the index](decisions/README.md).\n",
    );
    writeFileSync(
      path.join(root, "docs", "decisions", "README.md"),
      "# Decisions\n\nBack to [operations](../operations.md#backups-and-restore).\n",
    );
    const good = [
      "# Site",
      "[operations](docs/operations.md) and [backups](docs/operations.md#backups-and-restore), [here](#site)",
      "[a site](https://example.com) `[not a link](nowhere.md)`",
      "```",
      "[in a code block](nowhere.md)",
      "```",
    ];
    writeFileSync(path.join(root, "README.md"), `${good.join("\n")}\n`);
    expect(checkDocs(root)).toEqual([]);

    const bad = [
      ...good,
      "[gone](docs/security.md)",
      "[no such heading](docs/operations.md#keys)",
      "[the spec](../shared/spec/public-site.md)",
      "The spec is in `../shared/spec/`.",
      ...Array.from({ length: 220 }, () => "filler"),
    ];
    writeFileSync(path.join(root, "README.md"), `${bad.join("\n")}\n`);
    const problems = checkDocs(root).join("\n");
    expect(problems).toContain("README.md is 230 lines");
    expect(problems).toContain('README.md:7: link "docs/security.md" points to docs/security.md, which does not exist');
    expect(problems).toContain('README.md:8: link "docs/operations.md#keys": docs/operations.md has no heading with the anchor #keys');
    expect(problems).toContain('README.md:9: link "../shared/spec/public-site.md" points outside the repository');
    expect(problems).toContain("README.md:9: refers to ../shared");
    expect(problems).toContain("README.md:10: refers to ../shared");
  });
});
