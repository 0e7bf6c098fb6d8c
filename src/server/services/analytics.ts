import { createHmac, randomBytes } from "node:crypto";
import { and, between, eq, sql } from "drizzle-orm";
import { clinicDay } from "../../shared/clinic-date";
import { CONTACT_PAGE, SERVICE_PAGE } from "../../shared/visit-rules";
import type { AnalyticsReport, VisitBeacon } from "../../shared/schemas/analytics";
import { splitLanguagePath, type LanguageCode } from "../../shared/languages";
import { SecretUnreadable, type SecretBox } from "../auth/secret-box";
import type { Database } from "../db/client";
import { analyticsDaily, analyticsDayKeys, analyticsSeen, conversionTokenUses, services } from "../db/schema";
import { conversionClaim } from "./conversion-token";
import { listServiceSlugs } from "./services";

/**
 * First-party analytics (issue 25, decision 0058): page views and the way to an inquiry, counted on the
 * clinic's own server and kept as daily counts that cannot name anyone.
 *
 * - A visitor is, for one clinic day, an HMAC of address and browser string under the day's key: random,
 *   shared by every instance through the database (analytics_day_keys), deleted once the day is over, so
 *   that day's visitors can never be hashed again; the hashes a day has seen (analytics_seen) are deleted
 *   within 24 hours. Only counts remain.
 * - A conversion counts only with the conversion token of a stored inquiry's answer, once
 *   (./conversion-token.ts); a service counts only under a slug the site has.
 * - Not counted: Do Not Track (`DNT: 1`), Global Privacy Control (`Sec-GPC: 1`), and robots (a browser
 *   string that says so, or none).
 * - The page's script sends the path (no query string), the campaign's utm values and the referrer (on
 *   the first page, reduced to its domain here), the service page that led to the contact page, and the
 *   moments the form was started and sent. "Sent" carries the inquiry's conversion token and no field of
 *   it; the token is not stored (only a hash of it, until it expires), so no count names an inquiry.
 */

/** Beacons one address may send an instance in a minute. */
const BEACONS_PER_MINUTE = 120;

/** How long a visitor hash is kept (the hourly housekeeping deletes older ones: none reaches 24 hours). */
export const SEEN_KEPT_MS = 23 * 60 * 60_000;

/** Browser strings of robots, crawlers, link previews, headless browsers and HTTP libraries. */
const ROBOT =
  /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|curl\/|wget|python|httpclient|okhttp|java\/|go-http|node-fetch|axios|undici|phantom|puppeteer|playwright|monitor|uptime/i;

export interface VisitRequest {
  ip: string;
  userAgent: string | null;
  /** The request's DNT and Sec-GPC headers. */
  doNotTrack: string | null;
  globalPrivacyControl: string | null;
  /**
   * The language of the page the beacon named, as the door read it from the address before a path no
   * page answers became the 404 page's (visit-beacon.ts): "/es/no-such-page" is a Spanish page. Without
   * it, read from the beacon's path.
   */
  pageLanguage?: LanguageCode;
  /** The site's own host (a referrer on it is not a referrer). */
  ownHost: string;
}

/** Why a request is not counted, or null when it is. */
export function notCountedBecause(
  request: Pick<VisitRequest, "userAgent" | "doNotTrack" | "globalPrivacyControl">,
): "dnt" | "gpc" | "robot" | null {
  if (request.doNotTrack?.trim() === "1") return "dnt";
  if (request.globalPrivacyControl?.trim() === "1") return "gpc";
  if (!request.userAgent || ROBOT.test(request.userAgent)) return "robot";
  return null;
}

export function deviceClass(userAgent: string): "phone" | "tablet" | "desktop" {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}

/** A referrer's domain (without www.), or null for none, this site, or anything that is not a web address. */
export function referrerDomain(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (host === "" || host === ownHost.toLowerCase().replace(/^www\./, "")) return null;
  return host.slice(0, 200);
}

/** The service a page is of, in any language ("ozone-therapy" of /es/services/ozone-therapy), or null. */
export function serviceSlugOf(path: string): string | null {
  return SERVICE_PAGE.exec(path)?.[1] ?? null;
}

/**
 * Any path no page of the site answers (a mistyped or forged address, a service that does not exist) is
 * counted as one: the 404 page's. The beacon's door matches the path against the public route table
 * (visit-beacon.ts); the batch, which reads the services, turns a service page whose slug the site does
 * not have (in any language) into the 404's too.
 */
export const NOT_FOUND_PAGE = "(not found)";
function pageOf(path: string, serviceSlugs: ReadonlySet<string>): string {
  if (path === NOT_FOUND_PAGE) return path;
  const slug = serviceSlugOf(path);
  return slug !== null && !serviceSlugs.has(slug) ? NOT_FOUND_PAGE : path;
}

/**
 * The key of a clinic day's visitor hashes: random, made by the first instance that counts on that day
 * (the first insert wins; every instance reads the stored one, so one visitor counts once on all of
 * them), sealed under the key ring's analytics key. A stored key no loaded key opens (the ring replaced
 * during the day) is replaced: that day's visitors then count afresh.
 */
export async function dayKeyOf(db: Database, secrets: SecretBox, day: string): Promise<Uint8Array> {
  const read = async () =>
    (await db.select({ key: analyticsDayKeys.key }).from(analyticsDayKeys).where(eq(analyticsDayKeys.day, day)))[0]?.key;
  let sealed = await read();
  if (sealed === undefined) {
    await db
      .insert(analyticsDayKeys)
      .values({ day, key: secrets.sealDayKey(randomBytes(32), day) })
      .onConflictDoNothing();
    sealed = (await read())!;
  }
  try {
    return secrets.openDayKey(sealed, day);
  } catch (error) {
    if (!(error instanceof SecretUnreadable)) throw error;
    const fresh = randomBytes(32);
    await db
      .update(analyticsDayKeys)
      .set({ key: secrets.sealDayKey(fresh, day) })
      .where(and(eq(analyticsDayKeys.day, day), eq(analyticsDayKeys.key, sealed)));
    return secrets.openDayKey((await read())!, day);
  }
}

/** What counting a day's beacons needs: the day's key, the key ring (conversion tokens), the services' slugs. */
export interface Counting {
  day: string;
  dayKey: Uint8Array;
  secrets: SecretBox;
  serviceSlugs: ReadonlySet<string>;
}

export async function countingOn(db: Database, secrets: SecretBox, day: string): Promise<Counting> {
  const [dayKey, slugs] = await Promise.all([dayKeyOf(db, secrets, day), listServiceSlugs(db)]);
  return { day, dayKey, secrets, serviceSlugs: new Set(slugs) };
}

type Column = "views" | "visitors" | "entries" | "contacts" | "starts" | "conversions";
const COLUMNS: readonly Column[] = ["views", "visitors", "entries", "contacts", "starts", "conversions"];
type Dimension = "site" | "page" | "referrer" | "campaign" | "source" | "device" | "language" | "service";

/**
 * What one beacon counts: always (`adds`), and once a day per visitor (`once`, under a key); with `claim`, only if its conversion token has
 * not counted yet.
 */
export interface VisitCounts {
  day: string;
  visitor: string;
  at: Date;
  adds: Array<{ dimension: Dimension; value: string; column: Column }>;
  once: Array<{ key: string; dimension: Dimension; value: string; column: Column }>;
  claim?: { id: string; expiresAt: Date };
}

/** What a beacon received at `now` (in counting's day) counts, or null when it is not counted (DNT, GPC, a robot). Pure: no database. */
export function visitCounts(counting: Counting, request: VisitRequest, beacon: VisitBeacon, now = new Date()): VisitCounts | null {
  if (notCountedBecause(request)) return null;
  const { day, serviceSlugs } = counting;
  const visitor = createHmac("sha256", counting.dayKey).update(`${request.ip}\n${request.userAgent}`).digest("base64url").slice(0, 32);
  const adds: VisitCounts["adds"] = [];
  const once: VisitCounts["once"] = [];
  const add = (dimension: Dimension, value: string, column: Column) => adds.push({ dimension, value, column });
  // Counted once a day per visitor: the key says what for.
  const onceFor = (key: string, dimension: Dimension, value: string, column: Column) =>
    once.push({ key: key.slice(0, 240), dimension, value, column });
  const { utm } = beacon;
  const path = pageOf(beacon.path, serviceSlugs);
  const slug = serviceSlugOf(path);
  // A slug the site has no service for is no service (a forged beacon's "hiv-testing").
  const via = beacon.via && serviceSlugs.has(beacon.via) ? beacon.via : null;
  if (beacon.kind === "view") {
    add("site", "", "views");
    onceFor("site", "site", "", "visitors");
    onceFor("site", "device", deviceClass(request.userAgent!), "visitors");
    // The language of the page viewed (issue 36: not the browser's): a visitor reading in two languages counts in each.
    const language = request.pageLanguage ?? splitLanguagePath(beacon.path).language;
    add("language", language, "views");
    onceFor(`language:${language}`, "language", language, "visitors");
    add("page", path, "views");
    onceFor(`page:${path}`, "page", path, "visitors");
    if (beacon.entry) {
      add("page", path, "entries");
      const domain = referrerDomain(beacon.referrer, request.ownHost);
      if (domain) {
        add("referrer", domain, "entries");
        onceFor(`referrer:${domain}`, "referrer", domain, "visitors");
      }
      if (utm?.campaign) {
        add("campaign", utm.campaign, "entries");
        onceFor(`campaign:${utm.campaign}`, "campaign", utm.campaign, "visitors");
      }
      if (utm?.source) {
        add("source", utm.source, "entries");
        onceFor(`source:${utm.source}`, "source", utm.source, "visitors");
      }
    }
    if (slug) {
      add("service", slug, "views");
      onceFor(`service:${slug}`, "service", slug, "visitors");
    }
    if (CONTACT_PAGE.test(path)) {
      onceFor("contact", "site", "", "contacts");
      if (via) onceFor(`contact:${via}`, "service", via, "contacts");
    }
  } else if (beacon.kind === "start") {
    onceFor("start", "site", "", "starts");
    if (via) onceFor(`start:${via}`, "service", via, "starts");
  } else {
    // Only with a good conversion token (a stored inquiry's, fresh); writeVisitCounts claims it.
    const claim = conversionClaim(counting.secrets, beacon.token, now);
    if (!claim) return { day, visitor, at: now, adds, once };
    const entryPath = beacon.entryPath ? pageOf(beacon.entryPath, serviceSlugs) : null;
    onceFor("sent", "site", "", "conversions");
    if (entryPath) onceFor(`sent-entry:${entryPath}`, "page", entryPath, "conversions");
    if (via) onceFor(`sent:${via}`, "service", via, "conversions");
    if (utm?.campaign) onceFor(`sent-campaign:${utm.campaign}`, "campaign", utm.campaign, "conversions");
    if (utm?.source) onceFor(`sent-source:${utm.source}`, "source", utm.source, "conversions");
    return { day, visitor, at: now, adds, once, claim };
  }

  return { day, visitor, at: now, adds, once };
}

type CountRow = { day: string; dimension: Dimension; value: string } & Record<Column, number>;

/**
 * The visits that count: each conversion token is claimed once, in the database (the first beacon of a
 * batch that carries it; none when it counted before, on this instance or another), and a beacon whose
 * token was claimed already counts nothing.
 */
async function withClaimedTokens(db: Database, visits: readonly VisitCounts[]): Promise<readonly VisitCounts[]> {
  const claims = new Map<string, Date>();
  for (const visit of visits) if (visit.claim) claims.set(visit.claim.id, visit.claim.expiresAt);
  if (claims.size === 0) return visits;
  const rows = await db
    .insert(conversionTokenUses)
    .values([...claims].map(([tokenId, expiresAt]) => ({ tokenId, expiresAt })))
    .onConflictDoNothing()
    .returning({ id: conversionTokenUses.tokenId });
  const claimed = new Set(rows.map((row) => row.id));
  return visits.filter((visit) => !visit.claim || claimed.delete(visit.claim.id));
}

/**
 * Writes the counts of many beacons in two statements (three with conversion tokens to claim): which
 * once-a-day keys are new, then every count they move, summed per day and row, in one upsert.
 */
export async function writeVisitCounts(db: Database, all: readonly VisitCounts[]): Promise<void> {
  const visits = await withClaimedTokens(db, all);
  if (visits.length === 0) return;
  const rows = new Map<string, CountRow>();
  const add = (day: string, dimension: Dimension, value: string, column: Column) => {
    const id = `${day}\u0000${dimension}\u0000${value}`;
    let row = rows.get(id);
    if (!row) {
      row = { day, dimension, value, views: 0, visitors: 0, entries: 0, contacts: 0, starts: 0, conversions: 0 };
      rows.set(id, row);
    }
    row[column] += 1;
  };
  for (const visit of visits) for (const entry of visit.adds) add(visit.day, entry.dimension, entry.value, entry.column);

  // A key new today counts each thing it stands for once, however many beacons of the batch name it.
  const onceByKey = new Map<
    string,
    { day: string; visitor: string; key: string; at: Date; counts: Map<string, { dimension: Dimension; value: string; column: Column }> }
  >();
  for (const visit of visits) {
    for (const entry of visit.once) {
      const id = `${visit.day}\u0000${visit.visitor}\u0000${entry.key}`;
      let seen = onceByKey.get(id);
      if (!seen) {
        seen = { day: visit.day, visitor: visit.visitor, key: entry.key, at: visit.at, counts: new Map() };
        onceByKey.set(id, seen);
      }
      seen.counts.set(`${entry.dimension}\u0000${entry.value}\u0000${entry.column}`, entry);
    }
  }
  if (onceByKey.size > 0) {
    const fresh = await db
      .insert(analyticsSeen)
      .values([...onceByKey.values()].map(({ day, visitor, key, at }) => ({ day, visitor, key, at })))
      .onConflictDoNothing()
      .returning({ day: analyticsSeen.day, visitor: analyticsSeen.visitor, key: analyticsSeen.key });
    for (const { day, visitor, key } of fresh) {
      for (const entry of onceByKey.get(`${day}\u0000${visitor}\u0000${key}`)?.counts.values() ?? [])
        add(day, entry.dimension, entry.value, entry.column);
    }
  }
  if (rows.size > 0) {
    const excluded = (column: string) => sql.raw(`"analytics_daily"."${column}" + excluded."${column}"`);
    await db
      .insert(analyticsDaily)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [analyticsDaily.day, analyticsDaily.dimension, analyticsDaily.value],
        set: Object.fromEntries(COLUMNS.map((column) => [column, excluded(column)])),
      });
  }
}

/** A beacon as it arrived: counted at the next write, in the clinic day of `at`. */
export interface ReceivedVisit {
  request: VisitRequest;
  beacon: VisitBeacon;
  at: Date;
}

/** Counts beacons that arrived: the counting of each day they fall on (its key, the services), then one write. */
export async function countVisits(db: Database, secrets: SecretBox, received: readonly ReceivedVisit[]): Promise<void> {
  const byDay = new Map<string, ReceivedVisit[]>();
  for (const visit of received) {
    const day = clinicDay(visit.at);
    const visits = byDay.get(day);
    if (visits) visits.push(visit);
    else byDay.set(day, [visit]);
  }
  const counts: VisitCounts[] = [];
  for (const [day, visits] of byDay) {
    const counting = await countingOn(db, secrets, day);
    for (const visit of visits) {
      const visitCount = visitCounts(counting, visit.request, visit.beacon, visit.at);
      if (visitCount) counts.push(visitCount);
    }
  }
  await writeVisitCounts(db, counts);
}

/** Counts one beacon at once (tests, and the command line): answers false when it is not counted. */
export async function recordVisit(
  db: Database,
  secrets: SecretBox,
  request: VisitRequest,
  beacon: VisitBeacon,
  now = new Date(),
): Promise<boolean> {
  if (notCountedBecause(request)) return false;
  await countVisits(db, secrets, [{ request, beacon, at: now }]);
  return true;
}

/**
 * The server's visit counting: beacons are kept in memory and counted together at most a second
 * later (a few statements per batch rather than per beacon: on the embedded database a beacon cost
 * 1.6 ms of the server's CPU one at a time; see docs/performance.md): the day's key and the services'
 * slugs are read, conversion tokens claimed, then the counts written. A stop writes what is pending; a
 * crash loses at most that second's counts. The Analytics screen writes what is pending before it reads.
 */
export class VisitCounter {
  private pending: ReceivedVisit[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Beacons per address in the current minute (this instance's). */
  private readonly minute = { started: 0, sent: new Map<string, number>() };

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 1_000,
  ) {}

  /** Whether an address may send another beacon this minute: at most 120 (a forged flood moves counts only that fast). */
  admit(ip: string, now = Date.now()): boolean {
    const minute = Math.floor(now / 60_000);
    if (this.minute.started !== minute) {
      this.minute.started = minute;
      this.minute.sent.clear();
    }
    const sent = (this.minute.sent.get(ip) ?? 0) + 1;
    this.minute.sent.set(ip, sent);
    return sent <= BEACONS_PER_MINUTE;
  }

  /** A beacon that counts (not DNT, GPC or a robot: notCountedBecause), counted with the next batch. */
  add(request: VisitRequest, beacon: VisitBeacon, at = new Date()): void {
    this.pending.push({ request, beacon, at });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  /** Writes what is pending (after any write under way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => countVisits(this.db, this.secrets, batch)).catch(this.onError);
    return this.writing;
  }
}

/** The days from `from` to `to` (YYYY-MM-DD, inclusive). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

type Row = AnalyticsReport["pages"][number];

/** The Analytics screen's figures for a period: sums of the daily counts (a visitor is counted once a day). */
export async function analyticsReport(db: Database, period: { from: string; to: string }): Promise<AnalyticsReport> {
  const rows = await db
    .select()
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, period.from, period.to));
  const sums = new Map<Dimension, Map<string, Row & { contacts: number; starts: number }>>();
  const byDay = new Map<string, { visitors: number; views: number; conversions: number }>();
  for (const row of rows) {
    const dimension = row.dimension as Dimension;
    let values = sums.get(dimension);
    if (!values) {
      values = new Map();
      sums.set(dimension, values);
    }
    const sum = values.get(row.value) ?? { key: row.value, views: 0, visitors: 0, entries: 0, conversions: 0, contacts: 0, starts: 0 };
    for (const column of COLUMNS) sum[column] += row[column];
    values.set(row.value, sum);
    if (dimension === "site") byDay.set(row.day, { visitors: row.visitors, views: row.views, conversions: row.conversions });
  }
  const list = (
    dimension: Dimension,
    order: (a: Row, b: Row) => number = (a, b) => b.visitors - a.visitors || b.views - a.views || a.key.localeCompare(b.key),
  ): Row[] =>
    [...(sums.get(dimension)?.values() ?? [])]
      .map(({ key, views, visitors, entries, conversions }) => ({ key, views, visitors, entries, conversions }))
      .sort(order);
  const site = sums.get("site")?.get("") ?? { visitors: 0, views: 0, starts: 0, conversions: 0 };

  // The funnel of each service the site has (and any slug counted since renamed or removed), most visited first.
  const known = await db.select({ slug: services.slug, title: services.title }).from(services);
  const counted = sums.get("service") ?? new Map();
  const slugs = [...new Set([...known.map((service) => service.slug), ...counted.keys()])];
  const titles = new Map(known.map((service) => [service.slug, service.title]));
  const funnel = slugs
    .map((slug) => {
      const sum = counted.get(slug);
      const visitors = sum?.visitors ?? 0;
      const conversions = sum?.conversions ?? 0;
      return {
        slug,
        title: titles.get(slug) ?? slug,
        visitors,
        contacts: sum?.contacts ?? 0,
        starts: sum?.starts ?? 0,
        conversions,
        rate: visitors > 0 ? conversions / visitors : 0,
      };
    })
    .sort((a, b) => b.visitors - a.visitors || b.conversions - a.conversions || a.title.localeCompare(b.title));

  return {
    from: period.from,
    to: period.to,
    totals: { visitors: site.visitors, views: site.views, starts: site.starts, conversions: site.conversions },
    days: daysBetween(period.from, period.to).map((day) => ({ day, ...(byDay.get(day) ?? { visitors: 0, views: 0, conversions: 0 }) })),
    pages: list("page"),
    referrers: list("referrer"),
    campaigns: list("campaign"),
    sources: list("source"),
    devices: list("device"),
    languages: list("language"),
    funnel,
  };
}
