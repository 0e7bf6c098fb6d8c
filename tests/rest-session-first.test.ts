import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";
import { ROUTES, type Route } from "./setup/door-calls";

/**
 * A protected route answers 401 to a caller without a session before it judges anything of its path
 * (issue 39: a contract run generated from the OpenAPI document sent `/versions/abc` without a session
 * and got 404 where the document says 401). Every route of the REST mirror that is not public and has a
 * path parameter is walked, from the routes themselves (tests/setup/door-calls.ts): a new one is too.
 * Signed in, the same junk is an unknown record (404), never a 400 or a 500.
 */
let t: TestApp;
let superCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  superCookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

/** Path parameters that are no record, no kind, no language: each parameter of the route gets one. */
const JUNK = ["abc", "0x4", "-1", "1.5", "99999999999"];

const protectedWithParams = ROUTES.filter((route) => route.op.access !== "public" && /:\w+/.test(route.path));
const junkPath = (route: Route, junk: string) => route.path.replace(/:(\w+)/g, encodeURIComponent(junk));

describe("a protected route checks the session before its path", () => {
  it("has routes to walk, the six version routes among them", () => {
    const versions = protectedWithParams.filter((route) => route.path.includes("/versions/:version"));
    expect(versions).toHaveLength(6);
    expect(protectedWithParams.length).toBeGreaterThan(30);
  });

  it("answers 401 without a session, whatever the junk in the path", async () => {
    const wrong: string[] = [];
    for (const route of protectedWithParams) {
      for (const junk of JUNK) {
        const res = await t.request(junkPath(route, junk), { method: route.method });
        if (res.status !== 401) wrong.push(`${route.method} ${junkPath(route, junk)}: ${res.status} ${await res.text()}`);
        else expect((await res.json()).message).toBeTruthy();
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 (not 400, not 500) to a super admin for a record id that is no id", async () => {
    const wrong: string[] = [];
    const numeric = protectedWithParams.filter((route) => /:(id|version)\b/.test(route.path));
    expect(numeric.length).toBeGreaterThan(20);
    for (const route of numeric) {
      const path = route.path
        .replace(/:(id|version)\b/g, "abc")
        .replace(/:(\w+)/g, (_, name: string) => (name === "language" ? "es" : "x"));
      const res = await t.request(path, { method: route.method, cookie: superCookie });
      if (res.status !== 404) wrong.push(`${route.method} ${path}: ${res.status} ${await res.text()}`);
    }
    expect(wrong).toEqual([]);
  });
});
