import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, type SQL, sql } from "drizzle-orm";
import { openIdentity } from "./inquiry-identity";
import { getClinic } from "./settings";
import { REPLY_PROMISE_HOURS } from "../../shared/schemas/inquiries";
import type { MailSettings } from "../../shared/schemas/settings";
import type { Database } from "../db/client";
import { adminUsers, appMeta, contactSubmissions, mailOutbox } from "../db/schema";
import type { AppDeps } from "../deps";
import type { MailTiming } from "../mail/timing";
import { logTaskError } from "../log";
import { describeMailError, type MailMessage } from "../mail/mailer";
import type { ActiveMail } from "../mail/hub";
import { acknowledgementIn, MAIL_TEXT } from "../mail/text";
import type { LanguageCode } from "../../shared/languages";
import { getSettings } from "./settings";
import { hashToken } from "../auth/tokens";
import { type BookingMailKind, buildBookingMessage, isBookingMail, queueBookingReminders } from "./booking-mail";

/**
 * The mail outbox and its dispatcher, inside the server (no worker to run).
 *
 * - Saving an inquiry writes its notifications in the same transaction (queueInquiryMail), so a saved
 *   inquiry always has them and a failed save has none; the visitor gets 201 whether mail works or not.
 * - The dispatcher sends what is due, one message per claim, and marks it sent before it looks at the
 *   next. While the mail server is unreachable a message waits longer after each failure (doubling, up
 *   to a cap). On PostgreSQL a message is claimed with SELECT ... FOR UPDATE SKIP LOCKED inside a
 *   transaction that lasts until it is marked sent, so several instances never send one twice; the
 *   embedded database belongs to one process, which claims without holding a transaction (a
 *   transaction there would hold the only connection while the mail server answers).
 * - Each message keeps a Message-ID of its own, the same on every attempt.
 * - An inquiry still New 24 hours after arrival queues one reminder, to its assignee or else to the
 *   staff who receive new-inquiry mail.
 */

export type MailKind =
  | "new_inquiry"
  | "overdue_reminder"
  | "acknowledgement"
  | "new_device"
  | "email_confirm"
  | "emergency_access"
  | BookingMailKind;

/** The mail settings in force, or null when no mail goes out (no mail server, or mail turned off). */
export async function activeMailSettings(deps: AppDeps): Promise<MailSettings | null> {
  if (!(await deps.mail.current())) return null;
  const { mail } = await getSettings(deps.db);
  return mail.enabled ? mail : null;
}

/** The staff `which` picks that mail can reach: active, with an address. */
function reachableStaff(db: Database, which: SQL) {
  return db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(which, eq(adminUsers.isActive, true), isNotNull(adminUsers.email), ne(adminUsers.email, "")));
}

/** Staff who receive new-inquiry mail: reachable, and it turned on. */
const newInquiryRecipients = (db: Database) => reachableStaff(db, eq(adminUsers.notifyNewInquiries, true));

/** A staff member's address while mail can reach them (active, with one), else null. */
async function staffAddress(db: Database, adminId: number): Promise<string | null> {
  const [staff] = await db
    .select({ email: adminUsers.email, isActive: adminUsers.isActive })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  return staff?.isActive && staff.email ? staff.email : null;
}

/** Inside the transaction that saves an inquiry: its new-inquiry notices and, if on, the acknowledgement. */
export async function queueInquiryMail(tx: Database, settings: MailSettings, submissionId: number, acknowledge = true): Promise<void> {
  const recipients = await newInquiryRecipients(tx);
  const rows: Array<typeof mailOutbox.$inferInsert> = recipients.map((r) => ({
    kind: "new_inquiry",
    submissionId,
    recipientAdminId: r.id,
  }));
  if (settings.acknowledgement && acknowledge) rows.push({ kind: "acknowledgement", submissionId, recipientAdminId: null });
  if (rows.length > 0) await tx.insert(mailOutbox).values(rows);
}

/**
 * Queues one reminder for each inquiry still New after the reply promise (24 hours), once: the same
 * statement marks the inquiry, so no instance queues it twice. To the assignee when there is one who
 * can receive it, else to the new-inquiry recipients. Returns how many inquiries were reminded of.
 */
export async function queueOverdueReminders(deps: AppDeps, now = deps.mailTiming.now()): Promise<number> {
  const settings = await activeMailSettings(deps);
  if (!settings?.overdueReminders) return 0;
  const overdueBefore = new Date(now.getTime() - REPLY_PROMISE_HOURS * 60 * 60_000);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .update(contactSubmissions)
      .set({ reminderQueuedAt: now })
      .where(
        and(
          eq(contactSubmissions.status, "new"),
          lt(contactSubmissions.createdAt, overdueBefore),
          isNull(contactSubmissions.reminderQueuedAt),
        ),
      )
      .returning({ id: contactSubmissions.id, assigneeId: contactSubmissions.assigneeId });
    if (due.length === 0) return 0;
    const assigneeIds = due.map((d) => d.assigneeId).filter((id): id is number => id !== null);
    const reachable = new Set(
      assigneeIds.length === 0 ? [] : (await reachableStaff(tx, inArray(adminUsers.id, assigneeIds))).map((r) => r.id),
    );
    const recipients = (await newInquiryRecipients(tx)).map((r) => r.id);
    const rows = due.flatMap((inquiry) =>
      (inquiry.assigneeId !== null && reachable.has(inquiry.assigneeId) ? [inquiry.assigneeId] : recipients).map((recipientAdminId) => ({
        kind: "overdue_reminder" as const,
        submissionId: inquiry.id,
        recipientAdminId,
      })),
    );
    if (rows.length > 0) await tx.insert(mailOutbox).values(rows);
    return due.length;
  });
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** A row's Message-ID: the same on every attempt to send it. */
const messageIdOf = (deps: AppDeps, row: OutboxRow) => `<outbox-${row.id}@${new URL(deps.config.publicOrigin).hostname}>`;

/** The message an outbox row stands for, made now; null when there is no one to send it to any more. */
async function buildMessage(db: Database, deps: AppDeps, row: OutboxRow, now: Date): Promise<MailMessage | null> {
  if (isBookingMail(row.kind)) return buildBookingMessage(db, deps, { ...row, kind: row.kind }, messageIdOf(deps, row), now);
  if (row.kind === "new_device") return buildNewDeviceMessage(db, deps, row);
  if (row.kind === "email_confirm") return buildEmailConfirmMessage(db, deps, row);
  if (row.kind === "emergency_access") return buildEmergencyAccessMessage(db, deps, row);
  if (row.submissionId === null) return null;
  const [inquiry] = await db
    .select({ createdAt: contactSubmissions.createdAt, identity: contactSubmissions.identity })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, row.submissionId));
  if (!inquiry) return null;
  let to: string | null;
  // The acknowledgement is in the language of the form it answers (its consent receipt says which).
  let language: LanguageCode = "en";
  if (row.recipientAdminId === null) {
    // The sender's address is decrypted only now, to send; the outbox row never holds it.
    const identity = openIdentity(deps.secrets, row.submissionId, inquiry.identity);
    to = identity.unreadable ? null : identity.email;
    language = identity.consentReceipt?.language ?? "en";
  } else to = await staffAddress(db, row.recipientAdminId);
  if (!to) return null;
  const link = `${deps.config.publicOrigin}/admin/contact?open=${row.submissionId}`;
  const content =
    row.kind === "acknowledgement"
      ? acknowledgementIn(language, await getClinic(db))
      : row.kind === "overdue_reminder"
        ? MAIL_TEXT.overdueReminder(inquiry.createdAt, link)
        : MAIL_TEXT.newInquiry(inquiry.createdAt, link);
  return { to, ...content, messageId: messageIdOf(deps, row) };
}

/** A sign-in from a new device (services/sessions.ts), to the account's own address. */
async function buildNewDeviceMessage(db: Database, deps: AppDeps, row: OutboxRow): Promise<MailMessage | null> {
  if (row.recipientAdminId === null || !row.payload || !("device" in row.payload)) return null;
  const to = await staffAddress(db, row.recipientAdminId);
  if (!to) return null;
  return { to, ...MAIL_TEXT.newDevice(row.payload, `${deps.config.publicOrigin}/admin/account`), messageId: messageIdOf(deps, row) };
}

/**
 * The token in an e-mail confirmation link, made from the outbox row's nonce with the server's key: the
 * database holds the nonce and the token's hash, never the token.
 */
export function emailConfirmToken(deps: AppDeps, adminId: number, nonce: string): string {
  return deps.secrets.sign("email-confirm", `${adminId}.${nonce}`);
}

/**
 * The link that confirms a new e-mail address (services/own-account.ts), to that new address. Nothing is sent
 * when the change was replaced or confirmed since, or the link has expired.
 */
async function buildEmailConfirmMessage(db: Database, deps: AppDeps, row: OutboxRow): Promise<MailMessage | null> {
  if (row.recipientAdminId === null || !row.payload || !("nonce" in row.payload)) return null;
  const [staff] = await db
    .select({
      isActive: adminUsers.isActive,
      pendingEmail: adminUsers.pendingEmail,
      hash: adminUsers.pendingEmailTokenHash,
      expiresAt: adminUsers.pendingEmailExpiresAt,
    })
    .from(adminUsers)
    .where(eq(adminUsers.id, row.recipientAdminId));
  if (!staff?.isActive || !staff.pendingEmail || !staff.expiresAt || staff.expiresAt.getTime() <= Date.now()) return null;
  const token = emailConfirmToken(deps, row.recipientAdminId, row.payload.nonce);
  if (hashToken(token) !== staff.hash) return null;
  const content = MAIL_TEXT.emailConfirm(
    staff.pendingEmail,
    `${deps.config.publicOrigin}/admin/account/confirm-email?token=${encodeURIComponent(token)}`,
  );
  return { to: staff.pendingEmail, ...content, messageId: messageIdOf(deps, row) };
}

/** Emergency access to health details started (services/roles.ts), to a Super Administrator: when, until when, where to look; no name. */
async function buildEmergencyAccessMessage(db: Database, deps: AppDeps, row: OutboxRow): Promise<MailMessage | null> {
  if (row.recipientAdminId === null || !row.payload || !("until" in row.payload)) return null;
  const to = await staffAddress(db, row.recipientAdminId);
  if (!to) return null;
  const { at, until } = row.payload;
  const content = MAIL_TEXT.emergencyAccess(new Date(at), new Date(until), `${deps.config.publicOrigin}/admin/activity`);
  return { to, ...content, messageId: messageIdOf(deps, row) };
}

function retryDelay(timing: MailTiming, attempts: number): number {
  return Math.min(timing.retryCapMs, timing.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

type Outcome = "none" | "sent" | "skipped" | "failed";

/** Claims the oldest due message, sends it and records what happened. */
async function sendOne(deps: AppDeps, timing: MailTiming, active: ActiveMail): Promise<Outcome> {
  const { mailer } = active;
  const due = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.skippedAt), lte(mailOutbox.nextAttemptAt, timing.now()));
  const work = async (db: Database, row: OutboxRow | undefined): Promise<Outcome> => {
    if (!row) return "none";
    const message = await buildMessage(db, deps, row, timing.now());
    if (!message) {
      await db.update(mailOutbox).set({ skippedAt: timing.now() }).where(eq(mailOutbox.id, row.id));
      return "skipped";
    }
    try {
      await mailer.send(message);
    } catch (error) {
      const lastError = describeMailError(error, active.endpoint).slice(0, 500);
      const attempts = row.attempts + 1;
      const failedAt = timing.now();
      await db
        .update(mailOutbox)
        .set({ attempts, lastError, nextAttemptAt: new Date(failedAt.getTime() + retryDelay(timing, attempts)) })
        .where(eq(mailOutbox.id, row.id));
      await recordMailStatus(db, { failedAt, error: lastError });
      return "failed";
    }
    const sentAt = timing.now();
    await db
      .update(mailOutbox)
      .set({ sentAt, attempts: row.attempts + 1, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    await recordMailStatus(db, { sentAt });
    return "sent";
  };
  if (deps.database.kind === "postgres") {
    return deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(mailOutbox).where(due).orderBy(asc(mailOutbox.id)).limit(1).for("update", { skipLocked: true });
      return work(tx, row);
    });
  }
  const [row] = await deps.db.select().from(mailOutbox).where(due).orderBy(asc(mailOutbox.id)).limit(1);
  return work(deps.db, row);
}

/**
 * Sends what is due now, up to `max` messages; stops at the first failure (the mail server is likely
 * down: the rest wait for their own retry). Answers how many were sent.
 */
export async function dispatchDueMail(deps: AppDeps, timing: MailTiming = deps.mailTiming, max = 50): Promise<number> {
  const active = await deps.mail.current();
  if (!active) return 0;
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const outcome = await sendOne(deps, timing, active);
    if (outcome === "none" || outcome === "failed") break;
    if (outcome === "sent") sent += 1;
  }
  return sent;
}

// ---------------------------------------------------------------- mail status (the Settings screen)

const STATUS_KEY = "mail_status";

export interface MailStatus {
  /** When a message last went out. */
  lastSentAt: string | null;
  /** Since when sending has been failing (cleared by the next message that goes out). */
  failingSince: string | null;
  /** The last failure, in plain words. */
  lastError: string | null;
}

async function readMailStatus(db: Database): Promise<MailStatus> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, STATUS_KEY));
  const empty: MailStatus = { lastSentAt: null, failingSince: null, lastError: null };
  if (!row) return empty;
  try {
    return { ...empty, ...(JSON.parse(row.value) as Partial<MailStatus>) };
  } catch {
    return empty;
  }
}

/** A new mail server: an earlier one's failure is not this one's (services/mail-server.ts). */
export async function clearMailFailure(db: Database): Promise<void> {
  const current = await readMailStatus(db);
  if (!current.failingSince && !current.lastError) return;
  const value = JSON.stringify({ ...current, failingSince: null, lastError: null });
  await db.update(appMeta).set({ value, updatedAt: new Date() }).where(eq(appMeta.key, STATUS_KEY));
}

async function recordMailStatus(db: Database, event: { sentAt: Date } | { failedAt: Date; error: string }) {
  const current = await readMailStatus(db);
  const next: MailStatus =
    "sentAt" in event
      ? { lastSentAt: event.sentAt.toISOString(), failingSince: null, lastError: null }
      : { ...current, failingSince: current.failingSince ?? event.failedAt.toISOString(), lastError: event.error };
  const value = JSON.stringify(next);
  await db
    .insert(appMeta)
    .values({ key: STATUS_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/** What the Settings screen shows of mail: configured or not, when mail last went out, failing since when, and what waits. */
export async function mailStatus(deps: AppDeps) {
  const status = await readMailStatus(deps.db);
  const [waiting] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.skippedAt)));
  const date = (iso: string | null) => (iso ? new Date(iso) : null);
  const active = await deps.mail.current();
  return {
    configured: Boolean(active),
    from: active ? active.from : null,
    lastSentAt: date(status.lastSentAt),
    failingSince: date(status.failingSince),
    lastError: status.lastError,
    waiting: waiting?.n ?? 0,
  };
}

export const NO_MAIL_SERVER = "No mail server is set up: enter one under Mail server above and save it, then send the test again.";

/** Sends a test message at once (not through the outbox), so the Settings screen can show the mail server's answer. */
export async function sendTestMail(deps: AppDeps, to: string): Promise<{ sent: true } | { sent: false; error: string }> {
  const active = await deps.mail.current();
  if (!active) return { sent: false, error: NO_MAIL_SERVER };
  try {
    await active.mailer.send({ to, ...MAIL_TEXT.test(deps.mailTiming.now(), await getClinic(deps.db)) });
  } catch (error) {
    const message = describeMailError(error, active.endpoint);
    await recordMailStatus(deps.db, { failedAt: deps.mailTiming.now(), error: message });
    return { sent: false, error: message };
  }
  await recordMailStatus(deps.db, { sentAt: deps.mailTiming.now() });
  return { sent: true };
}

// ---------------------------------------------------------------- the dispatcher inside the server

/** Starts the dispatcher (and the overdue check); answers a function that stops it and waits for its last round. */
export function startMailDispatcher(deps: AppDeps, timing: MailTiming = deps.mailTiming): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let lastReminderCheck = 0;
  const round = async () => {
    const now = timing.now();
    if (now.getTime() - lastReminderCheck >= timing.reminderCheckMs) {
      lastReminderCheck = now.getTime();
      await queueOverdueReminders(deps, now);
      if (await activeMailSettings(deps)) await queueBookingReminders(deps.db, now);
    }
    await dispatchDueMail(deps, timing);
  };
  const tick = () => {
    if (stopped || running) return;
    running = round()
      .catch((error) => logTaskError("mail", error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, timing.pollMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
