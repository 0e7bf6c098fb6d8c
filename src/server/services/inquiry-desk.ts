import { and, asc, count, desc, eq, getTableColumns, gte, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { REPLY_PROMISE_HOURS, type InquiryFilter, type InquiryPageInput, type InquiryStatus } from "../../shared/schemas/inquiries";
import type { SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import type { LanguageCode } from "../../shared/languages";
import { adminUsers, contactNotes, contactStatusCounts, contactSubmissions, type ConsentReceipt } from "../db/schema";
import { errors } from "../errors";
import { logActivity, type Actor } from "./activity";
import { openIdentity, searchCondition, serviceCondition } from "./inquiry-identity";
import { pageOf, rowsBefore } from "./paging";

/**
 * The inquiry desk: staff work through appointment inquiries. This module holds the list: which
 * inquiries a staff member's role sees (the scope), a filter's SQL conditions, pages of the list with
 * the total a filter matches, the dashboard's counts and the portal's live count, and the staff an
 * inquiry can be assigned to. The list says whether there are health details without reading them;
 * who sent an inquiry is encrypted (./inquiry-identity.ts): the list decrypts the identities of its
 * page only, and search and the service filter go through the blind index. One inquiry opened and
 * changed is ./inquiry-detail.ts, the streams of an export ./inquiry-export.ts, the access history
 * ./inquiry-access.ts.
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
  if (filter.language) conditions.push(eq(t.language, filter.language));
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
    ...(filter.language ? { language: filter.language } : {}),
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
  language: contactSubmissions.language,
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

export type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

export function toSummary(secrets: SecretBox, row: SummaryRow, now: Date) {
  const { assigneeUsername, assigneeFirstName, assigneeLastName, identity: sealed, ...rest } = row;
  const { consentReceipt, ...identity } = openIdentity(secrets, row.id, sealed);
  return {
    ...rest,
    ...identity,
    language: languageOfRow(row, consentReceipt),
    status: row.status as InquiryStatus,
    assignee:
      row.assigneeId !== null && assigneeUsername
        ? { id: row.assigneeId, username: assigneeUsername, name: personName(assigneeFirstName, assigneeLastName, assigneeUsername) }
        : null,
    overdue: isOverdue(row, now),
  };
}

export type InquirySummary = ReturnType<typeof toSummary>;

/**
 * An inquiry's language (issue 36): its column, or for a row the start-up step has not reached yet
 * (another instance starting), its consent receipt's, else English.
 */
export function languageOfRow(row: { language: LanguageCode | null }, receipt: ConsentReceipt | null): LanguageCode {
  return row.language ?? receipt?.language ?? "en";
}

export function summaryQuery(db: Database) {
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
  const onlyStatus =
    !scope && !filter.q && !filter.service && !filter.language && filter.assigneeId === undefined && !filter.from && !filter.to;
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
export { rowColumns };

/** The staff an inquiry can be assigned to: active admins and super admins. */
export async function listAssignees(db: Database) {
  const rows = await db
    .select({ id: adminUsers.id, username: adminUsers.username, firstName: adminUsers.firstName, lastName: adminUsers.lastName })
    .from(adminUsers)
    .where(eq(adminUsers.isActive, true))
    .orderBy(asc(adminUsers.username));
  return rows.map((row) => ({ id: row.id, username: row.username, name: personName(row.firstName, row.lastName, row.username) }));
}

/** How many New inquiries the caller's scope holds: the portal's live count (menu badge, tab title; live-events.ts). */
export function newInquiryCount(db: Database, secrets: SecretBox, scope: InquiryScope): Promise<number> {
  return countMatching(db, secrets, { status: "new" }, scope);
}

/** The live counts (live-events.ts): New, and all, in the caller's scope; each one small read without a scope. */
export async function liveInquiryCounts(db: Database, secrets: SecretBox, scope: InquiryScope): Promise<{ new: number; total: number }> {
  const [fresh, total] = await Promise.all([newInquiryCount(db, secrets, scope), countMatching(db, secrets, {}, scope)]);
  return { new: fresh, total };
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
