import { and, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { contactSubmissions } from "../db/schema";
import { logActivity } from "./activity";
import { recordAccess } from "./inquiry-access";
import { getSettings } from "./settings";

/** Any fixed number: the transaction lock that lets one purge run at a time across instances. */
const PURGE_LOCK_ID = 727_002;

/**
 * Retention (Settings, super admins): Closed and Spam inquiries are deleted N days after their last
 * change, with their notes; their access history stays (append-only) and ends with the purge. The server runs this at start and daily; one
 * purge runs
 * at a time across instances (a transaction-scoped advisory lock: an instance that finds it taken skips
 * its turn). Each purge goes to the activity log as a count, with nothing of any inquiry.
 * Returns the number deleted, or null when retention is off or another instance is purging.
 */
export async function purgeExpiredInquiries(db: Database, now = new Date()): Promise<number | null> {
  const { retention } = await getSettings(db);
  if (!retention.enabled) return null;
  const cutoff = new Date(now.getTime() - retention.days * 24 * 60 * 60_000);
  const deleted = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_ID}) as locked`));
    if (!lock?.locked) return null;
    const rows = await tx
      .delete(contactSubmissions)
      .where(and(inArray(contactSubmissions.status, ["closed", "spam"]), lt(contactSubmissions.updatedAt, cutoff)))
      .returning({ id: contactSubmissions.id });
    // Each purged inquiry's access history stays, and ends with the purge (in the same transaction).
    await recordAccess(
      tx,
      { adminId: null, username: null, ip: null },
      rows.map((row) => row.id),
      "purge",
      { days: retention.days },
    );
    return rows.length;
  });
  if (deleted === null) return null;
  await logActivity(db, {
    adminId: null,
    username: null,
    action: "purge",
    resourceType: "contact_submission",
    details: { count: deleted, days: retention.days },
    ipAddress: null,
  });
  return deleted;
}

/** drizzle's execute answers rows (postgres-js) or { rows } (PGlite). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
