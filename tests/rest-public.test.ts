import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions } from "../src/server/db/schema";
import { openIdentity } from "../src/server/services/inquiry-identity";
import { createTestApp, type TestApp } from "./setup/test-app";

/** The public call table of public-site.md section 7, through app.request(), on the seeded database. */
let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  staffCookie = await t.cookieFor(await t.createAdmin());
});
afterAll(() => t.close());

const json = async (path: string) => {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return res.json();
};

const validContact = {
  name: "Jordan Rivers",
  email: "jordan@example.com",
  phone: "801-555-0100",
  servicesInterested: ["Ozone Therapy"],
  availabilityDays: ["monday", "wednesday"],
  availabilityTimes: ["morning"],
  healthConditions: "Left knee pain after a ski injury",
  optInTexting: true,
  privacyPolicy: true,
  hipaaConsent: true,
  termsAndConditions: true,
};

describe("GET /api/health", () => {
  it("answers 200 while the database answers and every migration is applied (readiness); what is inside only to the super admin", async () => {
    // To anyone, and to staff whose role does not manage settings: ready or not, nothing more (issue 34).
    expect(await json("/api/health")).toEqual({ status: "ok" });
    for (const role of ["admin", "front_desk", "marketing"]) {
      expect(await (await t.request("/api/health", { cookie: await t.cookieFor(await t.createAdmin({ role })) })).json(), role).toEqual({
        status: "ok",
      });
    }
    const owner = await (
      await t.request("/api/health", { cookie: await t.cookieFor(await t.createAdmin({ role: "super_admin" })) })
    ).json();
    expect(owner).toMatchObject({ status: "ok", database: "up", migrations: "applied" });
    expect(owner.memory).toMatchObject({ ceilingMb: null, state: "ok", imageTasks: 0 });
    expect(owner.memory.residentMb).toBeGreaterThan(0);
  });

  it("answers 503 when a migration is not applied, and 200 for liveness whatever the database", async () => {
    const behind = await createTestApp();
    try {
      await behind.deps.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const res = await behind.request("/api/health");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable" });
      await behind.deps.database.close();
      expect((await behind.request("/api/health?probe=live")).status).toBe(200);
    } finally {
      await behind.close().catch(() => {});
    }
  });

  it("answers 503 (and no SQL) when the database is gone", async () => {
    const down = await createTestApp();
    await down.deps.database.close();
    const res = await down.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
    const services = await down.request("/api/services");
    expect(services.status).toBe(503);
    const body = await services.text();
    expect(body).not.toMatch(/select|from|pglite|stack/i);
    expect(JSON.parse(body).message).toMatch(/temporarily unavailable/);
    await down.close().catch(() => {});
  });
});

describe("GET /api/services and /api/services/{slug}", () => {
  it("lists the seeded services with the documented fields", async () => {
    const list = await json("/api/services");
    expect(list.map((s: { slug: string }) => s.slug)).toEqual(expect.arrayContaining(["stem-cell-therapy", "ozone-therapy"]));
    for (const service of list) {
      expect(service).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          slug: expect.any(String),
          title: expect.any(String),
          shortDescription: expect.any(String),
          description: expect.any(String),
          imageUrl: expect.any(String),
          imageAlt: expect.any(String),
        }),
      );
    }
  });

  it("answers one service by slug, and 404 for an unknown slug", async () => {
    const one = await json("/api/services/stem-cell-therapy");
    expect(one).toMatchObject({ slug: "stem-cell-therapy", title: "Utah Stem Cell Therapy" });
    expect(one.description).toContain("\n\n");
    const missing = await t.request("/api/services/no-such-service");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Service not found" });
  });
});

describe("GET /api/content", () => {
  it("answers the items of a page and section, each with key and content", async () => {
    const hero = await json("/api/content?page=home&section=hero");
    expect(hero.map((item: { key: string }) => item.key).sort()).toEqual(["bookButton", "browseButton", "eyebrow", "subtitle", "title"]);
    for (const item of hero) expect(item).toEqual(expect.objectContaining({ key: expect.any(String), content: expect.any(String) }));
  });

  it("reads every page/section pair the public pages use", async () => {
    const pairs: Array<[string, string, string[]]> = [
      ["home", "welcome", ["eyebrow", "title", "paragraph1", "paragraph2", "link"]],
      ["about", "mission", ["eyebrow", "title", "paragraph1", "paragraph2", "paragraph3"]],
      ["about", "approach", ["eyebrow", "title", "content", "button"]],
      ["services", "hero", ["title", "subtitle"]],
      ["footer", "description", ["text"]],
    ];
    for (const [page, section, keys] of pairs) {
      const items = await json(`/api/content?page=${page}&section=${section}`);
      expect(items.map((i: { key: string }) => i.key).sort(), `${page}/${section}`).toEqual([...keys].sort());
    }
  });

  it("takes the section as optional", async () => {
    // (The footer's address, phone and e-mail are no longer content items: they are Settings' clinic details.)
    const home = await json("/api/content?page=home");
    expect(home.map((i: { section: string }) => i.section)).toEqual(expect.arrayContaining(["hero", "welcome"]));
  });

  it("shows visible items only", async () => {
    const items = await (await t.request("/api/admin/content?page=home", { cookie: staffCookie })).json();
    const subtitle = items.find((i: { section: string; key: string }) => i.section === "hero" && i.key === "subtitle");
    const res = await t.request(`/api/admin/content/${subtitle.id}`, {
      method: "PUT",
      json: { ...subtitle, isVisible: false },
      cookie: staffCookie,
    });
    expect(res.status).toBe(200);
    const hero = await json("/api/content?page=home&section=hero");
    expect(hero.map((i: { key: string }) => i.key)).not.toContain("subtitle");
    await t.request(`/api/admin/content/${subtitle.id}`, { method: "PUT", json: { ...subtitle, isVisible: true }, cookie: staffCookie });
  });

  it("answers 400 without a page", async () => {
    const res = await t.request("/api/content");
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Page is required");
  });
});

describe("GET /api/images", () => {
  it("answers the visible images of a page (the home hero background is seeded)", async () => {
    const images = await json("/api/images?page=home&section=hero");
    expect(images[0]).toMatchObject({ key: "background", imageUrl: expect.stringMatching(/^\/images\//), width: 1600, height: 900 });
  });
});

describe("GET /api/social-media", () => {
  it("lists visible links by sortOrder", async () => {
    const created = await t.request("/api/admin/social-media", {
      json: {
        platform: "linkedin",
        displayName: "LinkedIn",
        url: "https://www.linkedin.com/company/clinic",
        isVisible: false,
        sortOrder: 0,
      },
      cookie: staffCookie,
    });
    expect(created.status).toBe(201);
    const list = await json("/api/social-media");
    expect(list.map((l: { platform: string }) => l.platform)).toEqual(["facebook", "instagram", "youtube"]);
    for (const link of list) {
      expect(link).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          platform: expect.any(String),
          displayName: expect.any(String),
          url: expect.any(String),
          isVisible: true,
          sortOrder: expect.any(Number),
        }),
      );
    }
  });
});

describe("GET /api/testimonials and /api/team", () => {
  it("lists visible testimonials only, with rating and content", async () => {
    const list = await json("/api/testimonials");
    expect(list.length).toBeGreaterThanOrEqual(3);
    const [first] = list;
    await t.request(`/api/admin/testimonials/${first.id}`, { method: "PUT", json: { ...first, isVisible: false }, cookie: staffCookie });
    const after = await json("/api/testimonials");
    expect(after.map((x: { id: number }) => x.id)).not.toContain(first.id);
    for (const item of after) {
      expect(item).toEqual(
        expect.objectContaining({
          name: expect.any(String),
          service: expect.any(String),
          content: expect.any(String),
          rating: expect.any(Number),
          isVisible: true,
        }),
      );
    }
    await t.request(`/api/admin/testimonials/${first.id}`, { method: "PUT", json: { ...first, isVisible: true }, cookie: staffCookie });
  });

  it("lists the team with name, role, bio and image", async () => {
    const team = await json("/api/team");
    expect(team).toHaveLength(3);
    for (const member of team) {
      expect(member).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          name: expect.any(String),
          role: expect.any(String),
          bio: expect.any(String),
          imageUrl: expect.any(String),
        }),
      );
    }
  });
});

describe("GET /api/news and /api/news/{slug}", () => {
  it("lists published articles, newest first, with the documented fields; no drafts, nothing scheduled", async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const base = { summary: "A summary that is long enough.", content: "<p>Body</p>" };
    await t.request("/api/admin/news", {
      form: form({ ...base, title: "Draft piece", slug: "draft-piece", isPublished: "false" }),
      cookie: staffCookie,
    });
    await t.request("/api/admin/news", {
      form: form({
        ...base,
        title: "Scheduled piece",
        slug: "scheduled-piece",
        isPublished: "true",
        publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      cookie: staffCookie,
    });
    const fresh = await t.request("/api/admin/news", {
      form: form({
        ...base,
        title: "Fresh piece",
        slug: "fresh-piece",
        isPublished: "true",
        publishedAt: new Date(Date.now() - 1000).toISOString(),
      }),
      cookie: staffCookie,
    });
    expect(fresh.status).toBe(201);

    const list = await json("/api/news");
    const slugs = list.map((a: { slug: string }) => a.slug);
    expect(slugs[0]).toBe("fresh-piece");
    expect(slugs).not.toContain("draft-piece");
    expect(slugs).not.toContain("scheduled-piece");
    const dates = list.map((a: { publishedAt: string }) => Date.parse(a.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const article of list) {
      expect(Object.keys(article)).toEqual(
        expect.arrayContaining([
          "id",
          "title",
          "slug",
          "summary",
          "content",
          "externalUrl",
          "thumbnailUrl",
          "thumbnailAlt",
          "isPublished",
          "publishedAt",
          "createdAt",
          "updatedAt",
        ]),
      );
      expect(article).not.toHaveProperty("authorId");
    }

    expect(await json("/api/news/fresh-piece")).toMatchObject({ slug: "fresh-piece", title: "Fresh piece", content: "<p>Body</p>" });
    expect((await t.request("/api/news/draft-piece")).status).toBe(404);
    expect((await t.request("/api/news/scheduled-piece")).status).toBe(404);
    const missing = await t.request("/api/news/nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Article not found" });
  });

  it("pages with page and pageSize: the same order as the whole array, the total in X-Total-Count, the neighbours in Link", async () => {
    const whole: Array<{ slug: string }> = await json("/api/news");
    expect(whole.length).toBeGreaterThan(2);
    const first = await t.request("/api/news?pageSize=2");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe(String(whole.length));
    expect(first.headers.get("link")).toMatch(/[?&]page=2[&>][^,]*rel="next"/);
    expect((await first.json()).map((a: { slug: string }) => a.slug)).toEqual(whole.slice(0, 2).map((a) => a.slug));

    const lastPage = Math.ceil(whole.length / 2);
    const last = await t.request(`/api/news?page=${lastPage}&pageSize=2`);
    expect(last.headers.get("link")).not.toContain('rel="next"');
    expect((await last.json()).map((a: { slug: string }) => a.slug)).toEqual(whole.slice((lastPage - 1) * 2).map((a) => a.slug));
    // Cached like the other public reads: the second answer is the same, headers included.
    const again = await t.request(`/api/news?page=${lastPage}&pageSize=2`);
    expect(again.headers.get("x-total-count")).toBe(String(whole.length));
    // Twelve by default (the News page's Load More Articles).
    expect((await (await t.request("/api/news?page=1")).json()).length).toBe(Math.min(12, whole.length));

    for (const bad of ["page=0", "page=x", "pageSize=0", "pageSize=101", "pageSize=2.5"]) {
      const res = await t.request(`/api/news?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe("POST /api/contact", () => {
  it("stores the inquiry and answers 201 without echoing the health details", async () => {
    const res = await t.request("/api/contact", { json: validContact, ip: "192.0.2.200" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ success: true, id: expect.any(Number), createdAt: expect.any(String), conversionToken: expect.any(String) });
    const rows = await t.deps.db.select().from(contactSubmissions);
    const row = rows.find((r) => r.id === body.id)!;
    const stored = { ...row, ...openIdentity(t.deps.secrets, row.id, row.identity) };
    expect(row.identity).not.toContain("Jordan");
    expect(stored).toMatchObject({
      name: "Jordan Rivers",
      email: "jordan@example.com",
      phone: "801-555-0100",
      servicesInterested: ["Ozone Therapy"],
      availabilityDays: ["monday", "wednesday"],
      availabilityTimes: ["morning"],
      optInTexting: true,
    });
    expect(stored.healthConditions).not.toContain("knee");
  });

  it("limits the inquiries one address can send", async () => {
    const limited = await createTestApp({ limits: { contactIp: { limit: 2, windowMs: 60_000, blockMs: 60_000 } } });
    try {
      const send = () => limited.request("/api/contact", { json: validContact, ip: "192.0.2.201" });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBeTruthy();
      expect((await limited.request("/api/contact", { json: validContact, ip: "192.0.2.202" })).status).toBe(201);
      expect(await limited.deps.db.select().from(contactSubmissions)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});

describe("caching of public reads", () => {
  it("sends an ETag, answers 304 to If-None-Match, and shows a staff change at once", async () => {
    const first = await t.request("/api/services");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const again = await t.request("/api/services", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Cryotherapy",
      slug: "cryotherapy",
      shortDescription: "Cold",
      description: "Cold therapy.",
      imageAlt: "Ice",
    }))
      form.set(k, v);
    expect((await t.request("/api/admin/services", { form, cookie: staffCookie })).status).toBe(201);

    const changed = await t.request("/api/services", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).map((s: { slug: string }) => s.slug)).toContain("cryotherapy");
  });

  it("compresses larger bodies for clients that accept gzip", async () => {
    const res = await t.request("/api/services", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});

describe("unknown and malformed requests", () => {
  it("answers JSON 404 for an unknown /api path", async () => {
    const res = await t.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found" });
  });

  it("answers 400 for malformed JSON and 413 for an oversized body, changing nothing", async () => {
    const bad = await t.request("/api/contact", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Malformed JSON body" });
    const huge = await t.request("/api/contact", { json: { ...validContact, name: "x".repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/too large/i);
  });

  it("never answers 500 or a stack trace for bad input", async () => {
    const cases: Array<[string, unknown]> = [
      ["/api/contact", []],
      ["/api/contact", "text"],
      ["/api/contact", { ...validContact, servicesInterested: "Ozone Therapy" }],
      ["/api/contact", { ...validContact, availabilityDays: ["someday"] }],
      ["/api/contact", { ...validContact, optInTexting: "maybe" }],
      ["/api/admin/login", { username: ["a"], password: { x: 1 } }],
    ];
    for (const [path, body] of cases) {
      const res = await t.request(path, { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).not.toMatch(/at .*\.ts:\d+|stack/i);
    }
  });
});
