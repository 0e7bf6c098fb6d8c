import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * The activity log's hash chain (docs/security.md, "Audit trail"). Each row carries `chain_seq` (its place: 1,
 * 2, 3 ... in commit order) and `chain_hash` = sha256(previous row's chain_hash, "\n", the row's
 * canonical content). The database computes it in a BEFORE INSERT trigger under a transaction lock
 * (drizzle/0007_audit_trail.sql); this verifier recomputes every hash on its own, in JavaScript, from
 * the stored fields, and names the first row that does not match. Refusing UPDATE and DELETE is the
 * triggers' job; the chain shows the change made anyway (by the owner with the trigger disabled, or
 * by writing the files).
 *
 * The canonical content (the same text as the SQL function admin_activity_log_hash): the fields
 * chain_seq, id, admin_id, username, action, resource_type, resource_id, details (jsonb's own text),
 * ip_address and the time (microseconds since 1970), each as "-" when NULL, else its length in UTF-8
 * bytes, ":" and the text; joined by "|".
 */
export interface ChainRow {
  seq: string;
  id: string;
  adminId: string | null;
  username: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  details: string | null;
  ipAddress: string | null;
  micros: string;
  hash: string;
}

export type ChainReport =
  | { intact: true; entries: number }
  | {
      intact: false;
      /** Rows verified before the broken one. */
      entries: number;
      /** The activity-log id of the first row that does not verify. */
      brokenAt: number;
      /** Its place in the chain. */
      seq: number;
      reason: "changed" | "missing_before";
    };

function field(value: string | null): string {
  return value === null ? "-" : `${Buffer.byteLength(value, "utf8")}:${value}`;
}

export function canonicalContent(row: Omit<ChainRow, "hash">): string {
  return [row.seq, row.id, row.adminId, row.username, row.action, row.resourceType, row.resourceId, row.details, row.ipAddress, row.micros].map(field).join("|");
}

export function chainHash(previous: string | null, row: Omit<ChainRow, "hash">): string {
  return createHash("sha256")
    .update(`${previous ?? ""}\n${canonicalContent(row)}`, "utf8")
    .digest("hex");
}

const BATCH = 5000;

/** drizzle's execute answers rows (postgres-js) or { rows } (PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Reads the whole chain in order, in batches of 5,000 (keyset on chain_seq, so rows appended while
 * it runs are read too, and memory stays flat), and recomputes every hash. Rows only ever join at the
 * end, in commit order (the trigger's lock), so the rows committed form a gapless 1..N at any moment.
 */
export async function verifyChain(db: Database, options: { batch?: number; after?: Checkpoint } = {}): Promise<ChainReport & { last?: Checkpoint }> {
  const batch = options.batch ?? BATCH;
  let previous: string | null = options.after?.hash ?? null;
  let expected = (options.after?.seq ?? 0) + 1;
  let entries = options.after?.seq ?? 0;
  for (let first = !options.after; ; first = false) {
    // The first batch from the lowest place whatever it is, so a row moved before 1 shows too.
    const from = first ? sql`true` : sql`chain_seq >= ${expected}`;
    const rows = rowsOf<ChainRow>(
      await db.execute(sql`
        select chain_seq::text as seq, id::text as id, admin_id::text as "adminId", username, action,
               resource_type as "resourceType", resource_id as "resourceId", details::text as details,
               ip_address as "ipAddress", floor(extract(epoch from "timestamp") * 1000000)::bigint::text as micros,
               chain_hash as hash
          from admin_activity_log
         where ${from}
         order by chain_seq
         limit ${batch}`),
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expected) return { intact: false, entries, brokenAt: Number(row.id), seq, reason: "missing_before" };
      if (chainHash(previous, row) !== row.hash) return { intact: false, entries, brokenAt: Number(row.id), seq, reason: "changed" };
      previous = row.hash;
      expected += 1;
      entries += 1;
    }
    if (rows.length < batch) return { intact: true, entries, ...(previous ? { last: { seq: expected - 1, hash: previous } } : {}) };
  }
}

/** The last entry verified: its place and its hash. */
export interface Checkpoint {
  seq: number;
  hash: string;
}

/** One line for people: the command line prints it, docs/operations.md quotes it. */
export function describeReport(report: ChainReport): string {
  if (report.intact) return `Audit trail intact: ${report.entries} ${report.entries === 1 ? "entry" : "entries"} verified.`;
  const why =
    report.reason === "changed"
      ? "its content or hash was changed after it was written"
      : `entries are missing before it (chain position ${report.seq}, expected ${report.entries + 1})`;
  return `Audit trail broken at entry #${report.brokenAt}: ${why}. ${report.entries} ${report.entries === 1 ? "entry" : "entries"} before it verified.`;
}

/** How long the screen may go on from its checkpoint before it verifies the whole chain again. */
export const FULL_PASS_EVERY_MS = 10 * 60_000;

const checkpoints = new WeakMap<Database, Checkpoint & { fullAt: number }>();

/**
 * The Activity Log screen's answer, quick at any size: the entries written since this instance last
 * verified (its checkpoint: the last entry's place and hash, kept in memory), after checking that the
 * checkpoint's entry still holds that hash; the whole chain again at the first look after a start,
 * every 10 minutes, and whenever the checkpoint's entry changed. A broken chain is never a checkpoint,
 * so it shows at every look until repaired. `npm run audit -- verify` always checks every entry.
 */
export async function auditChainStatus(db: Database, now = Date.now()) {
  const saved = checkpoints.get(db);
  let report: Awaited<ReturnType<typeof verifyChain>> | null = null;
  let full = false;
  if (saved && now - saved.fullAt < FULL_PASS_EVERY_MS) {
    const [held] = rowsOf<{ hash: string }>(await db.execute(sql`select chain_hash as hash from admin_activity_log where chain_seq = ${saved.seq}`));
    if (held?.hash === saved.hash) report = await verifyChain(db, { after: saved });
  }
  if (!report) {
    full = true;
    report = await verifyChain(db);
  }
  if (report.intact && report.last) checkpoints.set(db, { ...report.last, fullAt: full ? now : saved!.fullAt });
  else checkpoints.delete(db);
  const { last: _last, ...answer } = report;
  return { ...answer, checkedAt: new Date(now) };
}
