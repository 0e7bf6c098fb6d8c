import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminSessions, adminUsers } from "../db/schema";
import { generateToken, hashToken } from "./tokens";

/**
 * Staff sessions, after the Lucia project's guide: a random token lives only in the cookie, the
 * database keeps its SHA-256. Sessions end after 30 minutes idle or 12 hours in all.
 */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
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
  meta: { ip: string; userAgent: string | null },
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
    })
    .returning();
  return { token, session: session! };
}

/** The session and its user for a cookie token, or null when unknown, expired, idle too long or the user is inactive. */
export async function validateSessionToken(db: Database, token: string, now = new Date()): Promise<SessionAuth | null> {
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
  if (idleFor >= TOUCH_AFTER_MS) {
    await db.update(adminSessions).set({ lastActiveAt: now }).where(eq(adminSessions.id, id));
    session.lastActiveAt = now;
  }
  return { session, user };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId` (their current one). */
export async function deleteUserSessions(db: Database, adminId: number, keepSessionId?: string): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      keepSessionId
        ? and(eq(adminSessions.adminId, adminId), ne(adminSessions.id, keepSessionId))
        : eq(adminSessions.adminId, adminId),
    );
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
