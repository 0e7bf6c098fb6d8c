import { and, desc, sql, type SQL } from "drizzle-orm";
import type { InquiryFilter } from "../../shared/schemas/inquiries";
import type { SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { contactSubmissions } from "../db/schema";
import { logActivity, type Actor } from "./activity";
import { recordAccess } from "./inquiry-access";
import type { LanguageCode } from "../../shared/languages";
import { describeFilter, filterConditions, languageOfRow, rowColumns, type InquiryRow, type InquiryScope } from "./inquiry-desk";
import { healthAt, openIdentity, safeDecrypt } from "./inquiry-identity";

/**
 * Every inquiry a filter matches, whole and decrypted, as a stream of batches (the REST list of every
 * inquiry and the CSV export), so 50,000 inquiries never sit in memory at once. Health details are
 * decrypted only here and when one inquiry is opened (./inquiry-detail.ts).
 */

/** A whole inquiry with its identity and health details decrypted (an opening or an export: the caller logs it). */
export type FullInquiry = Omit<InquiryRow, "healthConditions" | "identity" | "searchTerms" | "language"> &
  ReturnType<typeof openIdentity> & { healthConditions: string | null; language: LanguageCode };

function decryptRow(secrets: SecretBox, row: InquiryRow): FullInquiry {
  const { identity, ...rest } = row;
  const opened = openIdentity(secrets, row.id, identity);
  return {
    ...rest,
    ...opened,
    language: languageOfRow(row, opened.consentReceipt),
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
