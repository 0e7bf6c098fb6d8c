import { createHash, createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { CHAIN_HEAD_PATTERN } from "../../shared/schemas/activity";
import type { SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";

/**
 * The activity log's hash chain (docs/security.md, "Audit trail"). Each row carries `chain_seq` (its
 * place: 1, 2, 3 ... in commit order), `chain_key` (the id of the key of the ring that chained it) and
 * `chain_hash` = HMAC-SHA256(the key's audit key, previous row's chain_hash, "\n", the row's canonical
 * content). The audit key is derived from the key ring (auth/secret-box.ts, HKDF purpose "audit chain"),
 * is never stored in the database, and so whoever can write the database but lacks the key cannot
 * recompute a hash. Rows chained before the key (chain_key NULL) carry sha256 of the same text; the
 * first keyed row follows the last of them, so the log is one chain and its HMAC covers their hashes.
 *
 * The database computes the hash in a BEFORE INSERT trigger under a transaction lock (its hand-written
 * migration block), with the key each of the app's connections hands it (auditKeySetting, through
 * db/client.ts); a connection without it cannot add a line. This verifier recomputes every hash on its
 * own, in JavaScript, from the stored fields, each row by its own kind, and names the first that does
 * not match. Refusing UPDATE and DELETE is the triggers' job; the chain shows the change made anyway
 * (by the owner with the trigger disabled, or by writing the files). Rows removed from the end leave a
 * shorter chain that verifies: a head kept outside the database (each backup's manifest, the server's
 * log, `npm run audit -- head`) shows them (verifyChain's `head`).
 *
 * The canonical content (the same text as the SQL function admin_activity_log_message): the fields
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
  /** chain_key: null for a row chained before the key. */
  keyId: string | null;
  hash: string;
}

/** The chain's last entry: its place and hash ("seq:hash", as `npm run audit -- head` prints it). */
export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * Entries verified in their number and order only, not their content: 1..upTo (chained with keys not
 * loaded, keyIds, or before such an entry), and `later` entries after it chained with one of those keys
 * (an instance still on the older ring while the others restarted with the new key).
 */
export interface OrderOnly {
  upTo: number;
  keyIds: string[];
  later: number;
}

/** The last entry verified, and what the verification knew by then. */
export interface Checkpoint extends ChainHead {
  /** A keyed entry was seen: no entry without a key may follow. */
  keyed: boolean;
  /** An entry was verified with a loaded key: no entry under a key not loaded may follow. */
  anchored: boolean;
  orderOnly?: OrderOnly;
}

/** What the verifier needs of the key ring: the audit key of a key id. */
export type ChainKeys = Pick<SecretBox, "auditKey">;

export type ChainReport =
  | {
      intact: true;
      entries: number;
      /** The kept head the chain was checked against, when one was given. */
      head?: ChainHead;
      /** The oldest entries, when the ring no longer holds the key that chained them. */
      orderOnly?: OrderOnly;
    }
  | {
      intact: false;
      /** Rows verified before the broken one. */
      entries: number;
      /** The place in the chain where it breaks (missing_after: the kept head's place). */
      seq: number;
      /**
       * changed: the row's content or hash differs from what was chained; missing_before: rows before it
       * are gone; key_not_loaded: chained with a key the ring does not hold, after entries it verified
       * (not checked from there on);
       * not_head: the row at the kept head's place has another hash; missing_after: the chain ends before
       * the kept head (the newest rows were removed).
       */
      reason: "changed" | "missing_before" | "key_not_loaded" | "not_head" | "missing_after";
      /** The activity-log id of the first row that does not verify (none for missing_after). */
      brokenAt?: number;
      /** key_not_loaded: the key's id. */
      keyId?: string;
    };

function field(value: string | null): string {
  return value === null ? "-" : `${Buffer.byteLength(value, "utf8")}:${value}`;
}

export function canonicalContent(row: Omit<ChainRow, "hash" | "keyId">): string {
  return [row.seq, row.id, row.adminId, row.username, row.action, row.resourceType, row.resourceId, row.details, row.ipAddress, row.micros]
    .map(field)
    .join("|");
}

/** A row's hash: HMAC-SHA256 under its key's audit key, or plain sha256 for a row chained before the key (key null). */
export function chainHash(previous: string | null, row: Omit<ChainRow, "hash" | "keyId">, key: Uint8Array | null): string {
  return (key ? createHmac("sha256", key) : createHash("sha256"))
    .update(`${previous ?? ""}\n${canonicalContent(row)}`, "utf8")
    .digest("hex");
}

/**
 * What each of the app's connections hands the trigger (db/client.ts, setting clinic.audit_key): the
 * newest key's id and its audit key as HMAC's inner and outer padded keys (K xor ipad, K xor opad, 64
 * bytes each, hex), so the database's own sha256 makes the same HMAC-SHA256 as node:crypto:
 * sha256(outer || sha256(inner || text)). No pgcrypto needed.
 */
export function auditKeySetting(secrets: Pick<SecretBox, "keyId" | "auditKey">): string {
  const key = secrets.auditKey(secrets.keyId);
  if (!key) throw new Error("The key ring has no audit key");
  const padded = (byte: number) => Buffer.from(Array.from({ length: 64 }, (_, i) => (key[i] ?? 0) ^ byte)).toString("hex");
  return `${secrets.keyId}:${padded(0x36)}:${padded(0x5c)}`;
}

const BATCH = 5000;

/** drizzle's execute answers rows (postgres-js) or { rows } (PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Reads the whole chain in order, in batches of 5,000 (keyset on chain_seq, so rows appended while
 * it runs are read too, and memory stays flat), and recomputes every hash with the key its row names.
 * Rows only ever join at the end, in commit order (the trigger's lock), so the rows committed form a
 * gapless 1..N at any moment. With `head` (kept outside the database), the row at its place must hold
 * its hash and the chain must reach it: without one, a chain whose newest rows were removed verifies.
 *
 * A key taken out of the ring after a rotation: the oldest entries, up to the last one chained with a
 * key not loaded before the first the ring can check, are verified in their number and order only
 * (each entry checked covers the hash before it and its own place), not their content (orderOnly);
 * later entries under one of those keys too (written during the restarts of a rotation), counted
 * apart. A key not loaded that first shows after entries the ring verified is none a rotation left:
 * the check stops there (key_not_loaded).
 */
export async function verifyChain(
  db: Database,
  keys: ChainKeys,
  options: { batch?: number; after?: Checkpoint; head?: ChainHead } = {},
): Promise<ChainReport & { last?: Checkpoint }> {
  const { head } = options;
  const batch = options.batch ?? BATCH;
  let previous: string | null = options.after?.hash ?? null;
  let keyed = options.after?.keyed ?? false;
  let anchored = options.after?.anchored ?? false;
  let orderOnly = options.after?.orderOnly;
  let expected = (options.after?.seq ?? 0) + 1;
  let entries = options.after?.seq ?? 0;
  const loaded = new Map<string, Uint8Array | undefined>();
  for (let first = !options.after; ; first = false) {
    // The first batch from the lowest place whatever it is, so a row moved before 1 shows too.
    const from = first ? sql`true` : sql`chain_seq >= ${expected}`;
    const rows = rowsOf<ChainRow>(
      await db.execute(sql`
        select chain_seq::text as seq, id::text as id, admin_id::text as "adminId", username, action,
               resource_type as "resourceType", resource_id as "resourceId", details::text as details,
               ip_address as "ipAddress", floor(extract(epoch from "timestamp") * 1000000)::bigint::text as micros,
               chain_key as "keyId", chain_hash as hash
          from admin_activity_log
         where ${from}
         order by chain_seq
         limit ${batch}`),
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const broken = (reason: "changed" | "missing_before" | "key_not_loaded" | "not_head", keyId?: string) =>
        ({ intact: false, entries, brokenAt: Number(row.id), seq, reason, ...(keyId ? { keyId } : {}) }) as const;
      if (seq !== expected) return broken("missing_before");
      let key: Uint8Array | null = null;
      if (row.keyId !== null) {
        if (!loaded.has(row.keyId)) loaded.set(row.keyId, keys.auditKey(row.keyId));
        key = loaded.get(row.keyId) ?? null;
        if (!key && anchored && !orderOnly?.keyIds.includes(row.keyId)) return broken("key_not_loaded", row.keyId);
      }
      if (row.keyId !== null && !key) {
        orderOnly = anchored
          ? { ...orderOnly!, later: orderOnly!.later + 1 }
          : { upTo: seq, keyIds: [...new Set([...(orderOnly?.keyIds ?? []), row.keyId])], later: 0 };
      } else if ((keyed && !key) || chainHash(previous, row, key) !== row.hash) {
        // The trigger chains nothing without the key: a row without one after a keyed row is a rewrite.
        return broken("changed");
      }
      if (head && seq === head.seq && row.hash !== head.hash) return broken("not_head");
      keyed ||= row.keyId !== null;
      anchored ||= key !== null;
      previous = row.hash;
      expected += 1;
      entries += 1;
    }
    if (rows.length < batch) {
      if (head && head.seq >= expected) return { intact: false, entries, seq: head.seq, reason: "missing_after" };
      return {
        intact: true,
        entries,
        ...(head ? { head } : {}),
        ...(orderOnly ? { orderOnly } : {}),
        ...(previous ? { last: { seq: expected - 1, hash: previous, keyed, anchored, ...(orderOnly ? { orderOnly } : {}) } } : {}),
      };
    }
  }
}

/** The chain's last entry as the database holds it now (no verdict: verifyChain checks); a backup reads it in its snapshot. */
export const CHAIN_HEAD_QUERY = "select chain_seq::text as seq, chain_hash as hash from admin_activity_log order by chain_seq desc limit 1";

/** The chain's head now, or null while the log is empty. */
export async function chainHead(db: Database): Promise<ChainHead | null> {
  return headOf(rowsOf<{ seq: string; hash: string }>(await db.execute(sql.raw(CHAIN_HEAD_QUERY)))[0]);
}

export function headOf(row: { seq: string; hash: string } | undefined): ChainHead | null {
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

export function formatHead(head: ChainHead): string {
  return `${head.seq}:${head.hash}`;
}

/** "seq:hash" (CHAIN_HEAD_PATTERN), or null. */
export function parseHead(text: string): ChainHead | null {
  if (!CHAIN_HEAD_PATTERN.test(text)) return null;
  const [seq, hash] = text.split(":");
  return { seq: Number(seq), hash: hash! };
}

/** One line for people: the command line prints it, docs/operations.md quotes it. */
export function describeReport(report: ChainReport): string {
  const count = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;
  if (report.intact) {
    const kept = report.head ? ` The kept head (chain position ${report.head.seq}) matches.` : "";
    const keys = report.orderOnly?.keyIds.join(", ");
    const later = report.orderOnly?.later ? ` and ${count(report.orderOnly.later)} after them` : "";
    const orderOnly = report.orderOnly
      ? ` The first ${count(report.orderOnly.upTo)}${later} are verified in their number and order only, not ` +
        `their content: chained with key ${keys}, which is not loaded (or before such an entry).`
      : "";
    return `Audit trail intact: ${count(report.entries)} verified.${kept}${orderOnly}`;
  }
  const before = `${count(report.entries)} before it verified.`;
  switch (report.reason) {
    case "changed":
      return `Audit trail broken at entry #${report.brokenAt}: its content or hash was changed after it was written. ${before}`;
    case "missing_before":
      return (
        `Audit trail broken at entry #${report.brokenAt}: entries are missing before it (chain position ${report.seq}, ` +
        `expected ${report.entries + 1}). ${before}`
      );
    case "key_not_loaded":
      return (
        `Audit trail cannot be verified from entry #${report.brokenAt} on: it was chained with key ${report.keyId}, ` +
        `which is not loaded (SECRET_KEY, SECRET_KEYS_OLD or the key file). ${before}`
      );
    case "not_head":
      return (
        `Audit trail broken at entry #${report.brokenAt}: its hash is not the kept head's (chain position ${report.seq}): ` +
        `the entries up to it were rewritten, or the head is another database's. ${before}`
      );
    case "missing_after":
      return (
        `Audit trail broken: the newest entries were removed: the chain ends at position ${report.entries}, before ` +
        `the kept head's position ${report.seq}. ${count(report.entries)} verified.`
      );
  }
}

/** How long the screen may go on from its checkpoint before it verifies the whole chain again. */
export const FULL_PASS_EVERY_MS = 10 * 60_000;

const checkpoints = new WeakMap<Database, Checkpoint & { fullAt: number }>();

/**
 * The Activity Log screen's answer, quick at any size: the entries written since this instance last
 * verified (its checkpoint: the last entry's place and hash, kept in memory), after checking that the
 * checkpoint's entry still holds that hash; the whole chain again at the first look after a start,
 * every 10 minutes, and whenever the checkpoint's entry changed. A broken chain is never a checkpoint,
 * so it shows at every look until repaired. `npm run audit -- verify` always checks every entry. With
 * `head`, the whole chain against that kept head (the checkpoint is left as it was).
 */
export async function auditChainStatus(db: Database, keys: ChainKeys, options: { now?: number; head?: ChainHead } = {}) {
  const now = options.now ?? Date.now();
  if (options.head) return answerOf(await verifyChain(db, keys, { head: options.head }), now);
  const saved = checkpoints.get(db);
  let report: Awaited<ReturnType<typeof verifyChain>> | null = null;
  let full = false;
  if (saved && now - saved.fullAt < FULL_PASS_EVERY_MS) {
    const [held] = rowsOf<{ hash: string }>(
      await db.execute(sql`select chain_hash as hash from admin_activity_log where chain_seq = ${saved.seq}`),
    );
    if (held?.hash === saved.hash) report = await verifyChain(db, keys, { after: saved });
  }
  if (!report) {
    full = true;
    report = await verifyChain(db, keys);
  }
  if (report.intact && report.last) checkpoints.set(db, { ...report.last, fullAt: full ? now : saved!.fullAt });
  else checkpoints.delete(db);
  return answerOf(report, now);
}

/** The verdict as the screen gets it: without the checkpoint, which stays on the server. */
function answerOf(report: ChainReport & { last?: Checkpoint }, now: number) {
  if (report.intact) return { intact: true as const, entries: report.entries, orderOnly: report.orderOnly, checkedAt: new Date(now) };
  const { intact, entries, seq, reason, brokenAt, keyId } = report;
  return { intact, entries, seq, reason, brokenAt, keyId, checkedAt: new Date(now) };
}
