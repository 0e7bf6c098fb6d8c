import { desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { isReservedPath, REDIRECT_MESSAGES, type notFoundRedirectInput } from "../../shared/schemas/redirects";
import type { Database } from "../db/client";
import { notFoundLog } from "../db/schema";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";
import { countRedirectHits, createRedirect, type RedirectRow } from "./redirects";

/**
 * The 404 log (issue 39, decision 0072): the page addresses visitors asked for that the site does not
 * have. Kept: the path (never the query string), how often, first and last time, and the referring
 * site's domain (never the rest of the referrer); never an address or a browser. Only page addresses:
 * not /api, /admin, /trpc, /uploads, /assets, /brand, /share, and not a file (a name with an extension
 * but .html, .htm or .php: a missing picture or script is the build's, not a visitor's lost page).
 *
 * Counted in memory and written together a second later (AddressLog, with the redirects' hits): a
 * missing page costs the visitor's answer no query. At most NOT_FOUND_LOG_MAX_PATHS rows: when a batch
 * would pass it, the rows seen least (fewest hits, then longest ago) go, so a scanner's thousand
 * one-off addresses push out one another rather than the addresses visitors keep asking for. Rows not
 * seen for NOT_FOUND_LOG_DAYS days go with the hourly housekeeping.
 */
export const NOT_FOUND_LOG_MAX_PATHS = 1_000;
export const NOT_FOUND_LOG_DAYS = 90;
/** The most distinct addresses one batch holds in memory (a flood's further new addresses wait for the next second). */
const BATCH_MAX_PATHS = 500;
const MAX_PATH = 300;

export type NotFoundRow = typeof notFoundLog.$inferSelect;

/**
 * Whether a missing address goes to the log: a page's address (see above), not too long, and without a
 * control character (`/a%00b` decodes to a NUL, which a text column refuses: the whole second's batch
 * would fail with it, losing the visitors' real misses beside it; no page's address holds one).
 */
export function isLoggedAddress(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
  if (path.length > MAX_PATH || isReservedPath(path) || /[\u0000-\u001f\u007f]/.test(path)) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(last)?.[1]?.toLowerCase();
  return extension === undefined || extension === "html" || extension === "htm" || extension === "php";
}

/** The referring site's domain (lowercase), from a Referer header; null without one or for anything but http(s). */
export function referrerDomain(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase();
    return host.length > 0 && host.length <= 253 ? host : null;
  } catch {
    return null;
  }
}

interface Miss {
  hits: number;
  first: Date;
  last: Date;
  referrer: string | null;
}

/** Writes a batch of misses: one upsert, then the rows past the cap go. */
export async function writeMisses(db: Database, misses: Map<string, Miss>): Promise<void> {
  if (misses.size === 0) return;
  const values = [...misses].map(([path, miss]) => ({
    path,
    hits: miss.hits,
    firstSeenAt: miss.first,
    lastSeenAt: miss.last,
    referrerDomain: miss.referrer,
  }));
  await db
    .insert(notFoundLog)
    .values(values)
    .onConflictDoUpdate({
      target: notFoundLog.path,
      set: {
        hits: sql`${notFoundLog.hits} + excluded.hits`,
        lastSeenAt: sql`greatest(${notFoundLog.lastSeenAt}, excluded.last_seen_at)`,
        referrerDomain: sql`coalesce(excluded.referrer_domain, ${notFoundLog.referrerDomain})`,
      },
    });
  const over = await db
    .select({ id: notFoundLog.id })
    .from(notFoundLog)
    .orderBy(desc(notFoundLog.hits), desc(notFoundLog.lastSeenAt), desc(notFoundLog.id))
    .offset(NOT_FOUND_LOG_MAX_PATHS);
  if (over.length > 0)
    await db.delete(notFoundLog).where(
      inArray(
        notFoundLog.id,
        over.map((row) => row.id),
      ),
    );
}

/**
 * Missing addresses and followed redirects, kept in memory and written together at most a second later
 * (as analytics' VisitCounter): a stop writes what is pending; the 404 log's screen writes this
 * instance's pending counts before it reads.
 */
export class AddressLog {
  private misses = new Map<string, Miss>();
  private hits = new Map<number, { hits: number; at: Date }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 1_000,
  ) {}

  /** A visitor asked for a page the site does not have (`path` without its query string). */
  notFound(path: string, referer: string | undefined, at = new Date()): void {
    if (!isLoggedAddress(path)) return;
    const miss = this.misses.get(path);
    const referrer = referrerDomain(referer);
    if (miss) {
      miss.hits += 1;
      miss.last = at;
      if (referrer) miss.referrer = referrer;
    } else if (this.misses.size < BATCH_MAX_PATHS) this.misses.set(path, { hits: 1, first: at, last: at, referrer });
    this.schedule();
  }

  /** A visitor was sent on by redirect `id`. */
  redirected(id: number, at = new Date()): void {
    const hit = this.hits.get(id);
    if (hit) {
      hit.hits += 1;
      hit.at = at;
    } else this.hits.set(id, { hits: 1, at });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
    this.timer.unref();
  }

  /** Writes what is pending (after any write under way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const misses = this.misses;
    const hits = this.hits;
    this.misses = new Map();
    this.hits = new Map();
    this.writing = this.writing
      .then(async () => {
        await writeMisses(this.db, misses);
        await countRedirectHits(this.db, hits);
      })
      .catch(this.onError);
    return this.writing;
  }
}

/** Staff's view: the most asked-for first (at most NOT_FOUND_LOG_MAX_PATHS rows). */
export function listNotFound(db: Database): Promise<NotFoundRow[]> {
  return db.select().from(notFoundLog).orderBy(desc(notFoundLog.hits), desc(notFoundLog.lastSeenAt), desc(notFoundLog.id));
}

/** The hourly housekeeping: rows not seen for NOT_FOUND_LOG_DAYS days go. */
export async function purgeNotFoundLog(db: Database, now = new Date()): Promise<void> {
  await db.delete(notFoundLog).where(lt(notFoundLog.lastSeenAt, new Date(now.getTime() - NOT_FOUND_LOG_DAYS * 24 * 60 * 60_000)));
}

/** Staff dismiss an entry (logged with its path). */
export async function deleteNotFoundEntry(db: Database, actor: Actor, id: number): Promise<NotFoundRow> {
  const [row] = await db.delete(notFoundLog).where(eq(notFoundLog.id, id)).returning();
  if (!row) throw errors.notFound(REDIRECT_MESSAGES.logEntryNotFound);
  await recordChange(db, actor, { action: "delete", resourceType: "not_found_entry", resourceId: row.id, label: row.path });
  return row;
}

/** Staff turn an entry into a redirect in one step: a redirect from its path (logged), and the entry goes. */
export async function redirectNotFound(db: Database, actor: Actor, input: z.output<typeof notFoundRedirectInput>): Promise<RedirectRow> {
  const [entry] = await db.select().from(notFoundLog).where(eq(notFoundLog.id, input.id));
  if (!entry) throw errors.notFound(REDIRECT_MESSAGES.logEntryNotFound);
  const redirect = await createRedirect(db, actor, { fromPath: entry.path, toPath: input.toPath }, "not_found");
  await db.delete(notFoundLog).where(eq(notFoundLog.id, entry.id));
  return redirect;
}
