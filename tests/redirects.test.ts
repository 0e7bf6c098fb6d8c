import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActivityLog, notFoundLog, redirects } from "../src/server/db/schema";
import { createHttpServer } from "../src/server/http/http-server";
import { deleteExpiredRows } from "../src/server/services/maintenance";
import { NOT_FOUND_LOG_MAX_PATHS } from "../src/server/services/not-found-log";
import { REDIRECT_MESSAGES } from "../src/shared/schemas/redirects";
import { accessDeniedMessage } from "../src/shared/permissions";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * Issue 39, items 1 and 2: old addresses keep working (301 to the new one, in each language, one hop),
 * a deleted record's page answers 410, staff redirects stay on this site, and the 404 log keeps the
 * path and the referrer's domain only. Visitors' requests go through the real HTTP server.
 */
let t: TestApp;
let server: Server;
let base: string;
let cookie: string;
let caller: Awaited<ReturnType<TestApp["callerFor"]>>;

beforeAll(async () => {
  t = await createTestApp({ web: true });
  server = createHttpServer(t.app, t.deps);
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await t.createAdmin();
  cookie = await t.cookieFor(admin);
  caller = await t.callerFor(admin);
});
afterAll(async () => {
  await t.deps.addressLog.flush(); // the last visits' counts, before the database closes
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** A visitor's GET through the real server, redirects not followed. */
const visit = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { redirect: "manual", headers });

let counter = 0;
const word = () => `r${++counter}${Math.random().toString(36).slice(2, 6)}`;

async function newService(slug: string, isPublished = true) {
  return caller.services.create({
    title: `Service ${slug}`,
    shortDescription: "Short",
    description: "Long",
    imageAlt: "A picture",
    slug,
    isPublished,
  });
}

async function renameService(id: number, slug: string) {
  const current = await caller.services.byId({ id });
  return caller.services.update({
    id,
    title: current.title,
    shortDescription: current.shortDescription,
    description: current.description,
    imageAlt: current.imageAlt ?? "A picture",
    slug,
  });
}

const staff = (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
  t.request(path, { method: init.method, json: init.json, cookie: init.cookie ?? cookie });

describe("a renamed service", () => {
  it("answers one 301 hop from both old addresses to the new one, in en, es and zh", async () => {
    const [a, b, c] = [word(), word(), word()];
    const service = await newService(a);
    // The old page cached (and on the fast lane: a second visit without cookies) before the rename: no stale answer after.
    for (let i = 0; i < 2; i++) expect((await visit(`/es/services/${a}`)).status).toBe(200);
    await renameService(service.id, b);
    await renameService(service.id, c);
    for (const prefix of ["", "/es", "/zh"]) {
      for (const old of [a, b]) {
        const res = await visit(`${prefix}/services/${old}?utm_source=mail`);
        expect(res.status, `${prefix}/services/${old}`).toBe(301);
        expect(res.headers.get("location")).toBe(`${prefix}/services/${c}?utm_source=mail`);
      }
      // One hop: the target is the page itself.
      expect((await visit(`${prefix}/services/${c}`)).status).toBe(200);
    }
    // The REST read keeps its 404.
    expect((await visit(`/api/services/${a}`)).status).toBe(404);
    // Counted: 3 languages x 1 visit from `a`.
    await t.deps.addressLog.flush();
    const [row] = await t.deps.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, `/services/${a}`));
    expect(row).toMatchObject({ toPath: `/services/${c}`, origin: "slug", hits: 3 });
    expect(row!.lastHitAt).toBeInstanceOf(Date);
  });

  it("renamed back to an old slug: the page answers, and no redirect loops", async () => {
    const [a, b] = [word(), word()];
    const service = await newService(a);
    await renameService(service.id, b);
    await renameService(service.id, a);
    expect((await visit(`/services/${a}`)).status).toBe(200);
    const res = await visit(`/services/${b}`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`/services/${a}`);
    const rows = await t.deps.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, `/services/${a}`));
    expect(rows).toEqual([]);
  });

  it("a draft renamed leaves no redirect", async () => {
    const [a, b] = [word(), word()];
    const service = await newService(a, false);
    await renameService(service.id, b);
    expect(
      await t.deps.db
        .select()
        .from(redirects)
        .where(eq(redirects.fromPath, `/services/${a}`)),
    ).toEqual([]);
  });
});

describe("a deleted article", () => {
  it("answers 410 with the not-found page in each language (the REST read keeps its 404), until staff point it somewhere", async () => {
    const slug = word();
    const article = await caller.news.create({
      title: "An article to delete",
      slug,
      summary: "A summary of the article",
      isPublished: true,
      publishedAt: new Date(Date.now() - 60_000),
    });
    expect((await visit(`/news/${slug}`)).status).toBe(200);
    await caller.news.delete({ id: article.id });
    const gone = await visit(`/news/${slug}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("Article Not Found");
    expect((await visit(`/es/news/${slug}`)).status).toBe(410);
    expect((await visit(`/api/news/${slug}`)).status).toBe(404);
    // Staff point it to the news list.
    const [row] = await t.deps.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, `/news/${slug}`));
    expect(row).toMatchObject({ toPath: null, origin: "deleted" });
    expect((await staff(`/api/admin/redirects/${row!.id}`, { method: "PUT", json: { toPath: "/news" } })).status).toBe(200);
    const moved = await visit(`/zh/news/${slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/zh/news");
  });
});

describe("staff redirects", () => {
  it("to another host, or not a path, are refused with a clear message, and nothing is stored", async () => {
    const from = `/old-${word()}`;
    for (const toPath of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "evil.example",
      "/a//b",
      "javascript:alert(1)",
    ]) {
      const res = await staff("/api/admin/redirects", { method: "POST", json: { fromPath: from, toPath } });
      expect(res.status, toPath).toBe(400);
      expect(await res.text()).toContain(REDIRECT_MESSAGES.sitePath);
    }
    const reserved = await staff("/api/admin/redirects", { method: "POST", json: { fromPath: "/api/services", toPath: "/" } });
    expect(reserved.status).toBe(400);
    expect(await t.deps.db.select().from(redirects).where(eq(redirects.fromPath, from))).toEqual([]);
  });

  it("a loop is refused; a chain is kept one hop long; every change is in the activity log", async () => {
    const [a, b, c] = [`/a-${word()}`, `/b-${word()}`, `/c-${word()}`];
    const first = await staff("/api/admin/redirects", { method: "POST", json: { fromPath: a, toPath: b } });
    expect(first.status).toBe(201);
    const loop = await staff("/api/admin/redirects", { method: "POST", json: { fromPath: b, toPath: a } });
    expect(loop.status).toBe(400);
    expect(await loop.text()).toContain(REDIRECT_MESSAGES.loop);
    const itself = await staff("/api/admin/redirects", { method: "POST", json: { fromPath: c, toPath: c } });
    expect(itself.status).toBe(400);
    // b -> c: a (which went to b) now goes to c directly.
    expect((await staff("/api/admin/redirects", { method: "POST", json: { fromPath: b, toPath: c } })).status).toBe(201);
    const res = await visit(a);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(c);
    // A path without a language holds in each language.
    expect((await visit(`/es${a}`)).headers.get("location")).toBe(`/es${c}`);
    const id = ((await first.json()) as { id: number }).id;
    expect((await staff(`/api/admin/redirects/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await visit(a)).status).toBe(404);
    const logged = await t.deps.db.select().from(adminActivityLog).where(eq(adminActivityLog.resourceType, "redirect"));
    const actions = logged.filter((line) => (line.details as { label?: string }).label === a).map((line) => line.action);
    expect(actions).toEqual(expect.arrayContaining(["create", "delete"]));
  });

  it("need the content permission (403 without it)", async () => {
    const frontDesk = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
    const denied = accessDeniedMessage("content.edit");
    for (const [method, path, json] of [
      ["GET", "/api/admin/redirects", undefined],
      ["POST", "/api/admin/redirects", { fromPath: "/x-denied", toPath: "/" }],
      ["GET", "/api/admin/not-found-log", undefined],
    ] as const) {
      const res = await staff(path, { method, json, cookie: frontDesk });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.text()).toContain(denied);
    }
  });
});

describe("the 404 log", () => {
  it("counts a missing page address without its query string, and keeps only the referrer's domain", async () => {
    const path = `/no-such-page-${word()}`;
    await visit(`${path}?email=someone%40example.com`, { referer: "https://www.search.example/results?q=private+words" });
    await visit(path, { "user-agent": "Secret Browser 1.0" });
    // Not page addresses: not logged.
    await visit(`/assets/missing-${word()}.js`);
    await visit(`/api/missing-${word()}`);
    const res = await staff("/api/admin/not-found-log");
    expect(res.status).toBe(200);
    const entries = (await res.json()) as Array<Record<string, unknown>>;
    const entry = entries.find((candidate) => candidate.path === path);
    expect(entry).toMatchObject({ path, hits: 2, referrerDomain: "www.search.example" });
    const stored = JSON.stringify(await t.deps.db.select().from(notFoundLog));
    for (const secret of ["someone", "private", "Secret Browser", "127.0.0.1", "/assets/missing", "/api/missing"])
      expect(stored).not.toContain(secret);
  });

  it("an entry becomes a redirect in one step, and leaves the log", async () => {
    const path = `/lost-${word()}`;
    await visit(path);
    const entries = (await (await staff("/api/admin/not-found-log")).json()) as Array<{ id: number; path: string }>;
    const entry = entries.find((candidate) => candidate.path === path)!;
    const made = await staff(`/api/admin/not-found-log/${entry.id}/redirect`, { method: "POST", json: { toPath: "/about" } });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ fromPath: path, toPath: "/about", origin: "not_found" });
    const res = await visit(path);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/about");
    const after = (await (await staff("/api/admin/not-found-log")).json()) as Array<{ path: string }>;
    expect(after.some((candidate) => candidate.path === path)).toBe(false);
  });

  it("an address with a control character (a NUL) is not logged, and the misses beside it in the same second are", async () => {
    const kept = `/beside-a-nul-${word()}`;
    for (const path of ["/a%00b", kept, "/tab%09here"]) expect((await t.request(path)).status).toBe(404);
    await t.deps.addressLog.flush();
    const paths = (await t.deps.db.select().from(notFoundLog)).map((row) => row.path);
    expect(paths).toContain(kept);
    expect(paths.some((path) => [...path].some((char) => char.charCodeAt(0) < 0x20))).toBe(false);
  });

  it("entries not seen for 90 days go with the housekeeping", async () => {
    const now = new Date();
    const old = `/old-miss-${word()}`;
    const recent = `/recent-miss-${word()}`;
    t.deps.addressLog.notFound(old, undefined, new Date(now.getTime() - 91 * 24 * 60 * 60_000));
    t.deps.addressLog.notFound(recent, undefined, new Date(now.getTime() - 89 * 24 * 60 * 60_000));
    await t.deps.addressLog.flush();
    await deleteExpiredRows(t.deps.db, now);
    const paths = (await t.deps.db.select().from(notFoundLog)).map((row) => row.path);
    expect(paths).toContain(recent);
    expect(paths).not.toContain(old);
  });

  it(`holds at most ${NOT_FOUND_LOG_MAX_PATHS} addresses: a scanner's one-off addresses push out one another, not the ones asked for again`, async () => {
    const kept = `/asked-often-${word()}`;
    for (let i = 0; i < 3; i++) t.deps.addressLog.notFound(kept, undefined);
    await t.deps.addressLog.flush();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 450; i++) t.deps.addressLog.notFound(`/scan-${round}-${i}.php`, undefined);
      await t.deps.addressLog.flush();
    }
    const rows = await t.deps.db.select().from(notFoundLog);
    expect(rows.length).toBe(NOT_FOUND_LOG_MAX_PATHS);
    expect(rows.map((row) => row.path)).toContain(kept);
  });
});
