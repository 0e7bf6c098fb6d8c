import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsReport } from "../src/server/services/analytics";
import { clinicDay } from "../src/shared/clinic-date";
import { CONTACT_PAGE, SERVICE_PAGE } from "../src/shared/visit-rules";
import { inquiryJson } from "./setup/inquiry";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Analytics in every language (issue 36 item 10): a visit to /es/services/<slug> was missed by the
 * service funnel, and every visit's language was counted as the browser's (English for a clinic owner
 * trying the Spanish pages). Now a service page counts for its service in every language, the contact
 * page in every language counts the way from it, and a view counts in the language of the page visited.
 * Through the beacon's real door (POST /api/visit) and the real database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ web: true });
});
afterAll(() => t.close());

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** An English-speaking browser: what it prefers no longer says what it read. */
const ENGLISH_BROWSER = { "user-agent": CHROME, "accept-language": "en-US,en;q=0.9" };

let ipCount = 0;
/** A visitor of its own: its beacons, as the public pages' script sends them. */
function visitor() {
  const ip = `198.18.36.${++ipCount}`;
  return async (body: Record<string, unknown>) => {
    const res = await t.request("/api/visit", { method: "POST", json: body, headers: ENGLISH_BROWSER, ip });
    expect(await res.json()).toEqual({ counted: true });
  };
}
const today = () => clinicDay(new Date());
async function report() {
  await t.deps.visitCounter.flush();
  return analyticsReport(t.deps.db, { from: today(), to: today() });
}
const funnelOf = async (slug: string) => (await report()).funnel.find((row) => row.slug === slug)!;
const languageRow = async (key: string) =>
  (await report()).languages.find((row) => row.key === key) ?? { key, views: 0, visitors: 0, entries: 0, conversions: 0 };

describe("the service funnel in every language", () => {
  it("a Spanish visit through /es/services/<slug> and /es/contact to a sent inquiry counts for that service, as an English one does", async () => {
    const before = await funnelOf("ozone-therapy");
    const send = visitor();
    await send({ kind: "view", path: "/es/", entry: true });
    await send({ kind: "view", path: "/es/services/ozone-therapy" });
    await send({ kind: "view", path: "/es/contact", via: "ozone-therapy" });
    await send({ kind: "start", path: "/contact", via: "ozone-therapy" });
    const answer = await t.request("/api/contact", { json: JSON.parse(inquiryJson(t.deps.secrets, "Funnel Espanol")), ip: "192.0.2.36" });
    expect(answer.status).toBe(201);
    const { conversionToken } = (await answer.json()) as { conversionToken: string };
    await send({ kind: "sent", path: "/contact", via: "ozone-therapy", entryPath: "/es/", token: conversionToken });

    const after = await funnelOf("ozone-therapy");
    expect({
      visitors: after.visitors - before.visitors,
      contacts: after.contacts - before.contacts,
      starts: after.starts - before.starts,
      conversions: after.conversions - before.conversions,
    }).toEqual({ visitors: 1, contacts: 1, starts: 1, conversions: 1 });
    // The page itself is listed under its own address, and the entry page's conversion too.
    const pages = (await report()).pages;
    expect(pages.find((page) => page.key === "/es/services/ozone-therapy")).toMatchObject({ views: 1, visitors: 1 });
    expect(pages.find((page) => page.key === "/es/")).toMatchObject({ entries: 1, conversions: 1 });
  });

  it("a Chinese service page counts for its service too, and a slug the site does not have stays the 404's in every language", async () => {
    const before = await funnelOf("prp-therapy");
    const send = visitor();
    await send({ kind: "view", path: "/zh/services/prp-therapy", entry: true });
    await send({ kind: "view", path: "/zh/contact", via: "prp-therapy" });
    await send({ kind: "view", path: "/zh/services/hiv-testing" });
    const after = await funnelOf("prp-therapy");
    expect([after.visitors - before.visitors, after.contacts - before.contacts]).toEqual([1, 1]);
    const counted = await report();
    expect(counted.funnel.map((row) => row.slug)).not.toContain("hiv-testing");
    expect(counted.pages.map((page) => page.key)).not.toContain("/zh/services/hiv-testing");
  });

  it("the public pages' script knows a service page and the contact page in every language (the via it sends)", () => {
    for (const path of ["/services/ozone-therapy", "/es/services/ozone-therapy", "/zh/services/ozone-therapy/"])
      expect(SERVICE_PAGE.exec(path)?.[1], path).toBe("ozone-therapy");
    for (const path of ["/fr/services/ozone-therapy", "/es/services", "/services/ozone-therapy/more"])
      expect(SERVICE_PAGE.test(path), path).toBe(false);
    for (const path of ["/contact", "/es/contact", "/zh/contact"]) expect(CONTACT_PAGE.test(path), path).toBe(true);
    expect(CONTACT_PAGE.test("/es/contactos")).toBe(false);
  });
});

describe("the language of the page visited", () => {
  it("counts /es/ and /zh/ pages as Spanish and Chinese from an English browser, each visitor once a day per language, and every view", async () => {
    const before = { en: await languageRow("en"), es: await languageRow("es"), zh: await languageRow("zh") };
    const reader = visitor();
    await reader({ kind: "view", path: "/zh/", entry: true });
    await reader({ kind: "view", path: "/zh/services/ozone-therapy" });
    await reader({ kind: "view", path: "/zh/about" });
    await reader({ kind: "view", path: "/about" });
    const other = visitor();
    await other({ kind: "view", path: "/es/services/stem-cell-therapy", entry: true });
    // A Spanish address no page answers is the 404 page's, and still a Spanish page.
    await other({ kind: "view", path: "/es/no-such-page" });

    const after = { en: await languageRow("en"), es: await languageRow("es"), zh: await languageRow("zh") };
    const moved = (key: "en" | "es" | "zh") => [after[key].visitors - before[key].visitors, after[key].views - before[key].views];
    expect({ en: moved("en"), es: moved("es"), zh: moved("zh") }).toEqual({ en: [1, 1], es: [1, 2], zh: [1, 3] });
    // Nothing is counted under the browser's preference any more.
    expect((await report()).languages.map((row) => row.key).sort()).toEqual(["en", "es", "zh"]);
  });
});
