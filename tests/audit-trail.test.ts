import { spawn } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createSecretBox } from "../src/server/auth/secret-box";
import { openPglite, openPostgres, type Database, type DatabaseHandle } from "../src/server/db/client";
import { adminActivityLog } from "../src/server/db/schema";
import { logActivity } from "../src/server/services/activity";
import { canonicalContent, chainHead, describeReport, formatHead, verifyChain, type ChainRow } from "../src/server/services/audit-chain";
import type { ArchiveHeader } from "../src/server/services/backup-archive";
import { backupArchive } from "../src/server/services/backup-snapshot";
import { purgeExpiredInquiries } from "../src/server/services/retention";
import { MIGRATIONS_DIR } from "../src/server/paths";
import { withDatabase } from "./setup/global-setup";
import { auditKeyOf, createTestApp, ORIGIN, TEST_SECRET_KEY, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * The tamper-evident audit trail, on the engine under test (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the activity log and the inquiries' access history refuse UPDATE, DELETE and
 * TRUNCATE; every activity-log row is chained (HMAC-SHA256 of the previous hash and its content under
 * the key ring's audit key; sha256 before the key) and `npm run audit -- verify` names the first row
 * changed by hand, or a chain rewritten without the key; a head kept outside the database shows the
 * newest rows removed; the chain holds with many writers at once; an inquiry's access history outlives
 * it; a failed sign-in names only an existing account.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const AUDIT_CLI = path.resolve("src/server/ops/cli/audit.ts");
const TSX = path.resolve("node_modules/.bin/tsx");

let t: TestApp;
let chief: TestAdmin;
let staff: TestAdmin;
let chiefCookie: string;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  chief = await t.createAdmin({ role: "super_admin" });
  staff = await t.createAdmin();
  chiefCookie = await t.cookieFor(chief);
  staffCookie = await t.cookieFor(staff);
});
afterAll(() => t.close());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function newestLogRow(db: Database) {
  const [row] = await db.select().from(adminActivityLog).orderBy(sql`${adminActivityLog.chainSeq} desc`).limit(1);
  return row!;
}

/** The database error a statement raised (drizzle wraps it: the driver's error is its cause). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  return "not refused";
}

/** As a superuser may: the append-only trigger switched off for one statement, then on again. */
async function byHand(db: Database, table: string, statement: string) {
  await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_append_only`));
  try {
    await db.execute(sql.raw(statement));
  } finally {
    await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_append_only`));
  }
}

describe("append-only", () => {
  it("the database refuses UPDATE, DELETE and TRUNCATE on the activity log", async () => {
    await logActivity(t.deps.db, {
      adminId: chief.id,
      username: chief.username,
      action: "update",
      resourceType: "service",
      resourceId: 1,
      ipAddress: "203.0.113.1",
    });
    const row = await newestLogRow(t.deps.db);
    expect(
      await refusal(() => t.deps.db.update(adminActivityLog).set({ username: "someone else" }).where(eq(adminActivityLog.id, row.id))),
    ).toMatch(/admin_activity_log is append-only/);
    expect(await refusal(() => t.deps.db.delete(adminActivityLog).where(eq(adminActivityLog.id, row.id)))).toMatch(
      /admin_activity_log is append-only/,
    );
    expect(await refusal(() => t.deps.db.execute(sql`truncate admin_activity_log`))).toMatch(/admin_activity_log is append-only/);
    expect(await newestLogRow(t.deps.db)).toEqual(row);
  });

  it("the database refuses UPDATE, DELETE and TRUNCATE on an inquiry's access history", async () => {
    const inquiry = await t.addInquiry();
    expect((await t.request(`/api/admin/contact/${inquiry.id}`, { cookie: staffCookie })).status).toBe(200);
    expect(
      await refusal(() => t.deps.db.execute(sql`update contact_access set username = 'nobody' where submission_id = ${inquiry.id}`)),
    ).toMatch(/contact_access is append-only/);
    expect(await refusal(() => t.deps.db.execute(sql`delete from contact_access where submission_id = ${inquiry.id}`))).toMatch(
      /contact_access is append-only/,
    );
    expect(await refusal(() => t.deps.db.execute(sql`truncate contact_access`))).toMatch(/contact_access is append-only/);
    const history = await (await t.request(`/api/admin/contact/${inquiry.id}/history`, { cookie: chiefCookie })).json();
    expect(history.map((entry: { username: string }) => entry.username)).toEqual([staff.username]);
  });

  it("deleting a staff account keeps its log lines as they were (its id and name)", async () => {
    const leaver = await t.createAdmin();
    await logActivity(t.deps.db, {
      adminId: leaver.id,
      username: leaver.username,
      action: "create",
      resourceType: "service",
      resourceId: 7,
      ipAddress: "203.0.113.2",
    });
    const before = await t.deps.db.select().from(adminActivityLog).where(eq(adminActivityLog.adminId, leaver.id));
    const res = await t.request(`/api/admin/users/${leaver.id}`, { method: "DELETE", cookie: chiefCookie });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await t.deps.db.select().from(adminActivityLog).where(eq(adminActivityLog.adminId, leaver.id));
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThan(0);
    expect((await verifyChain(t.deps.db, t.deps.secrets)).intact).toBe(true);
  });
});

describe("hash chain", () => {
  it("each row carries sha256 of the previous row's hash and its own content, in a gapless order", async () => {
    await logActivity(t.deps.db, {
      adminId: null,
      username: "command line",
      action: "backup",
      details: { rows: 3, ünï: '\u00e9"\\' },
      ipAddress: "cli",
    });
    const rows = rowsOf<{ chain_seq: string; chain_hash: string }>(
      await t.deps.db.execute(sql`select chain_seq::text, chain_hash from admin_activity_log order by chain_seq`),
    );
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.chain_hash)).size).toBe(rows.length);
    for (const row of rows) expect(row.chain_hash).toMatch(/^[0-9a-f]{64}$/);
    const report = await verifyChain(t.deps.db, t.deps.secrets);
    expect(report).toMatchObject({ intact: true, entries: rows.length, last: { seq: rows.length, hash: rows.at(-1)!.chain_hash } });
  });

  it("a row changed by hand (trigger disabled) breaks the chain at that row; put back, it verifies again", async () => {
    await logActivity(t.deps.db, {
      adminId: staff.id,
      username: staff.username,
      action: "open",
      resourceType: "contact_submission",
      resourceId: 99,
      ipAddress: "203.0.113.3",
    });
    const target = await newestLogRow(t.deps.db);
    await logActivity(t.deps.db, {
      adminId: staff.id,
      username: staff.username,
      action: "logout",
      resourceType: "session",
      ipAddress: "203.0.113.3",
    });
    await byHand(t.deps.db, "admin_activity_log", `UPDATE admin_activity_log SET ip_address = '10.0.0.1' WHERE id = ${target.id}`);
    expect(await verifyChain(t.deps.db, t.deps.secrets)).toMatchObject({ intact: false, brokenAt: target.id, reason: "changed" });
    // The screen's answer says the same.
    const status = await (await t.request("/api/admin/activity/chain", { cookie: chiefCookie })).json();
    expect(status).toMatchObject({ intact: false, brokenAt: target.id });
    // Its hash recomputed to match: the next row no longer follows from it.
    await byHand(t.deps.db, "admin_activity_log", `UPDATE admin_activity_log SET ip_address = '203.0.113.3' WHERE id = ${target.id}`);
    const report = await verifyChain(t.deps.db, t.deps.secrets);
    expect(report.intact).toBe(true);
    expect(await (await t.request("/api/admin/activity/chain", { cookie: chiefCookie })).json()).toMatchObject({
      intact: true,
      entries: report.entries,
    });
  });

  it("the screen's status goes on from its checkpoint: new entries are verified, and one changed after it shows", async () => {
    const chain = async () => (await t.request("/api/admin/activity/chain", { cookie: chiefCookie })).json();
    const first = await chain();
    expect(first).toMatchObject({ intact: true });
    await logActivity(t.deps.db, {
      adminId: staff.id,
      username: staff.username,
      action: "note",
      resourceType: "contact_submission",
      resourceId: 5,
      ipAddress: "203.0.113.4",
    });
    const target = await newestLogRow(t.deps.db);
    await logActivity(t.deps.db, {
      adminId: staff.id,
      username: staff.username,
      action: "logout",
      resourceType: "session",
      ipAddress: "203.0.113.4",
    });
    // The status call itself is not logged: two entries more.
    expect(await chain()).toMatchObject({ intact: true, entries: first.entries + 2 });
    await logActivity(t.deps.db, {
      adminId: staff.id,
      username: staff.username,
      action: "login",
      resourceType: "session",
      ipAddress: "203.0.113.4",
    });
    const later = await newestLogRow(t.deps.db);
    await byHand(t.deps.db, "admin_activity_log", `UPDATE admin_activity_log SET username = 'someone' WHERE id = ${later.id}`);
    expect(await chain()).toMatchObject({ intact: false, brokenAt: later.id, reason: "changed" });
    // Broken, it stays reported (no checkpoint is kept), and names the row it is at.
    expect(await chain()).toMatchObject({ intact: false, brokenAt: later.id });
    await byHand(t.deps.db, "admin_activity_log", `UPDATE admin_activity_log SET username = '${staff.username}' WHERE id = ${later.id}`);
    expect(await chain()).toMatchObject({ intact: true, entries: first.entries + 3 });
    expect(target.id).toBeLessThan(later.id);
  });

  it("the chain status is for super admins only", async () => {
    expect((await t.request("/api/admin/activity/chain", { cookie: staffCookie })).status).toBe(403);
  });

  it("many writers at once (several connections on PostgreSQL) still form one gapless chain", { timeout: 60_000 }, async () => {
    const before = await verifyChain(t.deps.db, t.deps.secrets);
    expect(before.intact).toBe(true);
    const writers = Array.from({ length: 8 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 15; i++) {
          if (i % 3 === 0) {
            // A transaction writing two rows and committing later: the chain's lock is held to its commit.
            await t.deps.db.transaction(async (tx) => {
              await logActivity(tx as unknown as Database, {
                adminId: null,
                username: `writer${w}`,
                action: "update",
                details: { i },
                ipAddress: null,
              });
              await tx.execute(sql`select count(*) from admin_activity_log`);
              await logActivity(tx as unknown as Database, {
                adminId: null,
                username: `writer${w}`,
                action: "update",
                details: { i, second: true },
                ipAddress: null,
              });
            });
          } else {
            await logActivity(t.deps.db, { adminId: null, username: `writer${w}`, action: "read", details: { i }, ipAddress: null });
          }
        }
      })(),
    );
    await Promise.all(writers);
    const after = await verifyChain(t.deps.db, t.deps.secrets);
    expect(after).toMatchObject({ intact: true, entries: before.entries + 8 * (5 * 2 + 10) });
  });
});

/** A database of its own (the CLI reads it from another process): PostgreSQL from the template, or an embedded one in a data folder. */
async function ownDatabase(): Promise<{ handle: DatabaseHandle; env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-audit-"));
  const env = { DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN, SECRET_KEY: TEST_SECRET_KEY };
  if (PG_URL) {
    const name = `clinic_audit_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name} template ${inject("pgTemplate")}`);
    const url = withDatabase(PG_URL, name);
    return {
      handle: await openPostgres(url, auditKeyOf()),
      env: { ...env, DATABASE_URL: url },
      drop: async () => {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const handle = await openPglite({ dataDir }, auditKeyOf());
  await handle.migrate();
  return { handle, env, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

function runAuditCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child = spawn(TSX, [AUDIT_CLI, ...args], { env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run audit -- verify", () => {
  it("says the chain is intact, then names the first row changed by hand (session_replication_role or a disabled trigger)", {
    timeout: 120_000,
  }, async () => {
    const own = await ownDatabase();
    try {
      const db = own.handle.db;
      for (let i = 0; i < 6; i++) {
        await logActivity(db, {
          adminId: i,
          username: `user${i}`,
          action: "login",
          resourceType: "session",
          details: i % 2 ? { twoFactor: true } : null,
          ipAddress: `198.51.100.${i}`,
        });
      }
      const rows = await db.select().from(adminActivityLog).orderBy(adminActivityLog.chainSeq);
      await own.handle.close();

      const intact = await runAuditCli(["verify"], own.env);
      expect(intact.stderr).toBe("");
      expect(intact.stdout).toMatch(new RegExp(`^Audit trail intact: ${rows.length} entries verified\\.`));
      expect(intact.code).toBe(0);

      const third = rows[2]!;
      const reopened = PG_URL ? await openPostgres(own.env.DATABASE_URL!) : await openPglite({ dataDir: own.env.DATA_DIR! });
      try {
        // What a superuser can do past the trigger: replica mode skips ordinary triggers.
        await reopened.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(sql`update admin_activity_log set details = '{"twoFactor": false}'::jsonb where id = ${third.id}`);
        });
      } finally {
        await reopened.close();
      }
      const broken = await runAuditCli(["verify"], own.env);
      expect(broken.stderr).toContain(
        `Audit trail broken at entry #${third.id}: its content or hash was changed after it was written. 2 entries before it verified.`,
      );
      expect(broken.code).toBe(1);
    } finally {
      await own.drop();
    }
  });
});

/** The same database opened again, its connections carrying the audit key of `keyRing` (the embedded one only after the first is closed). */
function reopen(env: Record<string, string>, keyRing: string = TEST_SECRET_KEY): Promise<DatabaseHandle> {
  return PG_URL ? openPostgres(env.DATABASE_URL!, auditKeyOf(keyRing)) : openPglite({ dataDir: env.DATA_DIR! }, auditKeyOf(keyRing));
}

async function writeLines(db: Database, count: number) {
  for (let i = 0; i < count; i++)
    await logActivity(db, {
      adminId: i + 1,
      username: `user${i}`,
      action: "update",
      resourceType: "service",
      resourceId: i,
      details: { label: `Service ${i}` },
      ipAddress: "198.51.100.20",
    });
}

/**
 * What the table's owner can do without the key: the append-only trigger off, the row at `fromSeq`
 * given another username, and the chain from it recomputed the old way (plain SHA-256, with the
 * database's own function for the content), keeping the rows' key ids or dropping them.
 */
async function rewriteWithoutKey(db: Database, fromSeq: number, keyIds: "kept" | "dropped") {
  await db.execute(sql.raw(`ALTER TABLE admin_activity_log DISABLE TRIGGER admin_activity_log_append_only`));
  try {
    await db.execute(
      sql.raw(`DO $$
DECLARE
  r admin_activity_log;
  prev text;
BEGIN
  SELECT chain_hash INTO prev FROM admin_activity_log WHERE chain_seq = ${fromSeq - 1};
  FOR r IN SELECT * FROM admin_activity_log WHERE chain_seq >= ${fromSeq} ORDER BY chain_seq LOOP
    IF r.chain_seq = ${fromSeq} THEN r.username := 'someone else'; END IF;
    prev := encode(sha256(admin_activity_log_message(prev, r)), 'hex');
    UPDATE admin_activity_log SET username = r.username, chain_hash = prev${keyIds === "dropped" ? ", chain_key = NULL" : ""} WHERE id = r.id;
  END LOOP;
END $$`),
    );
  } finally {
    await db.execute(sql.raw(`ALTER TABLE admin_activity_log ENABLE TRIGGER admin_activity_log_append_only`));
  }
}

describe("the keyed chain", () => {
  it("a line written through the app is HMAC-SHA256 under the ring's audit key, names the key, and verifies; a connection without the key cannot add one", async () => {
    const res = await t.request("/api/admin/login", { json: { username: staff.username, password: staff.password }, ip: "203.0.113.60" });
    expect(res.status, await res.clone().text()).toBe(200);
    const [previous, line] = rowsOf<ChainRow>(
      await t.deps.db.execute(sql`select chain_seq::text as seq, id::text as id, admin_id::text as "adminId", username, action, resource_type as "resourceType",
          resource_id as "resourceId", details::text as details, ip_address as "ipAddress", floor(extract(epoch from "timestamp") * 1000000)::bigint::text as micros,
          chain_key as "keyId", chain_hash as hash
        from admin_activity_log order by chain_seq desc limit 2`),
    ).reverse();
    expect(line).toMatchObject({ action: "login", username: staff.username, keyId: t.deps.secrets.keyId });
    const text = `${previous!.hash}\n${canonicalContent(line!)}`;
    expect(line!.hash).toBe(createHmac("sha256", t.deps.secrets.auditKey(t.deps.secrets.keyId)!).update(text, "utf8").digest("hex"));
    expect(line!.hash).not.toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    const before = await verifyChain(t.deps.db, t.deps.secrets);
    expect(before).toMatchObject({ intact: true, last: { seq: Number(line!.seq), hash: line!.hash, keyed: true } });

    // A connection without the setting (here: emptied for one transaction) writes nothing.
    const refused = await refusal(() =>
      t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('clinic.audit_key', '', true)`);
        await logActivity(tx, { adminId: null, username: "command line", action: "update", ipAddress: "cli" });
      }),
    );
    expect(refused).toMatch(/this connection has no audit chain key/);
    expect(await verifyChain(t.deps.db, t.deps.secrets)).toMatchObject({ intact: true, entries: before.entries });
  });

  it("a row rewritten with its chain recomputed the old way (plain SHA-256), as the owner without the key could, is reported broken", {
    timeout: 120_000,
  }, async () => {
    const own = await ownDatabase();
    try {
      const db = own.handle.db;
      await writeLines(db, 6);
      const kept = (await chainHead(db))!;
      const start = kept.seq - 5;
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({ intact: true, entries: kept.seq });
      const target = rowsOf<{ id: number }>(await db.execute(sql`select id from admin_activity_log where chain_seq = ${start + 2}`))[0]!;

      // The key ids kept: the recomputed hashes are no HMAC under them.
      await rewriteWithoutKey(db, start + 2, "kept");
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({
        intact: false,
        brokenAt: target.id,
        seq: start + 2,
        reason: "changed",
        entries: start + 1,
      });
      // The key ids dropped, as if chained before the key: a row without a key after keyed rows is a rewrite.
      await rewriteWithoutKey(db, start + 2, "dropped");
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({ intact: false, brokenAt: target.id, reason: "changed" });
      // The whole chain rewritten without keys verifies on its own (like rows removed from the end, only a
      // head kept outside the database shows it): against the head kept before, it is broken.
      await rewriteWithoutKey(db, 1, "dropped");
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({ intact: true, entries: kept.seq });
      expect(await verifyChain(db, t.deps.secrets, { head: kept })).toMatchObject({ intact: false, seq: kept.seq, reason: "not_head" });
    } finally {
      await own.handle.close();
      await own.drop();
    }
  });

  it("the head is in a backup's manifest and `audit head` prints it; with the newest rows removed, only a check against that head says so", {
    timeout: 120_000,
  }, async () => {
    const own = await ownDatabase();
    try {
      await writeLines(own.handle.db, 6);
      const head = (await chainHead(own.handle.db))!;
      const archive: Buffer[] = [];
      for await (const chunk of backupArchive(own.handle, { secretKey: null, live: false, encryption: null }))
        archive.push(Buffer.from(chunk));
      const manifest = JSON.parse(gunzipSync(Buffer.concat(archive)).toString("utf8").split("\n")[0]!) as ArchiveHeader;
      expect(manifest.auditHead).toBe(formatHead(head));
      await own.handle.close();

      const printed = await runAuditCli(["head"], own.env);
      expect(printed).toMatchObject({ code: 0, stderr: "" });
      expect(printed.stdout.trim()).toBe(manifest.auditHead);
      const checked = await runAuditCli(["verify", "--head", printed.stdout.trim()], own.env);
      expect(checked.stdout).toMatch(
        new RegExp(`^Audit trail intact: ${head.seq} entries verified\\. The kept head \\(chain position ${head.seq}\\) matches\\.`),
      );
      expect(checked.code).toBe(0);

      own.handle = await reopen(own.env);
      const db = own.handle.db;
      await byHand(db, "admin_activity_log", `DELETE FROM admin_activity_log WHERE chain_seq > ${head.seq - 2}`);
      // Without the head the shorter chain verifies: nothing in the database says it was longer.
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({ intact: true, entries: head.seq - 2 });
      expect(await verifyChain(db, t.deps.secrets, { head })).toMatchObject({
        intact: false,
        entries: head.seq - 2,
        seq: head.seq,
        reason: "missing_after",
      });
      await own.handle.close();

      expect((await runAuditCli(["verify"], own.env)).code).toBe(0);
      const broken = await runAuditCli(["verify", "--head", formatHead(head)], own.env);
      expect(broken.stderr).toContain(
        `Audit trail broken: the newest entries were removed: the chain ends at position ${head.seq - 2}, before the kept head's position ${head.seq}.`,
      );
      expect(broken.code).toBe(1);
      expect((await runAuditCli(["verify", "--head", "12:nothex"], own.env)).code).toBe(2);
    } finally {
      await own.handle.close();
      await own.drop();
    }
  });

  it("the screen's check takes a kept head too", async () => {
    const chain = async (head: string) => (await t.request(`/api/admin/activity/chain?head=${head}`, { cookie: chiefCookie })).json();
    const head = (await chainHead(t.deps.db))!;
    expect(await chain(formatHead(head))).toMatchObject({ intact: true, entries: head.seq });
    expect(await chain(`${head.seq + 3}:${head.hash}`)).toMatchObject({
      intact: false,
      entries: head.seq,
      seq: head.seq + 3,
      reason: "missing_after",
    });
    expect(await chain(`${head.seq}:${"0".repeat(64)}`)).toMatchObject({ intact: false, seq: head.seq, reason: "not_head" });
    const bad = await t.request("/api/admin/activity/chain?head=abc", { cookie: chiefCookie });
    expect(bad.status).toBe(400);
  });

  it("after a rotation each row verifies with the key that chained it; without the older key its rows are checked in their number and order only; an unknown key after checked rows stops the check", {
    timeout: 120_000,
  }, async () => {
    const own = await ownDatabase();
    const newKey = `rotated-${randomBytes(16).toString("hex")}`;
    const both = createSecretBox(`${newKey}\n${TEST_SECRET_KEY}`);
    const oldId = t.deps.secrets.keyId;
    try {
      await writeLines(own.handle.db, 2);
      await own.handle.close();
      // The new key first, the former one still in the ring (docs/operations.md, Keys and rotation) ...
      own.handle = await reopen(own.env, `${newKey}\n${TEST_SECRET_KEY}`);
      await writeLines(own.handle.db, 2);
      await own.handle.close();
      // ... while an instance not restarted yet still chains with the former key.
      own.handle = await reopen(own.env);
      await writeLines(own.handle.db, 1);
      const db = own.handle.db;
      const rows = rowsOf<{ id: number; chain_key: string }>(
        await db.execute(sql`select id, chain_key from admin_activity_log order by chain_seq`),
      );
      expect(rows.map((row) => row.chain_key)).toEqual([oldId, oldId, both.keyId, both.keyId, oldId]);
      const all = await verifyChain(db, both);
      expect(all).toMatchObject({ intact: true, entries: 5 });
      expect(all).not.toHaveProperty("orderOnly");

      // The older key removed from the ring: the rows it chained in their number and order only.
      const newOnly = createSecretBox(newKey);
      const partly = await verifyChain(db, newOnly);
      expect(partly).toMatchObject({ intact: true, entries: 5, orderOnly: { upTo: 2, keyIds: [oldId], later: 1 } });
      expect(describeReport(partly)).toContain(
        `The first 2 entries and 1 entry after them are verified in their number and order only, not their content: chained with key ${oldId}, which is not loaded (or before such an entry).`,
      );
      // Their content is what goes unchecked: a change there shows only with the older key back in the ring.
      await byHand(db, "admin_activity_log", `UPDATE admin_activity_log SET username = 'someone else' WHERE id = ${rows[0]!.id}`);
      expect(await verifyChain(db, newOnly)).toMatchObject({ intact: true, orderOnly: { upTo: 2 } });
      expect(await verifyChain(db, both)).toMatchObject({ intact: false, brokenAt: rows[0]!.id, reason: "changed" });
      // A key no rotation left (it never chained the oldest rows) after checked rows: a key id changed by hand.
      await byHand(db, "admin_activity_log", `UPDATE admin_activity_log SET chain_key = 'ffffffff' WHERE id = ${rows[3]!.id}`);
      expect(await verifyChain(db, newOnly)).toMatchObject({
        intact: false,
        brokenAt: rows[3]!.id,
        reason: "key_not_loaded",
        keyId: "ffffffff",
      });
    } finally {
      await own.handle.close();
      await own.drop();
    }
  });
});

describe("the migration", () => {
  it("chains the rows already there, in id order, and a staff account with log lines can then be deleted", {
    timeout: 120_000,
  }, async () => {
    // A database at the schema before the audit trail (0006), with log lines and an access history.
    const before = mkdtempSync(path.join(tmpdir(), "clinic-migrations-"));
    const own = await (async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-audit-"));
      if (!PG_URL) {
        const handle = await openPglite({ dataDir }, auditKeyOf());
        return {
          handle,
          drop: async () => {
            await handle.close();
            rmSync(dataDir, { recursive: true, force: true });
          },
        };
      }
      const name = `clinic_audit_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const handle = await openPostgres(withDatabase(PG_URL, name), auditKeyOf());
      return {
        handle,
        drop: async () => {
          await handle.close();
          await admin.unsafe(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    })();
    try {
      mkdirSync(path.join(before, "meta"));
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
        entries: Array<{ idx: number; tag: string }>;
      };
      journal.entries = journal.entries.filter((entry) => entry.idx <= 6);
      writeFileSync(path.join(before, "meta", "_journal.json"), JSON.stringify(journal));
      for (const entry of journal.entries)
        copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
      await own.handle.migrate(before);
      const db = own.handle.db;
      const [user] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into admin_users (username, password_hash) values ('olduser', 'x') returning id`),
      );
      const [inquiry] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into contact_submissions (name, email, phone, services_interested, availability_days, availability_times, privacy_policy, hipaa_consent, terms_and_conditions)
          values ('Old Patient', 'old@example.com', '801-555-0100', '[]', '[]', '[]', true, true, true) returning id`),
      );
      for (let i = 0; i < 5; i++) {
        await db.execute(sql`insert into admin_activity_log (admin_id, username, action, details, ip_address, "timestamp")
          values (${user!.id}, 'olduser', 'login', ${i % 2 ? JSON.stringify({ twoFactor: true, note: "é" }) : null}::jsonb, '203.0.113.5', now() - make_interval(days => ${5 - i}))`);
      }
      await db.execute(
        sql`insert into contact_access (submission_id, admin_id, username, action) values (${inquiry!.id}, ${user!.id}, 'olduser', 'open')`,
      );

      await own.handle.migrate();
      const rows = rowsOf<{ id: number; chain_seq: string }>(
        await db.execute(sql`select id, chain_seq::text from admin_activity_log order by id`),
      );
      expect(rows.map((row) => Number(row.chain_seq))).toEqual([1, 2, 3, 4, 5]);
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({ intact: true, entries: 5 });
      // New rows go on from there; the old account and inquiry can go, their lines stay.
      await logActivity(db, {
        adminId: null,
        username: "command line",
        action: "delete",
        resourceType: "admin_user",
        resourceId: user!.id,
        ipAddress: "cli",
      });
      await db.execute(sql`delete from admin_users where id = ${user!.id}`);
      await db.execute(sql`delete from contact_submissions where id = ${inquiry!.id}`);
      expect(await verifyChain(db, t.deps.secrets)).toMatchObject({ intact: true, entries: 6 });
      // The rows chained before the key keep their SHA-256; the first keyed row follows the last of them.
      const kinds = rowsOf<{ chain_key: string | null }>(
        await db.execute(sql`select chain_key from admin_activity_log order by chain_seq`),
      );
      expect(kinds.map((row) => row.chain_key)).toEqual([null, null, null, null, null, t.deps.secrets.keyId]);
      expect(
        rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from admin_activity_log where admin_id = ${user!.id}`))[0]!.n,
      ).toBe(5);
      expect(
        rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from contact_access where submission_id = ${inquiry!.id}`))[0]!
          .n,
      ).toBe(1);
    } finally {
      await own.drop();
      rmSync(before, { recursive: true, force: true });
    }
  });
});

describe("an inquiry's access history outlives the inquiry", () => {
  it("deleted by a super admin: the history is still there, says so, and ends with who deleted it", async () => {
    const inquiry = await t.addInquiry({ name: "Deleted Patient" });
    expect((await t.request(`/api/admin/contact/${inquiry.id}`, { cookie: staffCookie })).status).toBe(200);
    const del = await t.request(`/api/admin/contact/${inquiry.id}`, { method: "DELETE", cookie: chiefCookie });
    expect(del.status, await del.clone().text()).toBe(200);
    expect((await t.request(`/api/admin/contact/${inquiry.id}`, { cookie: staffCookie })).status).toBe(404);

    const res = await t.request(`/api/admin/contact/${inquiry.id}/history`, { cookie: chiefCookie });
    expect(res.status).toBe(200);
    const history = await res.json();
    expect(history.map((entry: { action: string; username: string }) => [entry.action, entry.username])).toEqual([
      ["delete", chief.username],
      ["open", staff.username],
    ]);
    for (const entry of history)
      expect(entry).toMatchObject({ inquiryId: inquiry.id, inquiryDeleted: true, inquiry: `inquiry ${inquiry.id}, deleted` });
    // The activity log's line about the opening says the inquiry is gone.
    const log = await (await t.request(`/api/admin/activity?action=open&pageSize=200`, { cookie: chiefCookie })).json();
    const opening = log.items.find((entry: { resourceId: string }) => entry.resourceId === String(inquiry.id));
    expect(opening).toMatchObject({ inquiryDeleted: true });
    // A history that never was is still a 404.
    expect((await t.request(`/api/admin/contact/999999/history`, { cookie: chiefCookie })).status).toBe(404);
  });

  it("deleted by the retention purge: the history is still there and ends with the purge", async () => {
    const saved = await t.request("/api/admin/settings", {
      method: "PUT",
      json: { retention: { enabled: true, days: 30 } },
      cookie: chiefCookie,
    });
    expect(saved.status).toBe(200);
    try {
      const old = new Date(Date.now() - 60 * 24 * 60 * 60_000);
      const inquiry = await t.addInquiry({ status: "closed", createdAt: old, updatedAt: old });
      // Opening it through the service logs the access without touching updatedAt.
      expect((await t.request(`/api/admin/contact/${inquiry.id}`, { cookie: staffCookie })).status).toBe(200);
      expect(await purgeExpiredInquiries(t.deps.db)).toBeGreaterThanOrEqual(1);
      const history = await (await t.request(`/api/admin/contact/${inquiry.id}/history`, { cookie: chiefCookie })).json();
      expect(history.map((entry: { action: string }) => entry.action)).toEqual(["purge", "open"]);
      expect(history[0]).toMatchObject({
        username: null,
        details: { days: 30 },
        inquiryDeleted: true,
        inquiry: `inquiry ${inquiry.id}, deleted`,
      });
    } finally {
      await t.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: false, days: 30 } }, cookie: chiefCookie });
    }
  });
});

describe("failed sign-ins", () => {
  async function login(username: string, password: string, ip: string) {
    return t.request("/api/admin/login", { json: { username, password }, ip });
  }

  it("an unknown username is not stored (a password typed as a username never lands in the log)", async () => {
    const typed = `Sunflower-${randomBytes(4).toString("hex")}-Password!`;
    expect((await login(typed, "whatever-was-typed", "203.0.113.90")).status).toBe(401);
    const rows = await t.deps.db.select().from(adminActivityLog).where(eq(adminActivityLog.ipAddress, "203.0.113.90"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "login_failed", adminId: null, username: null, details: { reason: "unknown_user" } });
    const all = rowsOf<{ text: string }>(await t.deps.db.execute(sql`select string_agg(t::text, ' ') as text from admin_activity_log t`));
    expect(all[0]!.text).not.toContain(typed);
  });

  it("an existing username is logged with its account (as the account spells it)", async () => {
    expect((await login(staff.username.toUpperCase(), "wrong-password-1", "203.0.113.91")).status).toBe(401);
    const rows = await t.deps.db.select().from(adminActivityLog).where(eq(adminActivityLog.ipAddress, "203.0.113.91"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "login_failed",
      adminId: staff.id,
      username: staff.username,
      details: { reason: "wrong_password" },
    });
  });
});
