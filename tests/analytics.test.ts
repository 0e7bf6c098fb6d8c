import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../src/server/db/client";
import { analyticsDaily, analyticsDayKeys, analyticsSeen, conversionTokenUses } from "../src/server/db/schema";
import {
  analyticsReport,
  countingOn,
  dayKeyOf,
  recordVisit,
  VisitCounter,
  visitCounts,
  type VisitRequest,
} from "../src/server/services/analytics";
import { issueConversionToken } from "../src/server/services/conversion-token";
import { deleteExpiredRows } from "../src/server/services/maintenance";
import { clinicDay } from "../src/shared/clinic-date";
import type { VisitBeacon } from "../src/shared/schemas/analytics";
import { inquiryJson } from "./setup/inquiry";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * First-party analytics (issue 25 items 3 and 4): counted on the server, stored as daily counts that
 * name no one; Do Not Track, Global Privacy Control and robots are not counted; no cookie anywhere.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: true });
});
afterAll(() => t.close());

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
let ipCounter = 0;
/** A visitor of its own (an address and a browser string no other test uses). */
const visitor = (userAgent = CHROME): VisitRequest => ({
  ip: `203.0.113.${++ipCounter}`,
  userAgent,
  doNotTrack: null,
  globalPrivacyControl: null,
  ownHost: "clinic.test",
});

/** POST /api/visit as a browser would send it. */
const beacon = (body: unknown, headers: Record<string, string> = {}, ip = "198.51.100.40") =>
  t.request("/api/visit", { method: "POST", json: body, headers: { "user-agent": CHROME, ...headers }, ip });

/** Every stored analytics row, as text (the beacons' counts written first: the server writes them a second later). */
async function storedText(): Promise<string> {
  await t.deps.visitCounter.flush();
  const daily = await t.deps.db.select().from(analyticsDaily);
  const seen = await t.deps.db.select().from(analyticsSeen);
  return JSON.stringify({ daily, seen });
}

describe("counting", () => {
  it("a page view is counted once a day per visitor, with its device and language; a second visitor counts again", async () => {
    const day = new Date("2031-03-03T18:00:00Z");
    const one = visitor();
    const view: VisitBeacon = { kind: "view", path: "/about", entry: true };
    expect(await recordVisit(t.deps.db, t.deps.secrets, one, view, day)).toBe(true);
    expect(await recordVisit(t.deps.db, t.deps.secrets, one, { kind: "view", path: "/about" }, day)).toBe(true);
    await recordVisit(t.deps.db, t.deps.secrets, visitor(IPHONE), view, day);
    const report = await analyticsReport(t.deps.db, { from: "2031-03-03", to: "2031-03-03" });
    expect(report.totals).toMatchObject({ visitors: 2, views: 3 });
    expect(report.pages.find((page) => page.key === "/about")).toMatchObject({ visitors: 2, views: 3, entries: 2 });
    expect(report.devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "desktop", visitors: 1 }),
        expect.objectContaining({ key: "phone", visitors: 1 }),
      ]),
    );
    // The page's language (an English page), whatever the browser prefers (tests/analytics-languages.test.ts).
    expect(report.languages).toEqual([expect.objectContaining({ key: "en", visitors: 2 })]);
  });

  it("two visits on different days are two visitors", async () => {
    const same = visitor();
    await recordVisit(t.deps.db, t.deps.secrets, same, { kind: "view", path: "/", entry: true }, new Date("2031-04-01T17:00:00Z"));
    await recordVisit(t.deps.db, t.deps.secrets, same, { kind: "view", path: "/", entry: true }, new Date("2031-04-01T20:00:00Z"));
    await recordVisit(t.deps.db, t.deps.secrets, same, { kind: "view", path: "/", entry: true }, new Date("2031-04-02T17:00:00Z"));
    const report = await analyticsReport(t.deps.db, { from: "2031-04-01", to: "2031-04-02" });
    expect(report.totals).toMatchObject({ visitors: 2, views: 3 });
    expect(report.days.map((d) => d.visitors)).toEqual([1, 1]);
  });

  it("a campaign visit through a service page to a sent inquiry is one conversion for the service, the campaign and the entry page", async () => {
    const at = new Date("2031-05-05T16:00:00Z");
    const person = visitor();
    const utm = { source: "newsletter", campaign: "spring-ozone" };
    await recordVisit(
      t.deps.db,
      t.deps.secrets,
      person,
      { kind: "view", path: "/", entry: true, utm, referrer: "https://www.example.org/some/page?who=me" },
      at,
    );
    await recordVisit(t.deps.db, t.deps.secrets, person, { kind: "view", path: "/services/ozone-therapy" }, at);
    await recordVisit(t.deps.db, t.deps.secrets, person, { kind: "view", path: "/contact", via: "ozone-therapy" }, at);
    await recordVisit(t.deps.db, t.deps.secrets, person, { kind: "start", path: "/contact", via: "ozone-therapy" }, at);
    // The token of the inquiry's answer, as the server gave it at that moment.
    const token = issueConversionToken(t.deps.secrets, (await t.addInquiry()).id, false, at);
    await recordVisit(
      t.deps.db,
      t.deps.secrets,
      person,
      { kind: "sent", path: "/contact", via: "ozone-therapy", entryPath: "/", utm, token },
      at,
    );
    // Another visitor looks at the service and leaves.
    await recordVisit(t.deps.db, t.deps.secrets, visitor(), { kind: "view", path: "/services/ozone-therapy", entry: true }, at);

    const report = await analyticsReport(t.deps.db, { from: "2031-05-05", to: "2031-05-05" });
    expect(report.totals).toMatchObject({ visitors: 2, starts: 1, conversions: 1 });
    const ozone = report.funnel.find((row) => row.slug === "ozone-therapy")!;
    expect(ozone).toMatchObject({ title: "Ozone Therapy", visitors: 2, contacts: 1, starts: 1, conversions: 1, rate: 0.5 });
    expect(report.campaigns).toEqual([{ key: "spring-ozone", views: 0, visitors: 1, entries: 1, conversions: 1 }]);
    expect(report.sources).toEqual([expect.objectContaining({ key: "newsletter", conversions: 1 })]);
    expect(report.referrers).toEqual([expect.objectContaining({ key: "example.org", visitors: 1 })]);
    expect(report.pages.find((page) => page.key === "/")).toMatchObject({ entries: 1, conversions: 1 });
    // Every service has a funnel line, visited or not.
    expect(report.funnel.map((row) => row.slug)).toEqual(expect.arrayContaining(["stem-cell-therapy", "ozone-therapy", "prp-therapy"]));
  });
});

describe("POST /api/visit", () => {
  it("counts a browser's view and sets no cookie; Do Not Track, Global Privacy Control and robots are not counted", async () => {
    const counted = await beacon({ kind: "view", path: "/news", entry: true });
    expect(counted.status).toBe(200);
    expect(await counted.json()).toEqual({ counted: true });
    expect(counted.headers.get("set-cookie")).toBeNull();

    const before = await storedText();
    const refused: Array<Record<string, string>> = [
      { dnt: "1" },
      { "sec-gpc": "1" },
      { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "user-agent": `${CHROME} HeadlessChrome` },
    ];
    for (const headers of refused) {
      const res = await beacon({ kind: "view", path: "/news", entry: true }, headers, "198.51.100.41");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ counted: false });
    }
    expect(await storedText()).toBe(before);
  });

  it("a path no page answers counts as the 404 page, not as a row of its own", async () => {
    for (const path of ["/made-up-page-one", "/made-up/page/two", "/news/a/b"]) {
      expect(await (await beacon({ kind: "view", path, entry: true }, {}, "198.51.100.44")).json()).toEqual({ counted: true });
    }
    const text = await storedText();
    expect(text).not.toContain("made-up");
    expect(text).not.toContain("/news/a/b");
    const today = clinicDay(new Date());
    const notFound = (await analyticsReport(t.deps.db, { from: today, to: today })).pages.find((page) => page.key === "(not found)");
    expect(notFound).toMatchObject({ views: 3, visitors: 1 });
  });

  it("refuses what is not a public page's path, a query string, and a body over 2 KB, storing nothing", async () => {
    const before = await storedText();
    for (const path of ["/admin/dashboard", "/api/health", "/services?name=x", "services", `/${"x".repeat(300)}`]) {
      expect((await beacon({ kind: "view", path }, {}, "198.51.100.42")).status).toBe(400);
    }
    expect((await beacon({ kind: "view", path: "/", referrer: "x".repeat(3000) }, {}, "198.51.100.42")).status).toBe(413);
    expect(
      (
        await t.request("/api/visit", {
          method: "POST",
          body: "not json",
          headers: { "content-type": "application/json", "user-agent": CHROME },
        })
      ).status,
    ).toBe(400);
    expect(await storedText()).toBe(before);
  });

  it("the stored rows hold no address, browser string, query string other than utm, or anything of an inquiry", async () => {
    const name = "Analytics Privacy Person";
    const sent = await t.request("/api/contact", {
      method: "POST",
      body: inquiryJson(t.deps.secrets, name),
      headers: { "content-type": "application/json" },
      ip: "198.51.100.43",
    });
    expect(sent.status).toBe(201);
    const { id, conversionToken } = (await sent.json()) as { id: number; conversionToken: string };
    const utm = { campaign: "privacy-check" };
    await beacon(
      {
        kind: "view",
        path: "/contact",
        entry: true,
        utm,
        referrer: "https://search.example.com/?q=knee+pain+treatment&email=who%40example.com",
      },
      {},
      "198.51.100.43",
    );
    await beacon({ kind: "sent", path: "/contact", entryPath: "/contact", utm, token: conversionToken }, {}, "198.51.100.43");
    const text = await storedText();
    expect(text).toMatch(/"key":"sent-campaign:privacy-check"/);
    // The token's use is kept as a hash of it, which names no inquiry.
    const uses = JSON.stringify(await t.deps.db.select().from(conversionTokenUses));
    expect(uses).not.toContain(conversionToken.split(".")[0]!);
    expect(uses).not.toContain(`"${id}"`);
    expect(text).toContain("privacy-check");
    expect(text).toContain("search.example.com");
    for (const secret of [
      "198.51.100.43",
      "Windows NT",
      "Chrome/131",
      "knee",
      "q=",
      "who@example.com",
      "who%40",
      name,
      "analytics.privacy.person",
      "801-555",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("today's visitor hashes are gone after the hourly housekeeping once 23 hours old; the counts stay", async () => {
    const at = new Date("2031-06-06T15:00:00Z");
    await recordVisit(t.deps.db, t.deps.secrets, visitor(), { kind: "view", path: "/about", entry: true }, at);
    const seenOn = async (day: string) => (await t.deps.db.select().from(analyticsSeen)).filter((row) => row.day === day).length;
    expect(await seenOn(clinicDay(at))).toBeGreaterThan(0);
    await deleteExpiredRows(t.deps.db, new Date(at.getTime() + 23 * 60 * 60_000 + 1));
    expect(await seenOn(clinicDay(at))).toBe(0);
    expect((await analyticsReport(t.deps.db, { from: "2031-06-06", to: "2031-06-06" })).totals.visitors).toBe(1);
  });
});

describe("public pages", () => {
  it("set no cookie", async () => {
    for (const path of [
      "/",
      "/about",
      "/services",
      "/services/ozone-therapy",
      "/news",
      "/contact",
      "/privacy",
      "/terms",
      "/hipaa-authorization",
      "/no-such-page",
    ]) {
      const res = await t.request(path, { headers: { "user-agent": CHROME } });
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
  });
});

describe("GET /api/admin/analytics", () => {
  it("answers roles that see the figures (Marketing) and refuses others (Front desk)", async () => {
    const marketing = await t.cookieFor(await t.createAdmin({ role: "marketing" }));
    const res = await t.request("/api/admin/analytics?from=2031-05-05&to=2031-05-05", { cookie: marketing });
    expect(res.status).toBe(200);
    expect((await res.json()).totals.conversions).toBe(1);
    const desk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    expect((await t.request("/api/admin/analytics?from=2031-05-05&to=2031-05-05", { cookie: desk })).status).toBe(403);
    expect((await t.request("/api/admin/analytics?from=2031-05-06&to=2031-05-05", { cookie: marketing })).status).toBe(400);
  });
});

describe("the server's counter", () => {
  it("writes a second's beacons together, each visitor once a day however many beacons of the batch name them", async () => {
    const at = new Date("2031-07-07T16:00:00Z");
    const one = visitor();
    const two = visitor(IPHONE);
    const batch = [
      { request: one, beacon: { kind: "view", path: "/", entry: true } },
      { request: one, beacon: { kind: "view", path: "/about" } },
      { request: one, beacon: { kind: "view", path: "/" } },
      { request: two, beacon: { kind: "view", path: "/", entry: true } },
    ] satisfies Array<{ request: VisitRequest; beacon: VisitBeacon }>;
    const counter = new VisitCounter(
      t.deps.db,
      t.deps.secrets,
      (error) => {
        throw error;
      },
      60_000,
    );
    for (const { request, beacon } of batch) counter.add(request, beacon, at);
    expect((await analyticsReport(t.deps.db, { from: "2031-07-07", to: "2031-07-07" })).totals.views).toBe(0);
    await counter.flush();
    const report = await analyticsReport(t.deps.db, { from: "2031-07-07", to: "2031-07-07" });
    expect(report.totals).toMatchObject({ visitors: 2, views: 4 });
    expect(report.pages.find((page) => page.key === "/")).toMatchObject({ views: 3, visitors: 2, entries: 2 });
    expect(report.devices.map((row) => [row.key, row.visitors]).sort()).toEqual([
      ["desktop", 1],
      ["phone", 1],
    ]);
  });
});

/** Another instance on this database: on PostgreSQL with connections of its own, as a second server's. */
async function secondInstance(): Promise<TestApp> {
  if (t.engine !== "postgres")
    return createTestApp({ web: true, database: { handle: t.deps.database, drop: async () => {}, engine: t.engine } });
  const [current] = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${current!.name}`;
  const handle = await openPostgres(url.toString());
  return createTestApp({ web: true, database: { handle, drop: () => handle.close(), engine: "postgres" } });
}

describe("the day's key (issue 34 item 8)", () => {
  it("is random: two sites with the same SECRET_KEY make different visitors of the same address and browser on the same day", async () => {
    const other = await createTestApp();
    try {
      const day = "2031-08-08";
      const person = visitor();
      const hashOn = async (app: TestApp) =>
        visitCounts(
          await countingOn(app.deps.db, app.deps.secrets, day),
          person,
          { kind: "view", path: "/" },
          new Date("2031-08-08T18:00:00Z"),
        )!.visitor;
      expect(await hashOn(t)).toBe(await hashOn(t));
      expect(await hashOn(other)).not.toBe(await hashOn(t));
      // Stored sealed, not as the key's bytes.
      const [row] = await t.deps.db.select().from(analyticsDayKeys).where(sql`${analyticsDayKeys.day} = ${day}`);
      expect(row!.key).toMatch(/^v2:[0-9a-f]{8}:/);
      expect(row!.key).not.toContain(Buffer.from(await dayKeyOf(t.deps.db, t.deps.secrets, day)).toString("base64"));
    } finally {
      await other.close();
    }
  });

  it("is one key a day for two instances on one database, made once when both count first at the same moment", async () => {
    const b = await secondInstance();
    try {
      const day = "2031-08-09";
      const at = new Date("2031-08-09T18:00:00Z");
      const [keyA, keyB] = await Promise.all([dayKeyOf(t.deps.db, t.deps.secrets, day), dayKeyOf(b.deps.db, b.deps.secrets, day)]);
      expect(Buffer.from(keyA).equals(Buffer.from(keyB))).toBe(true);
      expect((await t.deps.db.select().from(analyticsDayKeys)).filter((row) => row.day === day)).toHaveLength(1);
      // So one visitor through both instances counts once.
      const person = visitor();
      await Promise.all([
        recordVisit(t.deps.db, t.deps.secrets, person, { kind: "view", path: "/", entry: true }, at),
        recordVisit(b.deps.db, b.deps.secrets, person, { kind: "view", path: "/" }, at),
      ]);
      expect((await analyticsReport(t.deps.db, { from: day, to: day })).totals).toMatchObject({ visitors: 1, views: 2 });
    } finally {
      await b.close();
    }
  });

  it("is gone once its day is over (hourly housekeeping): that day's visitors can never be hashed again", async () => {
    const day = "2031-09-09";
    const key = await dayKeyOf(t.deps.db, t.deps.secrets, day);
    const keysOf = async () => (await t.deps.db.select().from(analyticsDayKeys)).filter((row) => row.day === day).length;
    // 23:30 in Utah on that day: kept.
    await deleteExpiredRows(t.deps.db, new Date("2031-09-10T05:30:00Z"));
    expect(await keysOf()).toBe(1);
    // 00:30 the next day: deleted.
    await deleteExpiredRows(t.deps.db, new Date("2031-09-10T06:30:00Z"));
    expect(await keysOf()).toBe(0);
    expect(Buffer.from(await dayKeyOf(t.deps.db, t.deps.secrets, day)).equals(Buffer.from(key))).toBe(false);
  });
});

describe("conversions need a stored inquiry's token (issue 34 item 8)", () => {
  let ipCount = 0;
  /** An inquiry sent as the contact page sends it, from an address of its own; its answer. */
  const inquire = async (extra: Record<string, unknown> = {}) => {
    const body = { ...(JSON.parse(inquiryJson(t.deps.secrets, `Conversion Person ${++ipCount}`)) as Record<string, unknown>), ...extra };
    const res = await t.request("/api/contact", { json: body, ip: `192.0.2.${ipCount}` });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; conversionToken: string };
  };
  const today = () => clinicDay(new Date());
  const report = async (app: TestApp = t) => {
    await app.deps.visitCounter.flush();
    return analyticsReport(app.deps.db, { from: today(), to: today() });
  };
  const conversions = async () => (await report()).totals.conversions;
  /** The page's "sent" beacon, from a visitor of its own unless `ip` is given. */
  const sent = async (token: string | undefined, ip = `198.18.0.${++ipCounter}`, app: TestApp = t) => {
    const res = await app.request("/api/visit", {
      json: { kind: "sent", path: "/contact", entryPath: "/", ...(token ? { token } : {}) },
      headers: { "user-agent": CHROME },
      ip,
    });
    // The answer is the same whatever the token: a bot learns nothing of it.
    expect(await res.json()).toEqual({ counted: true });
  };

  it("without a token, with a forged, stale or spam inquiry's token nothing counts; a real inquiry's counts once", async () => {
    const before = await conversions();
    await sent(undefined);
    const real = await inquire();
    const [body, signature] = real.conversionToken.split(".") as [string, string];
    await sent(`${body}.${"A".repeat(signature.length)}`);
    const otherInquiry = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), i: real.id + 1000 }),
    ).toString("base64url");
    await sent(`${otherInquiry}.${signature}`);
    await sent(issueConversionToken(t.deps.secrets, real.id, false, new Date(Date.now() - 11 * 60_000)));
    // Spam (the honeypot filled) gets an answer of the same shape, and a token that never counts.
    const spam = await inquire({ website: "https://spam.example" });
    expect(Object.keys(spam).sort()).toEqual(Object.keys(real).sort());
    expect(spam.conversionToken).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(spam.conversionToken.length).toBe(real.conversionToken.length - String(real.id).length + String(spam.id).length);
    await sent(spam.conversionToken);
    expect(await conversions()).toBe(before);

    await sent(real.conversionToken, "198.18.1.1");
    expect(await conversions()).toBe(before + 1);
    // Used once: again, from the same visitor or another, it counts nothing.
    await sent(real.conversionToken, "198.18.1.1");
    await sent(real.conversionToken, "198.18.1.2");
    expect(await conversions()).toBe(before + 1);
  });

  it("one token sent through two instances at the same moment counts once", async () => {
    const b = await secondInstance();
    try {
      const before = await conversions();
      const { conversionToken } = await inquire();
      await Promise.all([sent(conversionToken, "198.18.2.1"), sent(conversionToken, "198.18.2.2", b)]);
      await Promise.all([t.deps.visitCounter.flush(), b.deps.visitCounter.flush()]);
      expect(await conversions()).toBe(before + 1);
    } finally {
      await b.close();
    }
  });

  it("a service slug the site does not have is no service: not in the funnel, its page the 404's", async () => {
    const ip = "198.18.3.1";
    const { conversionToken } = await inquire();
    const before = (await report()).pages.find((page) => page.key === "(not found)")?.views ?? 0;
    for (const body of [
      { kind: "view", path: "/services/hiv-testing", entry: true },
      { kind: "view", path: "/es/services/hiv-testing" },
      { kind: "view", path: "/contact", via: "hiv-testing" },
      { kind: "start", path: "/contact", via: "hiv-testing" },
      { kind: "sent", path: "/contact", via: "hiv-testing", entryPath: "/services/hiv-testing", token: conversionToken },
    ]) {
      expect(await (await beacon(body, {}, ip)).json()).toEqual({ counted: true });
    }
    const after = await report();
    expect(after.funnel.map((row) => row.slug)).not.toContain("hiv-testing");
    expect(JSON.stringify(after)).not.toContain("hiv-testing");
    expect(after.pages.find((page) => page.key === "(not found)")).toMatchObject({ views: before + 2 });
    // The inquiry itself was real: it counts for the site (and the 404 page it entered on), not for the made-up service.
    expect((await t.deps.db.select().from(analyticsSeen)).map((row) => row.key)).toEqual(
      expect.arrayContaining(["sent", "sent-entry:(not found)"]),
    );
  });
});
