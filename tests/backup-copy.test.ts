import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type DatabaseHandle } from "../src/server/db/client";
import { BACKUP_COPY_SCRIPT, backupArchive, newBackupStats } from "../src/server/services/backup-snapshot";
import { auditKeyOf } from "./setup/test-app";

/**
 * The live backup of an embedded database kept on disk (decision 0055): the server copies the folder on
 * disk beside it and a process of its own exports the copy, instead of a tar of the folder in memory
 * loaded into a second, in-memory PGlite (over 1.5 GB at 50,000 inquiries). The archive holds what the
 * database held when the backup started, the site keeps writing meanwhile, and the copy is gone after
 * the backup, finished or cut off. Embedded database only (PostgreSQL exports on a connection of its own).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-backup-copy-"));
let handle: DatabaseHandle;

const copies = () => readdirSync(dataDir).filter((name) => name.includes(".backup-copy-"));
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

async function activityRows(): Promise<number> {
  return rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM admin_activity_log`))[0]!.n;
}

async function addActivity(count: number): Promise<void> {
  await handle.db.execute(
    sql`INSERT INTO admin_activity_log (username, action, details) SELECT 'copy-test', 'login', '{}'::jsonb FROM generate_series(1, ${count})`,
  );
}

beforeAll(async () => {
  handle = await openPglite({ dataDir }, auditKeyOf());
  await handle.migrate();
  await addActivity(3000);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the live backup of the embedded database on disk", () => {
  it("is exported by the build's step in a process of its own", () => {
    expect(existsSync(BACKUP_COPY_SCRIPT), "npm run build makes dist/server/backup-copy.js").toBe(true);
  });

  it("holds what the database held when it started, while the site writes on; the copy is removed", { timeout: 120_000 }, async () => {
    const before = await activityRows();
    const stats = newBackupStats();
    const parts: Uint8Array[] = [];
    let wroteDuring = false;
    for await (const part of backupArchive(handle, { secretKey: null, live: true, stats, encryption: null })) {
      parts.push(part);
      if (!wroteDuring) {
        // The copy is made and being read: the site is not held for the length of the export.
        expect(copies()).toHaveLength(1);
        await addActivity(5);
        wroteDuring = true;
      }
    }
    expect(wroteDuring).toBe(true);
    expect(stats.complete).toBe(true);
    const lines = gunzipSync(Buffer.concat(parts))
      .toString("utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ format: "clinic-site-backup", engine: "pglite", keyIncluded: false });
    const trailer = lines.at(-1) as { end: true; rows: Record<string, number>; totalRows: number };
    expect(trailer.rows.admin_activity_log).toBe(before);
    expect(stats.rows).toBe(trailer.totalRows);
    expect(await activityRows()).toBe(before + 5);
    expect(copies()).toEqual([]);
  });

  it("cut off after its first part: the export's process ends and the copy is removed", { timeout: 120_000 }, async () => {
    const stats = newBackupStats();
    for await (const part of backupArchive(handle, { secretKey: null, live: true, stats, encryption: null })) {
      expect(part.byteLength).toBeGreaterThan(0);
      break;
    }
    expect(stats.complete).toBe(false);
    expect(copies()).toEqual([]);
    // The database answers as before, and a next backup runs to its end.
    const next = newBackupStats();
    for await (const part of backupArchive(handle, { secretKey: null, live: true, stats: next, encryption: null })) void part;
    expect(next.complete).toBe(true);
  });

  it("removes a copy left by a process that ended in the middle of a backup", { timeout: 120_000 }, async () => {
    const leftover = path.join(dataDir, "db.backup-copy-999999999");
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(leftover);
    writeFileSync(path.join(leftover, "PG_VERSION"), "17\n");
    const stats = newBackupStats();
    for await (const part of backupArchive(handle, { secretKey: null, live: true, stats, encryption: null })) void part;
    expect(stats.complete).toBe(true);
    expect(copies()).toEqual([]);
  });
});
