import { and, desc, eq, like, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  REDIRECT_MESSAGES,
  normalizedPath,
  type RedirectOrigin,
  type redirectInput,
  type redirectUpdateInput,
} from "../../shared/schemas/redirects";
import { localizedPath, splitLanguagePath } from "../../shared/languages";
import type { Database } from "../db/client";
import { newsArticles, redirects, services } from "../db/schema";
import { errors } from "../errors";
import { recordWrite, type Actor, type RecordKind } from "./activity";

/**
 * Old addresses that keep working (issue 39, decision 0072). A published service's or article's change
 * of slug leaves a redirect from its old address (the slug is the same in every language, so one row
 * without a language prefix holds for /, /es/ and /zh/, each to the new address in its language); its
 * deletion leaves a "gone" row (410) until staff point it somewhere; staff add, change and delete their
 * own. Every chain is kept one hop long (a redirect to an old address takes that one's target), a loop
 * is refused for staff and dropped for a rename back (the new address is a page again). Every change
 * goes to the activity log. The pages consult the rows only where the site has no page (web.ts).
 */

export type RedirectRow = typeof redirects.$inferSelect;

const REDIRECT: RecordKind<RedirectRow> = {
  resourceType: "redirect",
  notFound: REDIRECT_MESSAGES.notFound,
  label: (row) => row.fromPath,
  details: (row) => ({ from: row.fromPath, to: row.toPath, origin: row.origin }),
};

/** The public pages of records with a slug: their address below the language prefix. */
export type SlugBase = "/services" | "/news";

/** Staff's list: every redirect, the newest change first. */
export function listRedirects(db: Database): Promise<RedirectRow[]> {
  return db.select().from(redirects).orderBy(desc(redirects.updatedAt), desc(redirects.id));
}

/** A target's path as an old address is compared with it: without its query or fragment, no trailing slash. */
function pathOf(to: string): string {
  return normalizedPath(to.replace(/[?#].*$/, "") || "/");
}

/** `%` and `_` are LIKE's wildcards. */
const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Where a redirect from `from` to `to` really goes, with the others made to fit, inside `tx`: a target
 * that is itself an old address takes that one's target (one hop); every redirect to `from` now goes
 * to that target. A redirect that would then point to its own address is a loop: refused ("refuse",
 * staff), or deleted ("drop", the automatic ones). Answers the target (null: gone).
 */
async function placeInChain(tx: Database, from: string, to: string | null, mode: "refuse" | "drop"): Promise<string | null> {
  let target = to;
  if (target !== null) {
    if (pathOf(target) === from) throw errors.invalidField(["toPath"], REDIRECT_MESSAGES.itself);
    const [next] = await tx
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, pathOf(target)));
    if (next) {
      if (next.toPath !== null && pathOf(next.toPath) === from) {
        if (mode === "refuse") throw errors.invalidField(["toPath"], REDIRECT_MESSAGES.loop);
        await tx.delete(redirects).where(eq(redirects.id, next.id));
      } else target = next.toPath;
    }
  }
  const pointing = (
    await tx
      .select()
      .from(redirects)
      .where(like(redirects.toPath, likePrefix(from)))
  ).filter((row) => row.toPath !== null && pathOf(row.toPath) === from && row.fromPath !== from);
  for (const row of pointing) {
    if (target !== null && pathOf(target) === row.fromPath) {
      if (mode === "refuse") throw errors.invalidField(["toPath"], REDIRECT_MESSAGES.loop);
      await tx.delete(redirects).where(eq(redirects.id, row.id));
    } else {
      await tx.update(redirects).set({ toPath: target, updatedAt: new Date() }).where(eq(redirects.id, row.id));
    }
  }
  return target;
}

/** Writes the row from `from` (a new one, or the one there), logged as who made it. */
async function putRedirect(tx: Database, actor: Actor, from: string, to: string | null, origin: RedirectOrigin): Promise<RedirectRow> {
  const [existing] = await tx.select().from(redirects).where(eq(redirects.fromPath, from));
  if (existing) {
    const [row] = await tx
      .update(redirects)
      .set({ toPath: to, origin, updatedAt: new Date() })
      .where(eq(redirects.id, existing.id))
      .returning();
    return recordWrite(tx, actor, "update", REDIRECT, row);
  }
  const [row] = await tx.insert(redirects).values({ fromPath: from, toPath: to, origin }).returning();
  return recordWrite(tx, actor, "create", REDIRECT, row);
}

/** A page of the site is at `path` again (a record saved live at it): no redirect from it, which would never be used. */
export async function forgetRedirectFrom(tx: Database, actor: Actor, path: string): Promise<void> {
  const [row] = await tx.delete(redirects).where(eq(redirects.fromPath, path)).returning();
  if (row) await recordWrite(tx, actor, "delete", REDIRECT, row, { reason: "page" });
}

/**
 * A record saved (inside its save's transaction): `before` and `after` its slug and whether it was
 * public. A public record whose slug changed leaves a redirect from its old address to the new one;
 * a public record's address is never the old address of a redirect.
 */
export async function followSlug(
  tx: Database,
  actor: Actor,
  base: SlugBase,
  before: { slug: string; isPublic: boolean } | null,
  after: { slug: string; isPublic: boolean },
): Promise<void> {
  const to = `${base}/${after.slug}`;
  if (after.isPublic) await forgetRedirectFrom(tx, actor, to);
  if (!before?.isPublic || before.slug === after.slug) return;
  const from = `${base}/${before.slug}`;
  const target = await placeInChain(tx, from, to, "drop");
  await putRedirect(tx, actor, from, target, "slug");
}

/** A public record deleted (inside the delete's transaction): its address answers 410 until staff point it somewhere. */
export async function markGone(tx: Database, actor: Actor, base: SlugBase, slug: string): Promise<void> {
  const from = `${base}/${slug}`;
  await placeInChain(tx, from, null, "drop");
  await putRedirect(tx, actor, from, null, "deleted");
}

/** Whether `path` (with or without a language prefix) is a published service's or article's page. */
async function isRecordPage(db: Database, path: string, now = new Date()): Promise<boolean> {
  const match = /^\/(services|news)\/([^/]+)$/.exec(splitLanguagePath(path).path);
  if (!match) return false;
  const slug = match[2] ?? "";
  const rows =
    match[1] === "services"
      ? await db
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.slug, slug), eq(services.isPublished, true)))
      : await db
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(and(eq(newsArticles.slug, slug), eq(newsArticles.isPublished, true), lte(newsArticles.publishedAt, now)));
  return rows.length > 0;
}

/** Staff add a redirect (or turn a 404 log entry into one: `origin` "not_found"). */
export async function createRedirect(
  db: Database,
  actor: Actor,
  input: z.output<typeof redirectInput>,
  origin: RedirectOrigin = "staff",
): Promise<RedirectRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, input.fromPath));
    if (existing) throw errors.invalidField(["fromPath"], REDIRECT_MESSAGES.exists);
    if (await isRecordPage(tx, input.fromPath)) throw errors.invalidField(["fromPath"], REDIRECT_MESSAGES.isPage);
    const target = await placeInChain(tx, input.fromPath, input.toPath, "refuse");
    return putRedirect(tx, actor, input.fromPath, target, origin);
  });
}

/** Staff point a redirect elsewhere (or make it gone: null). */
export async function updateRedirect(db: Database, actor: Actor, input: z.output<typeof redirectUpdateInput>): Promise<RedirectRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(redirects).where(eq(redirects.id, input.id)).for("update");
    if (!current) throw errors.notFound(REDIRECT_MESSAGES.notFound);
    const target = await placeInChain(tx, current.fromPath, input.toPath, "refuse");
    const [row] = await tx.update(redirects).set({ toPath: target, updatedAt: new Date() }).where(eq(redirects.id, input.id)).returning();
    return recordWrite(tx, actor, "update", REDIRECT, row);
  });
}

export async function deleteRedirect(db: Database, actor: Actor, id: number): Promise<RedirectRow> {
  const [row] = await db.delete(redirects).where(eq(redirects.id, id)).returning();
  return recordWrite(db, actor, "delete", REDIRECT, row);
}

/** The redirects as the pages look them up: from path to id and target (null: gone). */
export type RedirectTable = Map<string, { id: number; to: string | null }>;

export async function readRedirectTable(db: Database): Promise<Array<[string, { id: number; to: string | null }]>> {
  const rows = await db.select({ id: redirects.id, from: redirects.fromPath, to: redirects.toPath }).from(redirects);
  return rows.map((row) => [row.from, { id: row.id, to: row.to }]);
}

/**
 * The redirect an address takes, if any: its own row, else (under /es/ or /zh/) the row of the same
 * address without the prefix, whose target then gets the prefix too (unless it names a language itself).
 */
export function findRedirect(table: RedirectTable, pathname: string): { id: number; to: string | null } | undefined {
  const own = table.get(pathname);
  if (own) return own;
  const { language, path } = splitLanguagePath(pathname);
  if (language === "en") return undefined;
  const neutral = table.get(path);
  if (!neutral) return undefined;
  if (neutral.to === null || splitLanguagePath(pathOf(neutral.to)).language !== "en") return neutral;
  return { id: neutral.id, to: localizedPath(neutral.to, language) };
}

/** Counts of redirects followed, written together (./not-found-log.ts AddressLog). */
export async function countRedirectHits(db: Database, hits: Map<number, { hits: number; at: Date }>): Promise<void> {
  for (const [id, { hits: count, at }] of hits)
    await db
      .update(redirects)
      .set({ hits: sql`${redirects.hits} + ${count}`, lastHitAt: sql`greatest(${redirects.lastHitAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(redirects.id, id));
}
