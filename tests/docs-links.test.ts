import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The README is the front door and docs/ holds the depth: every link between them must work from a
 * clone. A clone has no ../shared (the spec and the design live beside the repository, not in it), so
 * no document may point there, and the README stays short enough to be read as a front door. And what
 * the documents name in backticks (a file, a folder, a function, a type, a constant), like the entries
 * of their source trees, must be in the repository: a name the code dropped or moved fails here, with
 * the rules in namedIn and treeListing below.
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

/** Folders never read for names: installed packages, builds, run data, test output, Git. */
const NOT_THE_TREE = new Set(["node_modules", "dist", "data", "test-results", "playwright-report", ".git", ".tmp", ".ab", "coverage"]);

/** Where a name in the docs may be found as code: every text file of these folders, and the files at the root. */
const CODE_FOLDERS = ["src", "tests", "e2e", "bench", "scripts", "deploy", ".ci"];
const CODE_FILE = /\.(?:[cm]?[jt]sx?|json|sql|conf|service|sh)$/;
const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** The extensions that make a backticked name a file name (`errors.ts`, `deploy/clinic.service`). */
const FILE_NAME = /\.(?:[cm]?[jt]sx?|json|md|sql|conf|service|patch|css|html|sh|ya?ml)$/;

/** What the tree holds, read once: every path (files and folders), every path's tails, the words of its code, its environment variables. */
interface Tree {
  paths: Set<string>;
  /** "c.ts", "b/c.ts" and "a/b/c.ts" for a/b/c.ts: a relative name is found when one of its tails is it. */
  tails: Set<string>;
  words: Set<string>;
  variables: Set<string>;
}

/**
 * Source text without its comments (strings, template literals and regular expressions kept), so that a
 * name only a comment mentions does not count as code. A heuristic tokenizer, enough for this tree.
 */
function withoutComments(code: string): string {
  let out = "";
  const braces: number[] = []; // one counter per `${` still open: the braces opened inside it since
  let inTemplate = false;
  let i = 0;
  const copyUntil = (end: number) => {
    out += code.slice(i, end);
    i = end;
  };
  const inCode = /[/"'`\\{}]/g;
  const inTemplateText = /[`\\$]/g;
  while (i < code.length) {
    const special = inTemplate ? inTemplateText : inCode;
    special.lastIndex = i;
    const found = special.exec(code);
    if (!found) {
      copyUntil(code.length);
      break;
    }
    copyUntil(found.index);
    const c = code[i];
    const next = code[i + 1];
    if (inTemplate) {
      if (c === "\\") copyUntil(i + 2);
      else if (c === "`") {
        inTemplate = false;
        copyUntil(i + 1);
      } else if (next === "{") {
        braces.push(0);
        inTemplate = false;
        copyUntil(i + 2);
      } else copyUntil(i + 1);
    } else if (c === "/" && next === "/") {
      const end = code.indexOf("\n", i);
      i = end === -1 ? code.length : end;
    } else if (c === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      i = end === -1 ? code.length : end + 2;
      out += " ";
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== c && code[j] !== "\n") j += code[j] === "\\" ? 2 : 1;
      copyUntil(j + 1);
    } else if (c === "`") {
      inTemplate = true;
      copyUntil(i + 1);
    } else if (c === "/" && /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\breturn|\btypeof)\s*$/.test(code.slice(Math.max(0, i - 12), i))) {
      // A regular expression literal: to its closing slash, outside a [...] class, on its line.
      let j = i + 1;
      let inClass = false;
      while (j < code.length && code[j] !== "\n" && (inClass || code[j] !== "/")) {
        if (code[j] === "\\") j++;
        else if (code[j] === "[") inClass = true;
        else if (code[j] === "]") inClass = false;
        j++;
      }
      copyUntil(j + 1);
    } else if (c === "\\") copyUntil(i + 2);
    else {
      if (c === "{" && braces.length > 0) braces[braces.length - 1]! += 1;
      if (c === "}" && braces.length > 0) {
        if (braces[braces.length - 1] === 0) {
          braces.pop();
          inTemplate = true;
        } else braces[braces.length - 1]! -= 1;
      }
      copyUntil(i + 1);
    }
  }
  return out;
}

/** Reads the tree under `root` once: its paths, and the words and environment variables of its code (not the docs, not this file). */
function readTree(root: string): Tree {
  const tree: Tree = { paths: new Set(), tails: new Set(), words: new Set(), variables: new Set() };
  const readCode = (relative: string, name: string) => {
    if (relative === "tests/docs-links.test.ts" || name === "package-lock.json" || relative.startsWith("tests/snapshots/")) return;
    const raw = readFileSync(path.join(root, relative), "utf8");
    for (const match of raw.matchAll(/\b(?:process\.env\.|env\.)([A-Z][A-Z0-9_]*)|\b([A-Z][A-Z0-9]*_[A-Z0-9_]*)=/g)) {
      tree.variables.add(match[1] ?? match[2] ?? "");
    }
    const code = SCRIPT_FILE.test(name) ? withoutComments(raw) : raw;
    for (const match of code.matchAll(/[A-Za-z_$][\w$]*/g)) tree.words.add(match[0]);
  };
  const walk = (dir: string, isCode: boolean) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (NOT_THE_TREE.has(entry.name)) continue;
      const relative = dir === "" ? entry.name : `${dir}/${entry.name}`;
      tree.paths.add(relative);
      const parts = relative.split("/");
      for (let start = 0; start < parts.length; start++) tree.tails.add(parts.slice(start).join("/"));
      if (entry.isDirectory()) walk(relative, isCode || (dir === "" && CODE_FOLDERS.includes(entry.name)));
      else if ((isCode && (CODE_FILE.test(entry.name) || relative === ".ci/run")) || (dir === "" && CODE_FILE.test(entry.name))) {
        readCode(relative, entry.name);
      }
    }
  };
  walk("", false);
  return tree;
}

/** Every inline code span of a Markdown text (fenced blocks left out), its words on one line, with the line it starts on. */
function codeSpans(text: string): { span: string; line: number }[] {
  let fence: string | null = null;
  const prose = text
    .split("\n")
    .map((line) => {
      const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence === null && opening) {
        fence = opening[1] ?? null;
        return "";
      }
      if (fence !== null) {
        if (line.trim().startsWith(fence)) fence = null;
        return "";
      }
      return line;
    })
    .join("\n");
  const found: { span: string; line: number }[] = [];
  for (const match of prose.matchAll(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)) {
    const line = prose.slice(0, match.index).split("\n").length;
    found.push({ span: (match[2] ?? "").replace(/\s+/g, " ").trim(), line });
  }
  return found;
}

/** `a/{b,c}.ts` as `a/b.ts` and `a/c.ts`; a name without braces as itself. */
function expandBraces(name: string): string[] {
  const group = /\{([^{}]*,[^{}]*)\}/.exec(name);
  if (!group) return [name];
  return group[1]!.split(",").flatMap((choice) => expandBraces(name.replace(group[0], choice)));
}

/**
 * What a backticked span names, if it names something this check can hold to the tree:
 * - a path: a name of the repository's root folders or files and a path below (`src/server/trpc.ts`,
 *   `tests/setup`, `deploy/`), which must exist; a relative file name (`routes.ts`, `pages/LegalPage.tsx`,
 *   `QueryState.tsx`), or a relative folder ending in a slash (`admin/components/`), which must be the
 *   tail of some path of the tree; `{a,b}` stands for both. Not checked: addresses and absolute paths
 *   (`/api/...`, `/usr/bin/chromium`), `./` and `../`, `dist/` and `node_modules/`, names with a
 *   placeholder or a pattern (`<slug>`, `{area}`, `*`, `...`), `DATA_DIR/...`, and package subpaths
 *   without an extension (`zod/mini`).
 * - symbols: a code name (camelCase with an inner capital `createApp`, PascalCase with an inner capital
 *   `TRPCError`, SCREAMING_SNAKE `ENGINE_FREE`), a member path `obj.member` (`contact.submit`,
 *   `z.toJSONSchema`), a call `name(...)` or `.method()` (its arguments not checked; `write(2)` is a
 *   manual page), or a JSX element `<ComponentName>`: each part must be a word of the code under
 *   src/, tests/, e2e/, bench/, scripts/, deploy/, .ci/ or at the root, comments left out.
 *   Not checked: anything with a space (SQL, shell commands, `npm run ...`, objects), an environment
 *   variable (a name in a docs table's first column, or read as `process.env.NAME`, `env.NAME` or set
 *   as `NAME=` in the code), `NAME=value`, npm script names (`bench:http`), headers (`X-Total-Count`),
 *   plain words and snake_case names (SQL tables and columns, enum values).
 */
function namedIn(span: string, tree: Tree, variables: Set<string>): { paths: string[] } | { symbols: string[] } | null {
  if (span === "" || /\s/.test(span)) return null;
  if (/^[\w.@+-]+(?:\/[\w.@+-]*)*$/.test(span.replace(/\{[^{}]*,[^{}]*\}/g, "x")) && !/\.\.|^@|^\.\/|\/\//.test(span)) {
    const first = span.split("/")[0] ?? "";
    if (tree.paths.has(first) && (span.includes("/") || FILE_NAME.test(span))) return { paths: expandBraces(span) };
    if (first !== "dist" && first !== "node_modules" && (FILE_NAME.test(span) || (span.includes("/") && span.endsWith("/")))) {
      return { paths: expandBraces(span) };
    }
  }
  const jsx = /^<\/?([A-Z][\w.]*)\s*\/?>$/.exec(span);
  if (jsx) return { symbols: (jsx[1] ?? "").split(".") };
  const call = /^\.?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((.*)\)$/.exec(span);
  if (call) return /^\d$/.test(call[2] ?? "") ? null : { symbols: (call[1] ?? "").split(".") };
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(span)) return null;
  const parts = span.split(".");
  if (parts.length > 1) return { symbols: parts };
  const camel = /^[a-z_$][\w$]*[A-Z]/.test(span);
  const pascal = /^[A-Z]/.test(span) && /[a-z]/.test(span) && /[A-Z]/.test(span.slice(1));
  const screaming = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]*)+$/.test(span) && !variables.has(span);
  return camel || pascal || screaming ? { symbols: [span] } : null;
}

/**
 * The paths a source tree drawn in a fenced block names (a block without a language whose first line
 * starts with `src/`, as in the README's "The folders" and architecture.md's "The source tree"): a
 * line indented 0, 2 or 4 spaces starts with one name or several (`index.ts, start.ts`), ended by two
 * spaces or the line's end; a name ending in a slash is a folder, and the names indented below it
 * are inside it (`entry`). The words after the names, and the lines indented further, are description,
 * where a file name (`start.ts`, `services/maintenance.ts`) is a `mention`: some file of the tree ends so.
 */
function treeListing(text: string): { name: string; line: number; kind: "entry" | "mention" }[] {
  const found: { name: string; line: number; kind: "entry" | "mention" }[] = [];
  const lines = text.split("\n");
  for (let start = 0; start < lines.length; start++) {
    if (!/^```\s*$/.test(lines[start] ?? "") || !(lines[start + 1] ?? "").startsWith("src/")) continue;
    const folders: string[] = []; // the folder open at each depth
    let index = start + 1;
    for (; index < lines.length && !/^```/.test(lines[index] ?? ""); index++) {
      const line = lines[index] ?? "";
      const entry = /^( {0,4})([^ ].*?)(?: {2,}(.*))?$/.exec(line);
      const depth = (entry?.[1] ?? " ").length / 2;
      const names = (entry?.[2] ?? "").split(", ");
      const isEntry = Number.isInteger(depth) && names.every((name) => /^[\w.-]+(?:\/[\w.-]+)*\/?$/.test(name));
      if (isEntry) {
        const parent = folders.slice(0, depth).join("");
        for (const name of names) {
          found.push({ name: (parent + name).replace(/\/$/, ""), line: index + 1, kind: "entry" });
          if (name.endsWith("/")) folders.splice(depth, folders.length, name);
        }
      }
      const description = isEntry ? (entry?.[3] ?? "") : line;
      for (const mention of description.matchAll(/(?<![\w/.-])((?:[\w-]+\/)*[\w.-]+\.(?:[cm]?[jt]sx?|md|sql|conf|service))(?![\w/-])/g)) {
        found.push({ name: mention[1] ?? "", line: index + 1, kind: "mention" });
      }
    }
    start = index;
  }
  return found;
}

/** The backticked file paths and code names of the README and docs/ that the tree does not have: one line per name. */
function checkNames(root: string, tree: Tree = readTree(root)): string[] {
  const problems: string[] = [];
  const variables = new Set(tree.variables);
  const files = documents(root);
  const texts = new Map(files.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
  for (const text of texts.values()) {
    for (const row of text.matchAll(/^\|\s*(`[^|]*)\|/gm)) {
      for (const name of (row[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)) variables.add(name[1] ?? "");
    }
  }
  for (const [file, text] of texts) {
    for (const { name, line, kind } of treeListing(text)) {
      if (kind === "entry" && !tree.paths.has(name)) problems.push(`${file}:${line}: the source tree lists ${name}, which does not exist`);
      if (kind === "mention" && !tree.tails.has(name))
        problems.push(`${file}:${line}: the source tree names ${name}, which no path ends in`);
    }
    for (const { span, line } of codeSpans(text)) {
      const named = namedIn(span, tree, variables);
      if (named === null) continue;
      if ("paths" in named) {
        for (const name of named.paths) {
          const bare = name.replace(/\/$/, "");
          const fromRoot = tree.paths.has(bare.split("/")[0] ?? "");
          if (fromRoot ? !tree.paths.has(bare) : !tree.tails.has(bare)) {
            problems.push(`${file}:${line}: \`${span}\` names ${fromRoot ? bare : `a path ending in ${bare}`}, which does not exist`);
          }
        }
      } else {
        const missing = named.symbols.filter((symbol) => !tree.words.has(symbol));
        if (missing.length > 0) {
          problems.push(`${file}:${line}: \`${span}\` names ${missing.join(", ")}, which no code in the repository has`);
        }
      }
    }
  }
  return problems;
}

describe("README and docs/", () => {
  it("link only to files and headings that exist in the repository, never to ../shared, and the README stays short", () => {
    expect(checkDocs(ROOT)).toEqual([]);
  });

  it("name, in backticks, only files and code names the repository has", () => {
    expect(checkNames(ROOT)).toEqual([]);
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

describe("the name check itself", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "docs-names-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds paths, relative file names, code names and source-tree entries that do not exist, and leaves the rest alone", () => {
    const write = (relative: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      writeFileSync(path.join(root, relative), text);
    };
    write(
      "src/server/trpc.ts",
      [
        "// superAdminProcedure was here once; GhostPanel too.",
        "/* a block comment: ghostFunction() */",
        'export const publicProcedure = 1; const url = "https://example.com/x"; // staleName',
        // A template literal with a placeholder: the code after it is code again.
        "export function permitted(permission: string) { return `$" + "{permission}`; }",
        "const router = { contact: { submit: 1 } }; const ENGINE_FREE = [/\\/\\//, '//'];",
        "export function SettingsSection() { return process.env.SERVER_NODE_OPTIONS ?? ENGINE_FREE; }",
      ].join("\n"),
    );
    write("src/client/admin/components/QueryState.tsx", "export const QueryState = 1;\n");
    write("tests/a.test.ts", "export const createTestApp = 1;\n");
    const tree = ["```", "src/server/", "  trpc.ts            base procedures: permitted(permission); see QueryState.tsx", "```"];
    const good = [
      "# Site",
      "",
      "| variable | meaning |",
      "| `PORT`   | where   |",
      "",
      "`src/server/trpc.ts`, `src/server`, `src/server/`, `trpc.ts`, `server/trpc.ts`, `components/QueryState.tsx`, `admin/components/`,",
      "`src/server/{trpc}.ts` is a placeholder, `tests/<file>.test.ts` too, `publicProcedure`, `permitted(permission)`, `.submit()`,",
      "`contact.submit`, `ENGINE_FREE`, `<SettingsSection>`, `createTestApp`, `QueryState`, `PORT`, `SERVER_NODE_OPTIONS`,",
      "`MALLOC_ARENA_MAX=2`, `npm run build`, `/api/health`, `/usr/bin/chromium`, `DATA_DIR/db`, `zod/mini`, `bench:http`,",
      "`X-Total-Count`, `record_versions`, `admin`, `write(2)`, `{ message, fieldErrors }`, `dist/server/index.js`, `./data`,",
      "``code with a ` inside``, `@trpc/client`, `home/hero/backgroundImage`.",
      "",
      ...tree,
      "",
      "```ts",
      "ghostInAFence(); // a fenced example is not checked",
      "```",
    ];
    write("README.md", `${good.join("\n")}\n`);
    expect(checkNames(root)).toEqual([]);

    const bad = [
      ...good,
      "`src/server/gone.ts` and `missing.ts` and `admin/ghosts/` and `src/server/{trpc,ghost}.ts`",
      "`superAdminProcedure`, `ghostFunction()`, `GHOST_CONSTANT`, `<GhostPanel>`, `contact.sbumit`, `staleName`",
      "```",
      "src/server/",
      "  app.ts             the app (bootstrap.ts)",
      "```",
    ];
    write("README.md", `${bad.join("\n")}\n`);
    const from = good.length + 1;
    expect(checkNames(root)).toEqual([
      `README.md:${from + 4}: the source tree lists src/server/app.ts, which does not exist`,
      `README.md:${from + 4}: the source tree names bootstrap.ts, which no path ends in`,
      `README.md:${from}: \`src/server/gone.ts\` names src/server/gone.ts, which does not exist`,
      `README.md:${from}: \`missing.ts\` names a path ending in missing.ts, which does not exist`,
      `README.md:${from}: \`admin/ghosts/\` names a path ending in admin/ghosts, which does not exist`,
      `README.md:${from}: \`src/server/{trpc,ghost}.ts\` names src/server/ghost.ts, which does not exist`,
      `README.md:${from + 1}: \`superAdminProcedure\` names superAdminProcedure, which no code in the repository has`,
      `README.md:${from + 1}: \`ghostFunction()\` names ghostFunction, which no code in the repository has`,
      `README.md:${from + 1}: \`GHOST_CONSTANT\` names GHOST_CONSTANT, which no code in the repository has`,
      `README.md:${from + 1}: \`<GhostPanel>\` names GhostPanel, which no code in the repository has`,
      `README.md:${from + 1}: \`contact.sbumit\` names sbumit, which no code in the repository has`,
      `README.md:${from + 1}: \`staleName\` names staleName, which no code in the repository has`,
    ]);
  });
});
