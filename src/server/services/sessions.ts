import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AccountSession } from "../../shared/schemas/sessions";
import { CONFIRM_MESSAGES } from "../../shared/schemas/sessions";
import { deleteUserSession, deleteUserSessions, listUserSessions, type SessionAuth, type SessionRow } from "../auth/sessions";
import { describeDevice } from "../auth/user-agent";
import type { Database } from "../db/client";
import { adminKnownDevices, adminUsers, mailOutbox } from "../db/schema";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { logActivity, type Actor } from "./activity";
import { activeMailSettings } from "./mail-outbox";

/**
 * My Account's sessions list and its "end" buttons, a super admin's "end all sessions" of a staff
 * account, and the new-device notice (docs/decisions/0054).
 */

/** A session's public name: derived from the token's hash, so neither the token nor the stored hash leaves the server. */
export function sessionHandle(sessionId: string): string {
  return createHash("sha256").update(`session-handle:${sessionId}`).digest("hex").slice(0, 24);
}

function toAccountSession(row: SessionRow, currentId: string): AccountSession {
  return {
    handle: sessionHandle(row.id),
    device: describeDevice(row.userAgent).label,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt,
    lastActiveAt: row.lastActiveAt,
    expiresAt: row.expiresAt,
    keepSignedIn: row.persistent,
    current: row.id === currentId,
  };
}

/** The signed-in account's sessions, this one first, then the most recently active. */
export async function listOwnSessions(db: Database, auth: SessionAuth): Promise<AccountSession[]> {
  const rows = await listUserSessions(db, auth.user.id);
  return rows.map((row) => toAccountSession(row, auth.session.id)).sort((a, b) => Number(b.current) - Number(a.current));
}

async function logEnded(db: Database, actor: Actor, adminId: number, details: Record<string, unknown>) {
  await logActivity(db, {
    adminId: actor.adminId,
    username: actor.username,
    action: "session_end",
    resourceType: "admin_user",
    resourceId: adminId,
    details,
    ipAddress: actor.ip,
  });
}

/** Ends one of the signed-in account's sessions (this one too, if named: that is signing out). */
export async function endOwnSession(db: Database, auth: SessionAuth, actor: Actor, handle: string): Promise<{ ended: number }> {
  const row = (await listUserSessions(db, auth.user.id)).find((session) => sessionHandle(session.id) === handle);
  if (!row || !(await deleteUserSession(db, auth.user.id, row.id))) throw errors.notFound(CONFIRM_MESSAGES.unknownSession);
  await logEnded(db, actor, auth.user.id, { device: describeDevice(row.userAgent).label, current: row.id === auth.session.id });
  return { ended: 1 };
}

/** Ends every session of the signed-in account but this one. */
export async function endOtherSessions(db: Database, auth: SessionAuth, actor: Actor): Promise<{ ended: number }> {
  const ended = await deleteUserSessions(db, auth.user.id, auth.session.id);
  await logEnded(db, actor, auth.user.id, { others: true, ended });
  return { ended };
}

/** A super admin ends every session of a staff account (theirs too, but for this one). */
export async function endAllSessionsOf(db: Database, auth: SessionAuth, actor: Actor, adminId: number): Promise<{ ended: number }> {
  const [user] = await db.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers).where(eq(adminUsers.id, adminId));
  if (!user) throw errors.notFound("User not found");
  const ended = await deleteUserSessions(db, adminId, adminId === auth.user.id ? auth.session.id : undefined);
  await logEnded(db, actor, adminId, { label: user.username, all: true, ended });
  return { ended };
}

/** How long a device is remembered: a sign-in from one not seen for this long is a new device again. */
export const KNOWN_DEVICE_DAYS = 90;

/**
 * After a sign-in: remembers the device (browser, system and address; only a SHA-256 of them) and,
 * when it is new for an account that has signed in before, queues an e-mail to the account's address
 * if mail is on. An account's very first device sends nothing (it is not news to anyone).
 */
export async function noteSignInDevice(
  deps: AppDeps,
  user: { id: number; email: string | null },
  meta: { ip: string; userAgent: string | null },
  now: Date,
) {
  const device = describeDevice(meta.userAgent).label;
  const fingerprint = createHash("sha256").update(`${device}\n${meta.ip}`).digest("hex");
  const since = new Date(now.getTime() - KNOWN_DEVICE_DAYS * 24 * 60 * 60_000);
  const known = await deps.db.select().from(adminKnownDevices).where(eq(adminKnownDevices.adminId, user.id));
  const seen = known.some((row) => row.fingerprint === fingerprint && row.lastSeenAt >= since);
  await deps.db
    .insert(adminKnownDevices)
    .values({ adminId: user.id, fingerprint, lastSeenAt: now })
    .onConflictDoUpdate({ target: [adminKnownDevices.adminId, adminKnownDevices.fingerprint], set: { lastSeenAt: now } });
  if (seen || known.length === 0 || !user.email) return false;
  if (!(await activeMailSettings(deps))) return false;
  await deps.db
    .insert(mailOutbox)
    .values({ kind: "new_device", recipientAdminId: user.id, payload: { device, ip: meta.ip, at: now.toISOString() } });
  return true;
}
