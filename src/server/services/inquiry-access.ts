import { and, desc, eq, sql } from "drizzle-orm";
import type { HealthAccessReason } from "../../shared/permissions";
import { inquiryLabel, type InquiryAccessAction } from "../../shared/schemas/inquiries";
import type { Database } from "../db/client";
import { contactAccess, contactSubmissions, sessionHealthOpenings } from "../db/schema";
import { errors } from "../errors";
import { logActivity, type Actor } from "./activity";
import { INQUIRY_NOT_FOUND } from "./inquiry-desk";

/**
 * An inquiry's access history: one append-only line per act on it (opened, its health details opened
 * with a reason, exported, its status or assignee changed, a note added, deleted, purged), written by
 * the desk and by the retention purge, and read newest first; and the health details' openings kept
 * for the session, so a reason is asked once per inquiry per session.
 */

/** Whether this session has opened this inquiry's health details with a reason already. */
export async function healthOpenedInSession(db: Database, sessionId: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessionHealthOpenings.submissionId })
    .from(sessionHealthOpenings)
    .where(and(eq(sessionHealthOpenings.sessionId, sessionId), eq(sessionHealthOpenings.submissionId, id)));
  return row !== undefined;
}

/**
 * Health details opened with a reason: kept for the session (asked once per inquiry per session), the
 * reason (and its text for "other") in the inquiry's access history, the reason in the activity log.
 */
export async function recordHealthOpening(
  db: Database,
  actor: Actor,
  sessionId: string,
  id: number,
  reason: { reason: HealthAccessReason; text?: string; emergency: boolean },
): Promise<void> {
  await db.insert(sessionHealthOpenings).values({ sessionId, submissionId: id }).onConflictDoNothing();
  await recordAccess(db, actor, [id], "health", {
    reason: reason.reason,
    ...(reason.text ? { text: reason.text } : {}),
    ...(reason.emergency ? { emergency: true } : {}),
  });
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "health_open",
    resourceType: "contact_submission",
    resourceId: id,
    details: { reason: reason.reason, ...(reason.emergency ? { emergency: true } : {}) },
    ipAddress: actor.ip,
  });
}

export type AccessAction = InquiryAccessAction;

/**
 * One access-history row per inquiry, written by one statement whatever the number of ids. The
 * history is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and outlives the inquiry:
 * its last line says who deleted it, or that the retention purge did.
 */
export async function recordAccess(
  db: Pick<Database, "execute">,
  actor: { adminId: number | null; username: string | null; ip: string | null },
  ids: number[],
  action: AccessAction,
  details?: Record<string, unknown>,
) {
  if (ids.length === 0) return;
  await db.execute(sql`
    insert into ${contactAccess} (submission_id, admin_id, username, action, details, ip_address)
    select id, ${actor.adminId}, ${actor.username}, ${action}, ${details ? JSON.stringify(details) : null}::jsonb, ${actor.ip?.slice(0, 64) ?? null}
    from unnest(${`{${ids.join(",")}}`}::int[]) as id`);
}

/**
 * An inquiry's own access history, newest first: who opened, exported, changed, annotated or deleted
 * it. It outlives the inquiry: for a deleted one every entry says so ("inquiry 123, deleted"); 404
 * only when there is neither the inquiry nor any history of it.
 */
export async function inquiryHistory(db: Database, id: number) {
  const [[exists], entries] = await Promise.all([
    db.select({ id: contactSubmissions.id }).from(contactSubmissions).where(eq(contactSubmissions.id, id)),
    accessEntries(db, id),
  ]);
  if (!exists && entries.length === 0) throw errors.notFound(INQUIRY_NOT_FOUND);
  const inquiry = inquiryLabel(id, !exists);
  return entries.map((entry) => ({ ...entry, inquiryId: id, inquiryDeleted: !exists, inquiry }));
}

function accessEntries(db: Database, id: number) {
  return db
    .select({
      id: contactAccess.id,
      action: contactAccess.action,
      username: contactAccess.username,
      adminId: contactAccess.adminId,
      details: contactAccess.details,
      ipAddress: contactAccess.ipAddress,
      at: contactAccess.at,
    })
    .from(contactAccess)
    .where(eq(contactAccess.submissionId, id))
    .orderBy(desc(contactAccess.at), desc(contactAccess.id));
}
