import { and, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminSessions, adminUsers } from "../db/schema";
import { generateToken, hashToken } from "./tokens";

/**
 * Staff sessions, after the Lucia project's guide: a random token lives only in the cookie, the
 * database keeps its SHA-256. Sessions end after 30 minutes idle or 12 hours in all; without "Keep me
 * signed in on this device" the cookie is a browser-session cookie, gone when the browser closes.
 * A session's `freshAt` is the last time its user proved who they are (the sign-in, "Confirm it's you"
 * or a passkey): sensitive acts need one within FRESH_CHECK_MS (docs/decisions/0054).
 */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
export const FRESH_CHECK_MS = 5 * 60_000;
/** lastActiveAt is written at most once a minute, not on every request. */
const TOUCH_AFTER_MS = 60_000;

export type AdminUserRow = typeof adminUsers.$inferSelect;
export type SessionRow = typeof adminSessions.$inferSelect;

export interface SessionAuth {
  session: SessionRow;
  user: AdminUserRow;
}

export async function createSession(
  db: Database,
  adminId: number,
  meta: { ip: string; userAgent: string | null; persistent?: boolean },
  now = new Date(),
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken();
  const [session] = await db
    .insert(adminSessions)
    .values({
      id: hashToken(token),
      adminId,
      createdAt: now,
      lastActiveAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      ipAddress: meta.ip.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      // A sign-in is a fresh check.
      freshAt: now,
      persistent: meta.persistent ?? false,
    })
    .returning();
  return { token, session: session! };
}

/** The session and its user for a cookie token, or null when unknown, expired, idle too long or the user is inactive. */
export async function validateSessionToken(
  db: Database,
  token: string,
  now = new Date(),
  options: { touch?: boolean } = {},
): Promise<SessionAuth | null> {
  if (!/^[a-z2-7]{52}$/.test(token)) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ session: adminSessions, user: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminSessions.adminId, adminUsers.id))
    .where(eq(adminSessions.id, id));
  if (!row) return null;
  const { session, user } = row;
  const idleFor = now.getTime() - session.lastActiveAt.getTime();
  if (now >= session.expiresAt || idleFor >= SESSION_IDLE_MS || !user.isActive) {
    await db.delete(adminSessions).where(eq(adminSessions.id, id));
    return null;
  }
  // An open event stream checking its session is not the user at work: it keeps no session alive.
  if (idleFor >= TOUCH_AFTER_MS && options.touch !== false) {
    await db.update(adminSessions).set({ lastActiveAt: now }).where(eq(adminSessions.id, id));
    session.lastActiveAt = now;
  }
  return { session, user };
}

/** Whether the session's user proved who they are within the last FRESH_CHECK_MS. */
export function isSessionFresh(session: SessionRow, now = new Date()): boolean {
  return session.freshAt !== null && now.getTime() - session.freshAt.getTime() < FRESH_CHECK_MS;
}

/**
 * Records a fresh check on a session: "Confirm it's you" (password and second factor), or a passkey
 * assertion. `method` is only for the caller's log entry; the session keeps the time.
 */
export async function markSessionFresh(
  db: Database,
  sessionId: string,
  method: "password" | "totp" | "backup_code" | "passkey",
  now = new Date(),
): Promise<Date> {
  void method;
  await db.update(adminSessions).set({ freshAt: now }).where(eq(adminSessions.id, sessionId));
  return now;
}

/** An account's sessions, the most recently active first. */
export async function listUserSessions(db: Database, adminId: number): Promise<SessionRow[]> {
  return db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId)).orderBy(desc(adminSessions.lastActiveAt));
}

/** Ends one session of an account (not another account's: the id must be theirs); whether there was one. */
export async function deleteUserSession(db: Database, adminId: number, sessionId: string): Promise<boolean> {
  const gone = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), eq(adminSessions.id, sessionId)))
    .returning({ id: adminSessions.id });
  return gone.length > 0;
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId` (their current one); how many ended. */
export async function deleteUserSessions(db: Database, adminId: number, keepSessionId?: string): Promise<number> {
  const gone = await db
    .delete(adminSessions)
    .where(
      keepSessionId ? and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId)) : eq(adminSessions.adminId, adminId),
    )
    .returning({ id: adminSessions.id });
  return gone.length;
}

/** Cookie name and attributes: `__Host-` and Secure when the site is served over https. */
export function sessionCookieName(publicOrigin: string): string {
  return publicOrigin.startsWith("https:") ? "__Host-clinic_session" : "clinic_session";
}

export function sessionCookieOptions(publicOrigin: string) {
  return {
    httpOnly: true,
    sameSite: "Strict" as const,
    path: "/",
    secure: publicOrigin.startsWith("https:"),
  };
}
