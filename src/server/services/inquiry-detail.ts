import { asc, eq } from "drizzle-orm";
import type { InquiryStatus } from "../../shared/schemas/inquiries";
import type { SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { adminUsers, contactNotes, contactSubmissions } from "../db/schema";
import { errors } from "../errors";
import { logActivity, type Actor } from "./activity";
import type { SpamReason } from "./form-token";
import { recordAccess } from "./inquiry-access";
import { INQUIRY_NOT_FOUND, rowColumns, summaryQuery, toSummary, type InquirySummary } from "./inquiry-desk";
import { healthAt, nextId, noteAt, openIdentity, safeDecrypt } from "./inquiry-identity";

/**
 * One inquiry at the desk: opened with everything and its notes decrypted, and its health details when
 * the role and a reason allow (logged, with its id, in the activity log and in its access history);
 * its status and assignee changed; a note added, stored encrypted; and its deletion.
 */

/**
 * Whether an opened inquiry shows its health details: "shown"; "reason_needed" (the caller may open
 * them, and has not given a reason for this inquiry in this session); "not_allowed" (the role does not
 * open health details and no emergency access is live).
 */
export type HealthState = "shown" | "reason_needed" | "not_allowed";

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
