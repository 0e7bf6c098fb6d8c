import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createSecretBox, newSecretKey } from "../src/server/auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { logActivity } from "../src/server/services/activity";
import { auditChainStatus, auditKeySetting, verifyChain } from "../src/server/services/audit-chain";

/**
 * `npm run bench:audit`: the activity log's hash chain at BENCH_ENTRIES entries (50,000 by default):
 * the time to write them (each through the chaining trigger) and to verify them all, as
 * `npm run audit -- verify` does (and the Activity Log screen at its first look), then the screen's next
 * look from its checkpoint, on a data folder of its own; with
 * BENCH_DATABASE_URL also on PostgreSQL (a database of its own, dropped at the end).
 */
const N = Number(process.env.BENCH_ENTRIES ?? 50_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
// A key ring of its own: the trigger chains with its audit key (HMAC-SHA256), the verifier checks with it.
const secrets = createSecretBox(newSecretKey());
const open = { auditKey: auditKeySetting(secrets) };

async function run(label: string, handle: DatabaseHandle) {
  await handle.migrate();
  let started = performance.now();
  for (let from = 0; from < N; from += 5000) {
    await handle.db.execute(sql`
      insert into admin_activity_log (admin_id, username, action, resource_type, resource_id, details, ip_address)
      select 1, 'jane', 'open', 'contact_submission', i::text, jsonb_build_object('count', i, 'format', 'csv'), '203.0.113.7'
        from generate_series(${from + 1}::int, ${Math.min(from + 5000, N)}::int) as i`);
  }
  const wrote = performance.now() - started;
  const times: number[] = [];
  let entries = 0;
  for (let round = 0; round < 3; round++) {
    started = performance.now();
    const report = await verifyChain(handle.db, secrets);
    times.push(performance.now() - started);
    if (!report.intact) throw new Error(`broken: ${JSON.stringify(report)}`);
    entries = report.entries;
  }
  times.sort((a, b) => a - b);
  // The Activity Log screen: its first look verifies everything; the next, the 10 entries written since.
  await auditChainStatus(handle.db, secrets);
  for (let i = 0; i < 10; i++) await logActivity(handle.db, { adminId: 1, username: "jane", action: "read", ipAddress: "203.0.113.7" });
  started = performance.now();
  const next = await auditChainStatus(handle.db, secrets);
  const screen = performance.now() - started;
  if (!next.intact || next.entries !== N + 10) throw new Error(`screen: ${JSON.stringify(next)}`);
  console.log(`${label}: the screen's next look (10 new entries, from its checkpoint) took ${screen.toFixed(0)} ms`);
  console.log(
    `${label}: wrote ${N} entries through the trigger in ${(wrote / 1000).toFixed(1)} s; verified ${entries} in ${(times[1]! / 1000).toFixed(2)} s (median of 3; ${times.map((t) => (t / 1000).toFixed(2)).join(", ")})`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "clinic-bench-audit-"));
try {
  await run("embedded (PGlite)", await openPglite({ dataDir: dir }, open));
  if (PG_URL) {
    const name = `clinic_bench_audit_${process.pid}`;
    const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), open);
    try {
      await run("PostgreSQL", handle);
    } finally {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
