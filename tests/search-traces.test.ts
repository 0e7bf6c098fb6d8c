import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { withDatabase } from "./setup/global-setup";
import { startBuiltServer, stopProcess } from "./setup/processes";

/**
 * Issue 39: no query is stored anywhere. The built server (npm run build) on the engine under test is
 * searched in every way a visitor and a tool can (the page in three languages and its next page, the
 * REST route, tRPC, the page-view beacon the page sends); then every byte it keeps is read: the
 * embedded database's files (after the stop's checkpoint), or pg_dump of the PostgreSQL database, and
 * everything it wrote to its log. The words appear in none.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), "clinic-search-traces-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** A word no text of the site holds, in the ways it could be kept (as typed, folded, percent-encoded). */
const marker = () => `Quiñonez${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

describe("the words searched for are kept nowhere", () => {
  it("not in the database, its files, or the server's log", { timeout: 240_000 }, async () => {
    const dataDir = path.join(work, "data");
    let databaseUrl: string | undefined;
    let dropDb = async () => {};
    const admin = PG_URL ? postgres(PG_URL, { max: 1, onnotice: () => {} }) : null;
    if (admin && PG_URL) {
      const name = `clinic_search_${process.pid}_${randomBytes(3).toString("hex")}`;
      await admin.unsafe(`create database ${name}`);
      databaseUrl = withDatabase(PG_URL, name);
      dropDb = async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    }
    const word = marker();
    const chinese = `膝盖${word}`;
    const server = await startBuiltServer({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "Correct-horse-battery-9",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    let dump = "";
    try {
      const base = server.base;
      // The pages, as the header's form sends them (no JavaScript needed), in each language.
      for (const [page, q] of [
        ["/search", word],
        ["/es/search", word],
        ["/zh/search", chinese],
        ["/search", `ozone ${word}`],
      ] as const) {
        for (const n of [1, 2]) {
          const res = await fetch(`${base}${page}?q=${encodeURIComponent(q)}&page=${n}`);
          expect(res.status).toBe(200);
          expect(res.headers.get("referrer-policy")).toBe("no-referrer");
          // The page says what it looked for: the words did reach the server.
          expect(await res.text()).toContain(word);
        }
      }
      // The REST route and tRPC.
      const rest = await fetch(`${base}/api/search?q=${encodeURIComponent(word)}&lang=es`);
      expect(await rest.json()).toMatchObject({ total: 0, items: [] });
      const input = encodeURIComponent(JSON.stringify({ q: word, page: 1, lang: "zh" }));
      expect((await fetch(`${base}/trpc/search.query?input=${input}`)).status).toBe(200);
      // The page view the search page's script sends: its path, never its address's query.
      const visit = await fetch(`${base}/api/visit`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "user-agent": "Mozilla/5.0 Chrome/131.0" },
        body: JSON.stringify({ kind: "view", path: "/es/search", entry: true, referrer: `${base}/search?q=${word}` }),
      });
      expect(visit.status).toBeLessThan(300);
      // A view with the query in its path is refused, not counted.
      const withQuery = await fetch(`${base}/api/visit`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "user-agent": "Mozilla/5.0 Chrome/131.0" },
        body: JSON.stringify({ kind: "view", path: `/search?q=${word}` }),
      });
      expect(withQuery.status).toBe(400);
      if (databaseUrl) dump = execFileSync("pg_dump", ["--no-owner", databaseUrl], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
    } finally {
      // A stop writes the visit counts out and closes the embedded database: a checkpoint writes every page to its file.
      await stopProcess(server);
      await dropDb();
    }
    expect(server.output()).toContain("Stopped");
    const forms = [word, word.toLowerCase(), "quinonez", encodeURIComponent(word), "膝盖"];
    // The log: a line per request above, none with the words.
    expect(server.output()).toMatch(/"route":"\/es\/search"/);
    for (const form of forms) expect(server.output().toLowerCase(), form).not.toContain(form.toLowerCase());
    if (databaseUrl) {
      expect(dump).toContain("CREATE TABLE");
      for (const form of forms.slice(0, 4)) expect(dump.toLowerCase(), form).not.toContain(form.toLowerCase());
    } else {
      const files = filesUnder(dataDir);
      expect(files.length).toBeGreaterThan(100);
      const holding = files.filter((file) => {
        const bytes = readFileSync(file);
        return forms.slice(0, 4).some((form) => bytes.includes(Buffer.from(form, "utf8")));
      });
      expect(holding).toEqual([]);
    }
  });
});
