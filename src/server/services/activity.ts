import { and, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { accessDeniedCounts, adminActivityLog, contactSubmissions } from "../db/schema";
import { errors } from "../errors";
import { readPage } from "./paging";

/**
 * The audit trail (docs/security.md, Activity log): sign-ins, lockouts, 2FA and passkey changes, every create, update
 * and delete, every read, opening, note and export of contact submissions, and each retention purge.
 * Details never hold a password, code, token or health detail: callers pass names and counts only.
 */
export type ActivityAction =
  | "login"
  | "login_failed"
  /**
   * A signed-in user's password or code, asked again before an act (the backup dialog, "Confirm it's
   * you", one's own password change), was wrong: counted toward the sign-in lockout like a failed
   * sign-in, but logged as what it was (issue 36), its reason naming where ("backup_wrong_code").
   */
  | "identity_check_failed"
  | "lockout"
  | "logout"
  | "create"
  | "update"
  | "delete"
  | "restore"
  | "read"
  | "open"
  | "note"
  | "export"
  | "purge"
  | "password_change"
  | "password_reset"
  | "2fa_setup"
  | "2fa_enable"
  | "2fa_disable"
  | "backup_code_used"
  | "passkey_add"
  | "passkey_rename"
  | "passkey_remove"
  | "backup"
  | "fresh_check"
  | "session_end"
  /** A procedure refused for want of a permission (issue 24): which permission, which procedure. */
  | "access_denied"
  /** Emergency access to health details started (issue 24): highlighted in the log, the Super Administrators are mailed. */
  | "emergency_access"
  /** Health details of an inquiry opened, with the reason given. */
  | "health_open";

export interface ActivityEntry {
  adminId: number | null;
  username: string | null;
  action: ActivityAction;
  resourceType?: string | null;
  resourceId?: string | number | null;
  details?: Record<string, unknown> | null;
  ipAddress: string | null;
}

/** Who changed something: a signed-in staff member (and the address they came from), or the command line. */
export interface Actor {
  adminId: number | null;
  username: string;
  ip: string;
}

export const COMMAND_LINE: Actor = { adminId: null, username: "command line", ip: "cli" };

export function actorOf(ctx: { auth: { user: { id: number; username: string } }; ip: string }): Actor {
  return { adminId: ctx.auth.user.id, username: ctx.auth.user.username, ip: ctx.ip };
}

/**
 * A change written beside the write itself, by the service that made it: who, what, which record
 * (its id) and its readable name ("Ozone Therapy", "jane", "Home page, Hero, Title").
 */
export async function recordChange(
  db: Database,
  actor: Actor,
  change: {
    action: ActivityAction;
    resourceType: string;
    resourceId: number | string | null;
    label: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: change.action,
    resourceType: change.resourceType,
    resourceId: change.resourceId,
    details: { label: change.label.slice(0, 200), ...change.details },
    ipAddress: actor.ip,
  });
}

/** How the activity log and the "not found" answer name one kind of record staff edit. */
export interface RecordKind<Row> {
  resourceType: string;
  notFound: string;
  /** The readable name the log shows ("Ozone Therapy", "jane", "Home page, Hero, Title"). */
  label(row: Row): string;
  details?(row: Row): Record<string, unknown>;
}

/**
 * The row a create, update, delete or restore (of an earlier version) returned, with its activity-log
 * line written; no row means the record does not exist (404 with the kind's message, and nothing
 * logged). `details` add to the kind's own (a restore names the versions).
 */
export async function recordWrite<Row extends { id: number }>(
  db: Database,
  actor: Actor,
  action: "create" | "update" | "delete" | "restore",
  kind: RecordKind<Row>,
  row: Row | undefined,
  details?: Record<string, unknown>,
): Promise<Row> {
  if (!row) throw errors.notFound(kind.notFound);
  const all = kind.details || details ? { ...kind.details?.(row), ...details } : undefined;
  await recordChange(db, actor, { action, resourceType: kind.resourceType, resourceId: row.id, label: kind.label(row), details: all });
  return row;
}

export async function logActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await insertActivity(db, entry);
}

async function insertActivity(db: Database, entry: ActivityEntry): Promise<number> {
  const [row] = await db
    .insert(adminActivityLog)
    .values({
      adminId: entry.adminId,
      username: entry.username?.slice(0, 200) ?? null,
      action: entry.action,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId == null ? null : String(entry.resourceId).slice(0, 100),
      details: entry.details ?? null,
      ipAddress: entry.ipAddress?.slice(0, 64) ?? null,
    })
    .returning({ id: adminActivityLog.id });
  return row!.id;
}

/** How long the refusals' counts per minute are kept (the hourly housekeeping deletes older ones). */
export const REFUSAL_COUNTS_KEPT_DAYS = 30;

/**
 * A refusal (a permission check said no), counted per account and minute so that refusals cannot grow
 * the append-only log without bound: one statement adds it to the minute's count (atomic on both
 * engines, whatever the instances and connections), and only the refusal that makes the count 1 writes
 * the minute's access_denied line, with what it refused; the activity list shows that line with the
 * minute's count. One transaction, so a count never stands without its line. Answers the count.
 */
export async function logRefusal(
  db: Database,
  entry: ActivityEntry & { adminId: number; action: "access_denied" },
  now = new Date(),
): Promise<number> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const mine = and(eq(accessDeniedCounts.adminId, entry.adminId), eq(accessDeniedCounts.minute, minute));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessDeniedCounts)
      .values({ adminId: entry.adminId, minute, count: 1 })
      .onConflictDoUpdate({
        target: [accessDeniedCounts.adminId, accessDeniedCounts.minute],
        set: { count: sql`${accessDeniedCounts.count} + 1` },
      })
      .returning({ count: accessDeniedCounts.count });
    if (row!.count === 1) {
      const activityId = await insertActivity(tx, entry);
      await tx.update(accessDeniedCounts).set({ activityId }).where(mine);
    }
    return row!.count;
  });
}

export interface ActivityQuery {
  page: number;
  pageSize: number;
  adminId?: number;
  action?: string;
}

/** Newest first, paginated, optionally filtered by admin and action. */
export async function listActivity(db: Database, query: ActivityQuery) {
  const filters: SQL[] = [];
  if (query.adminId) filters.push(eq(adminActivityLog.adminId, query.adminId));
  if (query.action) filters.push(eq(adminActivityLog.action, query.action));
  const where = filters.length ? and(...filters) : undefined;
  return readPage(
    db,
    query,
    db
      .select({
        ...getTableColumns(adminActivityLog),
        chainSeq: sql<number>`${adminActivityLog.chainSeq}`.mapWith(Number),
        chainHash: sql<string>`${adminActivityLog.chainHash}`,
        // An access_denied line: the refusals of its account in its minute (logRefusal).
        refusals: sql<number | null>`(select ${accessDeniedCounts.count} from ${accessDeniedCounts}
          where ${accessDeniedCounts.activityId} = ${adminActivityLog.id})`.mapWith(Number),
        // An entry about one inquiry that is gone: the screen says "inquiry 123, deleted".
        inquiryDeleted:
          sql<boolean>`case when ${adminActivityLog.resourceType} = 'contact_submission' and ${adminActivityLog.resourceId} ~ '^[0-9]{1,9}$'
          then not exists (select 1 from ${contactSubmissions} where ${contactSubmissions.id} = ${adminActivityLog.resourceId}::int) else false end`.mapWith(
            Boolean,
          ),
      })
      .from(adminActivityLog)
      .where(where)
      .orderBy(desc(adminActivityLog.timestamp), desc(adminActivityLog.id)),
    adminActivityLog,
    where,
  );
}
