import { and, isNull, lt, or } from "drizzle-orm";
import { SESSION_IDLE_MS } from "../auth/sessions";
import type { Database } from "../db/client";
import { adminSessions, formTokenUses, rateLimits } from "../db/schema";

/** Removes ended sessions, stale throttle counters and expired form-token uses (run hourly by the server). */
export async function deleteExpiredRows(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(adminSessions)
    .where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastActiveAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, dayAgo), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now))));
  // A token this old is refused as expired whatever this table says.
  await db.delete(formTokenUses).where(lt(formTokenUses.expiresAt, now));
}
