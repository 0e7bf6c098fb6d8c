import type { InquiryAccessAction } from "../../shared/schemas/inquiries";
import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  inquiryLabel,
  REPLY_PROMISE_HOURS,
  type InquiryFilter,
  type InquiryPageInput,
  type InquiryStatus,
} from "../../shared/schemas/inquiries";
import type { SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { adminUsers, contactAccess, contactNotes, contactStatusCounts, contactSubmissions, sessionHealthOpenings } from "../db/schema";
import type { HealthAccessReason } from "../../shared/permissions";
import { errors } from "../errors";
import { logActivity, type Actor } from "./activity";
import type { SpamReason } from "./form-token";
import { healthAt, nextId, noteAt, openIdentity, safeDecrypt, searchCondition, serviceCondition, UNREADABLE } from "./inquiry-identity";
import { pageOf, rowsBefore } from "./paging";

export { safeDecrypt, UNREADABLE };

/**
 * The inquiry desk: staff work through appointment inquiries. Pages of the list (with filters, search
 * and the total), one inquiry opened with its health details (logged, with its id, in the activity
 * log and in the inquiry's own access history), status and assignee changes, encrypted notes, and
 * row-by-row streams of every inquiry a filter matches (the REST list and the CSV export), so 50,000
 * inquiries never sit in memory at once. Health details and notes are decrypted only when an inquiry
 * is opened or exported; the list says whether there are health details without reading them. Who sent
 * an inquiry is encrypted too (./inquiry-identity.ts): the list decrypts the identities of its page
 * only, and search and the service filter go through the blind index.
 */

export const INQUIRY_NOT_FOUND = "Inquiry not found";
const REPLY_PROMISE_MS = REPLY_PROMISE_HOURS * 60 * 60_000;

/** An inquiry still New after the reply promise (24 hours) has passed. */
export function isOverdue(row: { status: string; createdAt: Date }, now = new Date()): boolean {
  return row.status === "new" && now.getTime() - row.createdAt.getTime() > REPLY_PROMISE_MS;
}

/**
 * Which inquiries a staff member may see (issue 24): all (null), or, for a role that sees only its
 * own, those assigned to them or to nobody.
 */
export type InquiryScope = { assignedTo: number } | null;

/** The scope of a staff member whose role is `access` (one rule for the desk, the dashboard and the live counts). */
export function inquiryScopeOf(access: { assignedOnly: boolean }, userId: number): InquiryScope {
  return access.assignedOnly ? { assignedTo: userId } : null;
}

function scopeCondition(scope: InquiryScope): SQL | undefined {
  return scope ? or(eq(contactSubmissions.assigneeId, scope.assignedTo), isNull(contactSubmissions.assigneeId)) : undefined;
}

export const OUT_OF_SCOPE = "Access Denied - Your role sees only inquiries assigned to you or unassigned";

/** 404 for an unknown inquiry; 403 for one outside the caller's scope (assigned to someone else). */
export async function assertInquiryInScope(db: Database, id: number, scope: InquiryScope): Promise<void> {
  const [row] = await db
    .select({ assigneeId: contactSubmissions.assigneeId })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id));
  if (!row) throw errors.notFound(INQUIRY_NOT_FOUND);
  if (scope && row.assigneeId !== null && row.assigneeId !== scope.assignedTo) throw errors.forbidden(OUT_OF_SCOPE);
}

/**
 * Whether an opened inquiry shows its health details: "shown"; "reason_needed" (the caller may open
 * them, and has not given a reason for this inquiry in this session); "not_allowed" (the role does not
 * open health details and no emergency access is live).
 */
export type HealthState = "shown" | "reason_needed" | "not_allowed";

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

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The SQL conditions of a filter (every part optional). The search and the service filter go through
 * the blind index (./inquiry-identity.ts): e-mail whole, phone digits whole or their ending (4+), name
 * words whole or by their first 3+ letters.
 */
export function filterConditions(secrets: SecretBox, filter: InquiryFilter, scope: InquiryScope = null): SQL | undefined {
  const t = contactSubmissions;
  const conditions: Array<SQL | undefined> = [scopeCondition(scope)];
  if (filter.q) conditions.push(searchCondition(secrets, filter.q));
  if (filter.status) conditions.push(eq(t.status, filter.status));
  if (filter.service) conditions.push(serviceCondition(secrets, filter.service));
  if (filter.assigneeId === "none") conditions.push(isNull(t.assigneeId));
  else if (filter.assigneeId !== undefined) conditions.push(eq(t.assigneeId, filter.assigneeId));
  if (filter.from) conditions.push(gte(t.createdAt, filter.from));
  if (filter.to) conditions.push(lte(t.createdAt, filter.to));
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/** What the activity log may say of a filter: which parts were used, never the search text. */
export function describeFilter(filter: InquiryFilter): Record<string, unknown> {
  return {
    ...(filter.q ? { search: true } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.service ? { service: filter.service } : {}),
    ...(filter.assigneeId !== undefined ? { assigneeId: filter.assigneeId } : {}),
    ...(filter.from ? { from: filter.from.toISOString() } : {}),
    ...(filter.to ? { to: filter.to.toISOString() } : {}),
  };
}

const assignee = alias(adminUsers, "assignee");
const changer = alias(adminUsers, "status_changer");

/** The columns of an inquiry that the list shows: no health details, no notes, just their presence. */
const summaryColumns = {
  id: contactSubmissions.id,
  createdAt: contactSubmissions.createdAt,
  updatedAt: contactSubmissions.updatedAt,
  identity: contactSubmissions.identity,
  availabilityDays: contactSubmissions.availabilityDays,
  availabilityTimes: contactSubmissions.availabilityTimes,
  optInTexting: contactSubmissions.optInTexting,
  hasHealthDetails: contactSubmissions.hasHealthDetails,
  status: contactSubmissions.status,
  statusChangedAt: contactSubmissions.statusChangedAt,
  statusChangedBy: changer.username,
  assigneeId: contactSubmissions.assigneeId,
  assigneeUsername: assignee.username,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  noteCount: sql<number>`(select count(*)::int from ${contactNotes} where ${contactNotes.submissionId} = ${contactSubmissions.id})`,
};

function personName(firstName: string | null, lastName: string | null, username: string): string {
  const full = [firstName, lastName].filter(Boolean).join(" ");
  return full || username;
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

function toSummary(secrets: SecretBox, row: SummaryRow, now: Date) {
  const { assigneeUsername, assigneeFirstName, assigneeLastName, identity: sealed, ...rest } = row;
  const { consentReceipt: _receipt, ...identity } = openIdentity(secrets, row.id, sealed);
  return {
    ...rest,
    ...identity,
    status: row.status as InquiryStatus,
    assignee:
      row.assigneeId !== null && assigneeUsername
        ? { id: row.assigneeId, username: assigneeUsername, name: personName(assigneeFirstName, assigneeLastName, assigneeUsername) }
        : null,
    overdue: isOverdue(row, now),
  };
}

export type InquirySummary = ReturnType<typeof toSummary>;

function summaryQuery(db: Database) {
  return db
    .select(summaryColumns)
    .from(contactSubmissions)
    .leftJoin(assignee, eq(assignee.id, contactSubmissions.assigneeId))
    .leftJoin(changer, eq(changer.id, contactSubmissions.statusChangedBy));
}

/**
 * How many inquiries a filter matches. With no filter, or a status alone, the answer is read from the
 * per-status counts the database keeps (one small read however many inquiries there are); any other
 * filter counts its matches.
 */
async function countMatching(db: Database, secrets: SecretBox | null, filter: InquiryFilter, scope: InquiryScope = null): Promise<number> {
  const onlyStatus = !scope && !filter.q && !filter.service && filter.assigneeId === undefined && !filter.from && !filter.to;
  if (onlyStatus) {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${contactStatusCounts.total}), 0)::int` })
      .from(contactStatusCounts)
      .where(filter.status ? eq(contactStatusCounts.status, filter.status) : undefined);
    return row?.total ?? 0;
  }
  if (!secrets) throw new Error("A search or a service filter needs the secret box");
  const [row] = await db
    .select({ value: count() })
    .from(contactSubmissions)
    .where(filterConditions(secrets, filter, scope));
  return row?.value ?? 0;
}

/** One page of the list, with the total the filter matches. The read is logged (without the search text). */
export async function listInquiryPage(
  db: Database,
  secrets: SecretBox,
  actor: Actor,
  input: InquiryPageInput,
  now = new Date(),
  scope: InquiryScope = null,
) {
  const where = filterConditions(secrets, input, scope);
  const order =
    input.sort === "oldest"
      ? [asc(contactSubmissions.createdAt), asc(contactSubmissions.id)]
      : [desc(contactSubmissions.createdAt), desc(contactSubmissions.id)];
  const [rows, total] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset(rowsBefore(input)),
    countMatching(db, secrets, input, scope),
  ]);
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "read",
    resourceType: "contact_submission",
    details: { page: input.page, pageSize: input.pageSize, count: rows.length, total, ...describeFilter(input) },
    ipAddress: actor.ip,
  });
  return pageOf(
    input,
    rows.map((row) => toSummary(secrets, row, now)),
    total,
  );
}

export type InquiryRow = Omit<typeof contactSubmissions.$inferSelect, "searchTerms">;

/** Every column but the blind index (hashes nobody reads back: not worth carrying through an export). */
const { searchTerms: _searchTerms, ...rowColumns } = getTableColumns(contactSubmissions);

/** A whole inquiry with its identity and health details decrypted (an opening or an export: the caller logs it). */
export type FullInquiry = Omit<InquiryRow, "healthConditions" | "identity" | "searchTerms"> &
  ReturnType<typeof openIdentity> & { healthConditions: string | null };

function decryptRow(secrets: SecretBox, row: InquiryRow): FullInquiry {
  const { identity, ...rest } = row;
  return {
    ...rest,
    ...openIdentity(secrets, row.id, identity),
    healthConditions: row.healthConditions ? safeDecrypt(secrets, row.healthConditions, healthAt(row.id)) : null,
  };
}

const STREAM_BATCH = 500;

/**
 * Every inquiry the filter matches, newest first, read in batches of 500 by keyset (the last row's
 * creation time at full precision, then its id), so memory stays flat whatever the count. Yields one
 * batch at a time, with health details decrypted.
 */
export async function* inquiryBatches(
  db: Database,
  secrets: SecretBox,
  filter: InquiryFilter,
  scope: InquiryScope = null,
): AsyncGenerator<FullInquiry[]> {
  const where = filterConditions(secrets, filter, scope);
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${contactSubmissions.createdAt}, ${contactSubmissions.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined;
    const rows: Array<{ row: InquiryRow; at: string }> = await db
      .select({ row: rowColumns, at: sql<string>`${contactSubmissions.createdAt}::text` })
      .from(contactSubmissions)
      .where(and(where, after))
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(STREAM_BATCH);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => decryptRow(secrets, row));
    if (rows.length < STREAM_BATCH) return;
    const last: { row: InquiryRow; at: string } = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.row.id };
  }
}

/**
 * A stream of whole inquiries for an export (REST's full list, the CSV): each batch's inquiries get
 * an "export" entry in their access history as it goes out, and when the stream ends (finished or
 * cut off) the activity log gets one line with the filter and the number of rows sent.
 */
export async function* exportInquiries(
  db: Database,
  secrets: SecretBox,
  actor: Actor,
  filter: InquiryFilter,
  format: "csv" | "json",
  /** The caller's scope, and whether their role opens health details (else every healthConditions is null). */
  options: { scope?: InquiryScope; withHealth?: boolean } = {},
): AsyncGenerator<FullInquiry[]> {
  let sent = 0;
  let complete = false;
  const withHealth = options.withHealth ?? true;
  try {
    for await (const batch of inquiryBatches(db, secrets, filter, options.scope ?? null)) {
      await recordAccess(
        db,
        actor,
        batch.map((row) => row.id),
        "export",
        withHealth ? { format } : { format, healthDetails: false },
      );
      yield withHealth ? batch : batch.map((row) => ({ ...row, healthConditions: null }));
      sent += batch.length;
    }
    complete = true;
  } finally {
    await logActivity(db, {
      adminId: actor.adminId,
      username: actor.username,
      // The REST list of every inquiry is a read in the activity log; in each inquiry's history it is an export (format json).
      action: format === "json" ? "read" : "export",
      resourceType: "contact_submission",
      details: { format, count: sent, complete, ...describeFilter(filter) },
      ipAddress: actor.ip,
    });
  }
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

async function findSummary(db: Database, secrets: SecretBox, id: number, now = new Date()): Promise<InquirySummary> {
  const [row] = await summaryQuery(db).where(eq(contactSubmissions.id, id));
  if (!row) throw errors.notFound(INQUIRY_NOT_FOUND);
  return toSummary(secrets, row, now);
}

/**
 * Opens one inquiry: everything and its notes decrypted, its health details when `health` is "shown"
 * (else null, and the answer's healthAccess says why). Logged with its id, twice over.
 */
export async function openInquiry(db: Database, secrets: SecretBox, actor: Actor, id: number, health: HealthState = "shown") {
  const [row] = await db.select(rowColumns).from(contactSubmissions).where(eq(contactSubmissions.id, id));
  if (!row) throw errors.notFound(INQUIRY_NOT_FOUND);
  const [summary, notes] = await Promise.all([
    findSummary(db, secrets, id),
    db.select().from(contactNotes).where(eq(contactNotes.submissionId, id)).orderBy(asc(contactNotes.createdAt), asc(contactNotes.id)),
  ]);
  await recordAccess(db, actor, [id], "open");
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "open",
    resourceType: "contact_submission",
    resourceId: id,
    ipAddress: actor.ip,
  });
  return {
    ...summary,
    healthConditions: health === "shown" && row.healthConditions ? safeDecrypt(secrets, row.healthConditions, healthAt(id)) : null,
    healthAccess: health,
    privacyPolicy: row.privacyPolicy,
    hipaaConsent: row.hipaaConsent,
    termsAndConditions: row.termsAndConditions,
    consentReceipt: openIdentity(secrets, id, row.identity).consentReceipt,
    /** Why the form judged it spam on arrival, so staff can tell a bot's from a person's marked by hand. */
    spamReason: row.spamReason as SpamReason | null,
    notes: notes.map((note) => ({
      id: note.id,
      authorId: note.authorId,
      authorName: note.authorName,
      createdAt: note.createdAt,
      text: safeDecrypt(secrets, note.body, noteAt(note.id)),
    })),
  };
}

export type OpenedInquiry = Awaited<ReturnType<typeof openInquiry>>;

/** The staff an inquiry can be assigned to: active admins and super admins. */
export async function listAssignees(db: Database) {
  const rows = await db
    .select({ id: adminUsers.id, username: adminUsers.username, firstName: adminUsers.firstName, lastName: adminUsers.lastName })
    .from(adminUsers)
    .where(eq(adminUsers.isActive, true))
    .orderBy(asc(adminUsers.username));
  return rows.map((row) => ({ id: row.id, username: row.username, name: personName(row.firstName, row.lastName, row.username) }));
}

/**
 * A new status (who set it and when is kept), a new assignee (an active staff member, or null), or
 * both. Each change goes to the inquiry's access history and to the activity log.
 */
export async function updateInquiry(
  db: Database,
  secrets: SecretBox,
  actor: Actor,
  input: { id: number; status?: InquiryStatus; assigneeId?: number | null },
  now = new Date(),
) {
  const [current] = await db
    .select({ status: contactSubmissions.status, assigneeId: contactSubmissions.assigneeId })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, input.id));
  if (!current) throw errors.notFound(INQUIRY_NOT_FOUND);
  if (input.assigneeId != null) {
    const [staff] = await db.select({ isActive: adminUsers.isActive }).from(adminUsers).where(eq(adminUsers.id, input.assigneeId));
    if (!staff?.isActive) throw errors.invalidField(["assigneeId"], "Choose an active staff member");
  }
  const statusChanged = input.status !== undefined && input.status !== current.status;
  const assigneeChanged = input.assigneeId !== undefined && input.assigneeId !== current.assigneeId;
  if (statusChanged || assigneeChanged) {
    await db
      .update(contactSubmissions)
      .set({
        ...(statusChanged ? { status: input.status, statusChangedAt: now, statusChangedBy: actor.adminId } : {}),
        ...(assigneeChanged ? { assigneeId: input.assigneeId } : {}),
        updatedAt: now,
      })
      .where(eq(contactSubmissions.id, input.id));
    const changes: Record<string, unknown> = {};
    if (statusChanged) {
      changes.status = { from: current.status, to: input.status };
      await recordAccess(db, actor, [input.id], "status", { from: current.status, to: input.status });
    }
    if (assigneeChanged) {
      changes.assigneeId = { from: current.assigneeId, to: input.assigneeId };
      await recordAccess(db, actor, [input.id], "assign", { from: current.assigneeId, to: input.assigneeId ?? null });
    }
    await logActivity(db, {
      adminId: actor.adminId,
      username: actor.username,
      action: "update",
      resourceType: "contact_submission",
      resourceId: input.id,
      details: changes,
      ipAddress: actor.ip,
    });
  }
  return findSummary(db, secrets, input.id, now);
}

/** A note on an inquiry, stored encrypted; its author and time are kept. */
export async function addInquiryNote(
  db: Database,
  secrets: SecretBox,
  actor: Actor,
  input: { id: number; text: string },
  now = new Date(),
) {
  const [exists] = await db.select({ id: contactSubmissions.id }).from(contactSubmissions).where(eq(contactSubmissions.id, input.id));
  if (!exists) throw errors.notFound(INQUIRY_NOT_FOUND);
  // The note's id first: its ciphertext is bound to it.
  const noteId = await nextId(db, "contact_notes");
  const [note] = await db
    .insert(contactNotes)
    .overridingSystemValue()
    .values({
      id: noteId,
      submissionId: input.id,
      authorId: actor.adminId,
      authorName: actor.username,
      body: secrets.encrypt(input.text, noteAt(noteId)),
      createdAt: now,
    })
    .returning();
  await db.update(contactSubmissions).set({ updatedAt: now }).where(eq(contactSubmissions.id, input.id));
  await recordAccess(db, actor, [input.id], "note");
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "note",
    resourceType: "contact_submission",
    resourceId: input.id,
    ipAddress: actor.ip,
  });
  return { id: note!.id, authorId: note!.authorId, authorName: note!.authorName, createdAt: note!.createdAt, text: input.text };
}

/** Deletes an inquiry with its notes (super admins; the router checks); its access history stays and says who deleted it. */
export async function deleteInquiry(db: Database, actor: Actor, id: number) {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(contactSubmissions).where(eq(contactSubmissions.id, id)).returning({ id: contactSubmissions.id });
    await recordAccess(
      tx,
      actor,
      rows.map((row) => row.id),
      "delete",
    );
    return rows;
  });
  if (deleted.length === 0) throw errors.notFound(INQUIRY_NOT_FOUND);
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "delete",
    resourceType: "contact_submission",
    resourceId: id,
    ipAddress: actor.ip,
  });
  return { success: true as const };
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

/** How many New inquiries the caller's scope holds: the portal's live count (menu badge, tab title; live-events.ts). */
export function newInquiryCount(db: Database, secrets: SecretBox, scope: InquiryScope): Promise<number> {
  return countMatching(db, secrets, { status: "new" }, scope);
}

/** The dashboard's inquiry cards: all inquiries, New, and Overdue (still New after the reply promise), in the caller's scope. */
export async function inquiryCounts(
  db: Database,
  secrets: SecretBox,
  scope: InquiryScope,
  now = new Date(),
): Promise<{ contact: number; newInquiries: number; overdueInquiries: number }> {
  const overdueBefore = new Date(now.getTime() - REPLY_PROMISE_MS);
  const [contact, newInquiries, [overdue]] = await Promise.all([
    countMatching(db, secrets, {}, scope),
    newInquiryCount(db, secrets, scope),
    db
      .select({ value: count() })
      .from(contactSubmissions)
      .where(and(eq(contactSubmissions.status, "new"), lt(contactSubmissions.createdAt, overdueBefore), scopeCondition(scope))),
  ]);
  return { contact, newInquiries, overdueInquiries: overdue?.value ?? 0 };
}
