import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Attempt slots kept in the database, so several server instances share them.
 *
 * An attempt claims its slot BEFORE any password, code or submission is looked at, with one
 * statement that increments the key's counter and returns it (INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING, atomic on PGlite and PostgreSQL alike). Only the first `limit` claims of a window are
 * allowed; every claim beyond them is refused unevaluated, however the attempts arrive: in parallel,
 * in one request, or through several instances. So at most `limit` guesses are ever checked per
 * window. A claim that turns out not to be a failure (a right password, say) gives its slot back.
 *
 * A window starts at the first claim; a key whose claims run past the limit is blocked for
 * `blockMs`, and both the window and a block end on their own (the next claim starts afresh).
 */
export interface LimitRule {
  limit: number;
  windowMs: number;
  blockMs: number;
}

export interface RateLimitRules {
  /** Failed sign-ins for one username, password or second factor (docs/security.md, Sign-in: 5 failures lock it for 15 minutes). */
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

export type Claim =
  /** The attempt may be evaluated; `count` is its place in the window (1 = first). */
  | { allowed: true; count: number }
  /** Refused unevaluated until `retryAt`. */
  | { allowed: false; count: number; retryAt: Date };

/**
 * Claims one attempt slot for `key`: one statement increments the window's counter and returns it.
 * The claim that first goes past the limit starts the block; later claims keep its end.
 */
export async function claimAttempt(db: Database, key: string, rule: LimitRule, now = new Date()): Promise<Claim> {
  const nowText = now.toISOString();
  const windowFloor = new Date(now.getTime() - rule.windowMs).toISOString();
  const blockEnd = new Date(now.getTime() + rule.blockMs).toISOString();
  // A stored window is over when its block has ended, or, unblocked, when it is older than windowMs.
  const over = sql`(case when ${rateLimits.blockedUntil} is not null then ${rateLimits.blockedUntil} <= ${nowText}::timestamptz
    else ${rateLimits.windowStart} <= ${windowFloor}::timestamptz end)`;
  const nextCount = sql`(case when ${over} then 1 else ${rateLimits.count} + 1 end)`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, blockedUntil: rule.limit < 1 ? new Date(blockEnd) : null })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: nextCount,
        windowStart: sql`(case when ${over} then ${nowText}::timestamptz else ${rateLimits.windowStart} end)`,
        blockedUntil: sql`(case when ${over} then null
          when ${rateLimits.blockedUntil} is null and ${rateLimits.count} + 1 > ${rule.limit} then ${blockEnd}::timestamptz
          else ${rateLimits.blockedUntil} end)`,
      },
    })
    .returning({ count: rateLimits.count, blockedUntil: rateLimits.blockedUntil });
  const count = row?.count ?? 1;
  const blockedUntil = row?.blockedUntil ?? null;
  if (count > rule.limit || (blockedUntil && blockedUntil > now)) {
    return { allowed: false, count, retryAt: blockedUntil && blockedUntil > now ? blockedUntil : new Date(blockEnd) };
  }
  return { allowed: true, count };
}

/** Gives back a slot claimed by an attempt that was not a failure. */
export async function releaseAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/**
 * After a failure that used the last slot of the window: the key is blocked from now on, so the
 * next attempt is told when to come back (measured from the failure that filled the window).
 */
export async function blockKey(db: Database, key: string, rule: LimitRule, now = new Date()): Promise<Date> {
  const until = new Date(now.getTime() + rule.blockMs);
  await db
    .update(rateLimits)
    .set({
      blockedUntil: sql`greatest(coalesce(${rateLimits.blockedUntil}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`,
    })
    .where(eq(rateLimits.key, key));
  return until;
}

export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function secondsUntil(moment: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));
}
