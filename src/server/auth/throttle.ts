import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Fixed-window counters kept in the database (so several server instances share them). A key
 * that reaches `limit` hits inside `windowMs` is blocked for `blockMs`.
 */
export interface LimitRule {
  limit: number;
  windowMs: number;
  blockMs: number;
}

export interface RateLimitRules {
  /** Failed sign-ins for one username (DESIGN.md: 5 failures lock the account for 15 minutes). */
  loginAccount: LimitRule;
  /** Failed sign-ins from one address, whatever the username. */
  loginIp: LimitRule;
  /** Contact form submissions from one address. */
  contactIp: LimitRule;
}

export const DEFAULT_LIMITS: RateLimitRules = {
  loginAccount: { limit: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  loginIp: { limit: 30, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  contactIp: { limit: 8, windowMs: 60 * 60_000, blockMs: 60 * 60_000 },
};

/** When the key is blocked, the moment it is free again; otherwise null. */
export async function blockedUntil(db: Database, key: string, now = new Date()): Promise<Date | null> {
  const [row] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts one hit atomically; returns the count in the window and the block end if this hit blocked the key. */
export async function recordHit(
  db: Database,
  key: string,
  rule: LimitRule,
  now = new Date(),
): Promise<{ count: number; blockedUntil: Date | null }> {
  const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
  const blockEnd = new Date(now.getTime() + rule.blockMs);
  const fresh = sql`${rateLimits.windowStart} <= ${windowFloor}::timestamptz`;
  const nextCount = sql`case when ${fresh} then 1 else ${rateLimits.count} + 1 end`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, blockedUntil: rule.limit <= 1 ? blockEnd : null })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: nextCount,
        windowStart: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        blockedUntil: sql`case when ${nextCount} >= ${rule.limit} then ${blockEnd.toISOString()}::timestamptz else ${rateLimits.blockedUntil} end`,
      },
    })
    .returning({ count: rateLimits.count, blockedUntil: rateLimits.blockedUntil });
  const count = row?.count ?? 1;
  return { count, blockedUntil: count >= rule.limit ? (row?.blockedUntil ?? blockEnd) : null };
}

export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function secondsUntil(moment: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));
}
