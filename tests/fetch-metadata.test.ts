import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActivityLog, contactAccess } from "../src/server/db/schema";
import { createTestApp, ORIGIN, type TestApp } from "./setup/test-app";

/**
 * The back office's doors answer only what the site's own script asked for (src/server/http/app.ts,
 * madeByOwnScript): a request the browser made on its own (an <img>, a link, a form, another site)
 * is refused 403 before anything runs or is logged; outside tools (no fetch metadata) keep working.
 * The browser itself is in e2e/admin-forged-requests.spec.ts.
 */
let t: TestApp;
let cookie: string;
let inquiryId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
  inquiryId = (await t.addInquiry({ healthConditions: "Knee pain" })).id;
});
afterAll(() => t.close());

/** What Chromium sends for each way a page can make the browser ask for an address. */
const BROWSER_ON_ITS_OWN: Record<string, Record<string, string>> = {
  "an <img> on one of our pages": { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
  "an <img> on another site": { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
  "a link clicked on one of our pages": {
    "sec-fetch-site": "same-origin",
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
    "sec-fetch-user": "?1",
  },
  "a link on another site": { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
  "the address typed in the bar": {
    "sec-fetch-site": "none",
    "sec-fetch-mode": "navigate",
    "sec-fetch-dest": "document",
    "sec-fetch-user": "?1",
  },
  "a fetch() from a sibling site": { "sec-fetch-site": "same-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
  "a script tag": { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" },
  "a frame": { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" },
};
const OWN_SCRIPT = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };

async function traces() {
  const [log] = await t.deps.db.select({ n: count() }).from(adminActivityLog);
  const [access] = await t.deps.db.select({ n: count() }).from(contactAccess);
  return { log: log!.n, access: access!.n };
}

describe("fetch metadata guard", () => {
  for (const [how, headers] of Object.entries(BROWSER_ON_ITS_OWN)) {
    it(`refuses ${how}: no inquiry opened, no export, nothing logged`, async () => {
      const before = await traces();
      for (const url of [
        "/api/admin/backup",
        `/api/admin/contact/${inquiryId}`,
        "/api/admin/contact/export",
        `/trpc/contact.byId?input=${encodeURIComponent(JSON.stringify({ id: inquiryId }))}`,
        "/api/admin/me",
      ]) {
        const res = await t.request(url, { cookie, headers });
        expect(res.status, url).toBe(403);
        expect(await res.json(), url).toEqual({ message: "Request refused: the browser did not send it from this site's own pages" });
      }
      // A state change a page posts by itself (an auto-submitting form) is refused the same way.
      const post = await t.request(`/api/admin/contact/${inquiryId}/notes`, {
        json: { content: "forged" },
        cookie,
        headers: { ...headers, origin: ORIGIN },
      });
      expect(post.status).toBe(403);
      // The backup, whatever its method: refused before its handler runs.
      const backup = await t.request("/api/admin/backup", { method: "POST", json: {}, cookie, headers: { ...headers, origin: ORIGIN } });
      expect(backup.status).toBe(403);
      expect(await traces()).toEqual(before);
    });
  }

  it("answers the site's own script (fetch from our pages) and outside tools (no fetch metadata), and logs the opening", async () => {
    const before = await traces();
    const own = await t.request(`/api/admin/contact/${inquiryId}?reason=reply`, { cookie, headers: OWN_SCRIPT });
    expect(own.status).toBe(200);
    expect((await own.json()).healthConditions).toBe("Knee pain");
    const tool = await t.request(`/api/admin/contact/${inquiryId}`, { cookie });
    expect(tool.status).toBe(200);
    const csv = await t.request("/api/admin/contact/export", { cookie, headers: { ...OWN_SCRIPT, "sec-fetch-mode": "same-origin" } });
    expect(csv.status).toBe(200);
    await csv.text();
    const after = await traces();
    expect(after.access).toBeGreaterThan(before.access);
    expect(after.log).toBeGreaterThan(before.log);
  });

  it("leaves public pages and the public API alone (links and images reach them)", async () => {
    const res = await t.request("/api/services", { headers: BROWSER_ON_ITS_OWN["a link on another site"] });
    expect(res.status).toBe(200);
  });
});
