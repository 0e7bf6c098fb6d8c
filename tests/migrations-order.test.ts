import { existsSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";

/**
 * The migrations as drizzle's migrator reads them: it applies, to a database already migrated, only
 * the migrations whose journal time (`when`) is later than the last one applied. A merge of branches
 * that each added a migration can leave a later-numbered one with an earlier time: a fresh database
 * gets it, an existing one silently skips it. So: numbered in order, each later than the one before,
 * each with its SQL file and a snapshot chained to the one before it (what drizzle-kit diffs next).
 */
it("the journal's migrations are numbered in order, later each time, with their SQL and chained snapshots", () => {
  const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as {
    entries: Array<{ idx: number; when: number; tag: string }>;
  };
  let previous: { when: number; id: string | null } = { when: 0, id: null };
  journal.entries.forEach((entry, index) => {
    expect(entry.idx, entry.tag).toBe(index);
    expect(entry.tag.startsWith(String(index).padStart(4, "0")), entry.tag).toBe(true);
    expect(entry.when, `${entry.tag} must be later than the migration before it`).toBeGreaterThan(previous.when);
    expect(existsSync(`drizzle/${entry.tag}.sql`), entry.tag).toBe(true);
    const snapshot = JSON.parse(readFileSync(`drizzle/meta/${entry.tag.slice(0, 4)}_snapshot.json`, "utf8")) as {
      id: string;
      prevId: string;
    };
    if (previous.id) expect(snapshot.prevId, `${entry.tag}'s snapshot follows the one before`).toBe(previous.id);
    previous = { when: entry.when, id: snapshot.id };
  });
});
