import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";
import { callOf, entriesOf, type Fixtures, makeFixtures, ROUTES, valuesOf } from "./setup/door-calls";

/**
 * English is the words' own language: every public read of the REST mirror answers `?lang=en` exactly,
 * byte for byte, as it answers without `lang` (issue 39: it used to add `language` and `languages`).
 * Every public GET route is walked, from the routes themselves (tests/setup/door-calls.ts) with the
 * example beside its input (src/server/rest/examples.ts), each door of it (GET /api/news and its page):
 * a new public read is held too. An answer that differs between two plain reads (a fresh form token) is
 * compared through what it carries, named below; a new one fails here until it is named.
 */
let t: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  fixtures = await makeFixtures(t, await t.cookieFor(await t.createAdmin({ role: "super_admin" })));
});
afterAll(() => t.close());

/** What an answer that is new at each read carries, for comparing: the form token's signed payload without its moment and nonce. */
const CARRIED: Record<string, (body: string) => unknown> = {
  "GET /api/contact/form-token": (body) => {
    const token = (JSON.parse(body) as { formToken: string }).formToken;
    const { iat: _iat, n: _n, ...carried } = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
    return carried;
  },
};

// A clinician's calendar feed is no read of the site: its address is a secret, it has no words in a
// language, and one that is not a live secret answers 404 (tests/booking-portal.test.ts holds it).
const publicReads = ROUTES.filter(
  (route) => route.method === "GET" && route.op.access === "public" && !route.path.startsWith("/api/booking/feed/"),
);

async function read(url: string) {
  const res = await t.request(url);
  return { status: res.status, type: res.headers.get("content-type"), etag: res.headers.get("etag"), body: await res.text() };
}

describe("?lang=en answers as no lang does", () => {
  it("walks the public reads, those in a language among them", () => {
    const keys = publicReads.map((route) => route.key);
    for (const key of ["GET /api/services", "GET /api/services/{slug}", "GET /api/news/{slug}", "GET /api/team", "GET /api/content"])
      expect(keys).toContain(key);
    expect(publicReads.length).toBeGreaterThan(15);
  });

  it("answers every public read byte for byte alike", async () => {
    const different: string[] = [];
    let compared = 0;
    for (const route of publicReads) {
      for (const entry of entriesOf(route)) {
        const { lang: _lang, ...values } = valuesOf(entry, fixtures) ?? {};
        const { url } = callOf(entry, values);
        const english = `${url}${url.includes("?") ? "&" : "?"}lang=en`;
        const [plain, again, inEnglish] = [await read(url), await read(url), await read(english)];
        expect(plain.status, `${url}: ${plain.body.slice(0, 200)}`).toBeLessThan(300);
        const carried = CARRIED[route.key];
        if (carried) {
          expect(carried(inEnglish.body), english).toEqual(carried(plain.body));
        } else {
          expect(again.body, `${route.key} answers differently at each read: say what it carries in CARRIED`).toBe(plain.body);
          if (inEnglish.body !== plain.body || inEnglish.status !== plain.status || inEnglish.type !== plain.type)
            different.push(`${english}\n  without lang: ${plain.body.slice(0, 300)}\n  with lang=en: ${inEnglish.body.slice(0, 300)}`);
          else if (plain.etag) expect(inEnglish.etag, english).toBe(plain.etag);
        }
        compared++;
      }
    }
    expect(different).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(publicReads.length);
  });

  it("still says, in English, the languages a translated service has a page in", async () => {
    const links = (await (await t.request("/api/services?lang=es")).json()) as Array<{ slug: string; language: string }>;
    const translated = links.find((service) => service.language === "es");
    expect(translated).toBeDefined();
    const one = await (await t.request(`/api/services/${translated!.slug}`)).json();
    expect(one.languages).toContain("es");
    expect(one).not.toHaveProperty("language");
  });
});
