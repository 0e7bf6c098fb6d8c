import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActivityLog, contactNotes, contactStatusCounts, contactSubmissions } from "../src/server/db/schema";
import { purgeExpiredInquiries } from "../src/server/services/retention";
import { insertInquiries, openIdentity } from "../src/server/services/inquiry-identity";
import { createTestApp, ORIGIN, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * The inquiry desk over REST on a real database: pages and totals, filters and search, statuses and
 * assignees with who changed them, encrypted notes, openings logged, each inquiry's access history,
 * deletion for super admins only, consent receipts, retention, and exports that stream the filter.
 */
let t: TestApp;
let staff: TestAdmin;
let chief: TestAdmin;
let cookie: string;
let chiefCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.createAdmin();
  chief = await t.createAdmin({ role: "super_admin" });
  cookie = await t.cookieFor(staff);
  chiefCookie = await t.cookieFor(chief);
});
afterAll(() => t.close());

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const tag = () => Math.random().toString(36).slice(2, 8);

async function json(path: string, c = cookie) {
  const res = await t.request(path, { cookie: c });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

describe("paging on the server", () => {
  it("answers one page with the total in X-Total-Count and RFC 8288 links, newest or oldest first", async () => {
    const run = tag();
    const base = Date.now() - 10 * DAY;
    for (let i = 0; i < 30; i++)
      await t.addInquiry({ name: `Pager ${run} ${String(i).padStart(2, "0")}`, createdAt: new Date(base + i * HOUR) });
    const res = await t.request(`/api/admin/contact?q=Pager%20${run}&pageSize=25`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("30");
    const first = await res.json();
    expect(first).toHaveLength(25);
    expect(first[0].name).toBe(`Pager ${run} 29`);
    expect(first[0]).not.toHaveProperty("healthConditions");
    const link = res.headers.get("link")!;
    expect(link).toContain(`<${ORIGIN}/api/admin/contact?q=Pager+${run}&pageSize=25&page=2>; rel="next"`);
    expect(link).not.toContain('rel="prev"');

    const second = await t.request(`/api/admin/contact?q=Pager%20${run}&pageSize=25&page=2`, { cookie });
    const rest = await second.json();
    expect(rest.map((r: { name: string }) => r.name)).toEqual([4, 3, 2, 1, 0].map((i) => `Pager ${run} 0${i}`));
    expect(second.headers.get("link")).toContain('rel="prev"');
    expect(second.headers.get("link")).not.toContain('rel="next"');

    const oldest = await (await t.request(`/api/admin/contact?q=Pager%20${run}&sort=oldest&pageSize=50`, { cookie })).json();
    expect(oldest).toHaveLength(30);
    expect(oldest[0].name).toBe(`Pager ${run} 00`);
  });

  it("the list says whether health details were given without showing them; the page sizes are 25, 50 and 100", async () => {
    const run = tag();
    await t.addInquiry({ name: `Health ${run} yes`, healthConditions: "Secret knee trouble" });
    await t.addInquiry({ name: `Health ${run} no` });
    const res = await t.request(`/api/admin/contact?q=Health%20${run}`, { cookie });
    const text = await res.text();
    expect(text).not.toContain("Secret knee trouble");
    const rows = JSON.parse(text) as Array<{ name: string; hasHealthDetails: boolean }>;
    expect(Object.fromEntries(rows.map((r) => [r.name, r.hasHealthDetails]))).toEqual({
      [`Health ${run} yes`]: true,
      [`Health ${run} no`]: false,
    });
    for (const size of [10, 30, 200]) expect((await t.request(`/api/admin/contact?pageSize=${size}`, { cookie })).status).toBe(400);
  });

  it("without parameters answers the documented array of every inquiry, health details included", async () => {
    await t.addInquiry({ healthConditions: "Shoulder pain" });
    const all = await json("/api/admin/contact");
    const total = Number((await t.request("/api/admin/contact?page=1", { cookie })).headers.get("x-total-count"));
    expect(all).toHaveLength(total);
    expect(all.some((row: { healthConditions: string | null }) => row.healthConditions === "Shoulder pain")).toBe(true);
    expect(all[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      createdAt: expect.any(String),
      status: expect.any(String),
    });
  });
});

describe("the per-status counts the totals come from", () => {
  it("stay equal to a count of the inquiries through inserts, changes and deletes of one or many rows", async () => {
    const check = async () => {
      const kept = await t.deps.db.select().from(contactStatusCounts);
      const counted = (await t.deps.db.execute(sql`select status, count(*)::int as n from contact_submissions group by status`)) as unknown;
      const rows = (Array.isArray(counted) ? counted : (counted as { rows: unknown[] }).rows) as Array<{ status: string; n: number }>;
      const expected = Object.fromEntries(
        ["new", "contacted", "scheduled", "closed", "spam"].map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
      );
      expect(Object.fromEntries(kept.map((k) => [k.status, k.total]))).toEqual(expected);
    };
    await check();
    const a = await t.addInquiry();
    await t.addInquiry({ status: "spam" });
    const bare = await t.deps.db
      .insert(contactSubmissions)
      .values(["new", "closed", "closed"].map((status) => ({ privacyPolicy: true, hipaaConsent: true, termsAndConditions: true, status })))
      .returning({ id: contactSubmissions.id });
    await check();
    await t.request(`/api/admin/contact/${a.id}`, { method: "PATCH", json: { status: "scheduled" }, cookie });
    await t.deps.db.update(contactSubmissions).set({ status: "contacted" }).where(eq(contactSubmissions.id, bare[1]!.id));
    await t.deps.db.update(contactSubmissions).set({ updatedAt: new Date() }).where(eq(contactSubmissions.status, "closed"));
    await check();
    await t.deps.db.delete(contactSubmissions).where(
      inArray(
        contactSubmissions.id,
        bare.map((row) => row.id),
      ),
    );
    await t.request(`/api/admin/contact/${a.id}`, { method: "DELETE", cookie: chiefCookie });
    await check();
    const total = Number((await t.request("/api/admin/contact?page=1", { cookie })).headers.get("x-total-count"));
    const [counted] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(contactSubmissions);
    expect(total).toBe(counted!.n);
  });
});

describe("filters and search", () => {
  let run: string;
  let ids: Record<string, number>;
  beforeAll(async () => {
    run = tag();
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    ids = {
      a: (
        await t.addInquiry({
          name: `Filter ${run} Alpha`,
          email: `alpha.${run}@example.com`,
          phone: "(801) 555-0142",
          servicesInterested: ["Ozone Therapy"],
          status: "contacted",
          assigneeId: staff.id,
          createdAt: at(40),
        })
      ).id,
      b: (
        await t.addInquiry({
          name: `Filter ${run} Beta`,
          email: `beta.${run}@example.com`,
          phone: "385.555.0177",
          servicesInterested: ["Utah Stem Cell Therapy", "Ozone Therapy"],
          status: "new",
          createdAt: at(5),
        })
      ).id,
      c: (
        await t.addInquiry({
          name: `Filter ${run} Gamma`,
          email: `gamma.${run}@example.com`,
          phone: "801 555 9999",
          servicesInterested: ["General Consultation"],
          status: "spam",
          assigneeId: chief.id,
          createdAt: at(1),
        })
      ).id,
    };
  });
  const names = async (query: string) =>
    ((await json(`/api/admin/contact?q=${encodeURIComponent(`Filter ${run}`)}&pageSize=100&${query}`)) as Array<{ id: number }>)
      .map((r) => r.id)
      .sort();
  const search = async (q: string) =>
    ((await json(`/api/admin/contact?q=${encodeURIComponent(q)}&pageSize=100`)) as Array<{ id: number }>).map((r) => r.id);

  it("by status, service, assignee (or none) and date range", async () => {
    expect(await names("status=new")).toEqual([ids.b]);
    expect(await names("service=Ozone%20Therapy")).toEqual([ids.a, ids.b].sort());
    expect(await names(`assigneeId=${staff.id}`)).toEqual([ids.a]);
    expect(await names("assigneeId=none")).toEqual([ids.b]);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();
    expect(await names(`from=${day(10)}`)).toEqual([ids.b, ids.c].sort());
    expect(await names(`from=${day(10)}&to=${day(3)}`)).toEqual([ids.b]);
    const bareDate = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    expect(await names(`from=${bareDate}&to=${bareDate}`)).toEqual([ids.a]);
    expect((await t.request("/api/admin/contact?status=open", { cookie })).status).toBe(400);
    expect((await t.request("/api/admin/contact?from=yesterday", { cookie })).status).toBe(400);
  });

  it("searches the name, the e-mail and the phone (digits match whatever the punctuation) through the blind index", async () => {
    // Name: whole words or their first 3+ letters, all of them, in any order, whatever the case.
    expect(await search(`Filter ${run} Gam`)).toEqual([ids.c]);
    expect(await search(`gamma ${run.toUpperCase()}`)).toEqual([ids.c]);
    expect(await search(`${run} filter`)).toEqual([ids.c, ids.b, ids.a]);
    // E-mail: the whole address, whatever the case.
    expect(await search(`beta.${run}@example.com`)).toEqual([ids.b]);
    expect(await search(`  BETA.${run}@Example.COM `)).toEqual([ids.b]);
    // Phone: every digit, or the last 4 or more, whatever the punctuation.
    expect(await search("8015550142")).toContain(ids.a);
    expect(await search("801-555-0142")).toContain(ids.a);
    expect(await search("3855550177")).toContain(ids.b);
    expect(await search("8015550142")).not.toContain(ids.b);
    expect(await search("555-0177")).toContain(ids.b);
    expect(await search("0177")).toContain(ids.b);
    expect(await search("0177")).not.toContain(ids.a);
    // What the index cannot answer finds nothing rather than everything.
    expect(await search(`Filter ${run} Delta`)).toEqual([]);
    expect(await search(`amma ${run}`)).toEqual([]);
  });

  it("is accent-insensitive and finds words inside hyphenated names and apostrophes", async () => {
    const id = (await t.addInquiry({ name: `Zoë O'Brien-Hålé ${run}`, email: `zoe.${run}@example.com`, phone: "+1 (435) 555-0123" })).id;
    expect(await search(`zoe ${run}`)).toEqual([id]);
    expect(await search(`OBRIEN ${run}`)).toEqual([id]);
    expect(await search(`hale zoë ${run}`)).toEqual([id]);
    expect(await search("4355550123")).toEqual([id]);
  });
});

describe("the workflow", () => {
  it("a status change records who made it and when; the assignee must be an active staff member", async () => {
    const inquiry = await t.addInquiry();
    const requested = Date.now();
    const res = await t.request(`/api/admin/contact/${inquiry.id}`, {
      method: "PATCH",
      json: { status: "contacted", assigneeId: staff.id },
      cookie,
    });
    const answered = Date.now();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: "contacted",
      statusChangedBy: staff.username,
      assignee: { id: staff.id, username: staff.username },
    });
    // When: during the request (the order of the readings, not a duration).
    expect(new Date(body.statusChangedAt).getTime()).toBeGreaterThanOrEqual(requested);
    expect(new Date(body.statusChangedAt).getTime()).toBeLessThanOrEqual(answered);

    const inactive = await t.createAdmin({ isActive: false });
    for (const assigneeId of [inactive.id, 999_999]) {
      const refused = await t.request(`/api/admin/contact/${inquiry.id}`, { method: "PATCH", json: { assigneeId }, cookie });
      expect(refused.status).toBe(400);
      expect((await refused.json()).fieldErrors.assigneeId).toEqual(["Choose an active staff member"]);
    }
    const bad = await t.request(`/api/admin/contact/${inquiry.id}`, { method: "PATCH", json: { status: "done" }, cookie });
    expect((await bad.json()).message).toBe("Status must be New, Contacted, Scheduled, Closed or Spam");
    expect((await t.request(`/api/admin/contact/${inquiry.id}`, { method: "PATCH", json: {}, cookie })).status).toBe(400);

    const unassigned = await (
      await t.request(`/api/admin/contact/${inquiry.id}`, { method: "PATCH", json: { assigneeId: null }, cookie: chiefCookie })
    ).json();
    expect(unassigned).toMatchObject({ assignee: null, status: "contacted", statusChangedBy: staff.username });
    expect((await t.request("/api/admin/contact/999999", { method: "PATCH", json: { status: "closed" }, cookie })).status).toBe(404);
  });

  it("notes keep their author and time, and are stored encrypted (a raw dump holds no note text)", async () => {
    const inquiry = await t.addInquiry();
    const text = `Called back, left voicemail ${tag()}`;
    const res = await t.request(`/api/admin/contact/${inquiry.id}/notes`, { json: { text }, cookie });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ text, authorName: staff.username, authorId: staff.id, createdAt: expect.any(String) });
    const raw = await t.deps.db.execute(sql`select * from contact_notes`);
    expect(JSON.stringify(raw)).not.toContain(text);
    const [row] = await t.deps.db.select().from(contactNotes).where(eq(contactNotes.submissionId, inquiry.id));
    expect(row!.body).toMatch(/^v2:[0-9a-f]{8}:/);
    const opened = await json(`/api/admin/contact/${inquiry.id}`);
    expect(opened.notes).toEqual([expect.objectContaining({ text, authorName: staff.username })]);
    const blank = await t.request(`/api/admin/contact/${inquiry.id}/notes`, { json: { text: "   " }, cookie });
    expect((await blank.json()).message).toBe("Note text is required");
  });

  it("delete is for super admins: 403 for an admin; a super admin's delete removes the notes too", async () => {
    const inquiry = await t.addInquiry();
    await t.request(`/api/admin/contact/${inquiry.id}/notes`, { json: { text: "to be deleted" }, cookie });
    const refused = await t.request(`/api/admin/contact/${inquiry.id}`, { method: "DELETE", cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Access Denied - Your role does not allow: Delete inquiries");
    expect(await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, inquiry.id))).toHaveLength(1);
    const res = await t.request(`/api/admin/contact/${inquiry.id}`, { method: "DELETE", cookie: chiefCookie });
    expect(await res.json()).toEqual({ success: true });
    expect(await t.deps.db.select().from(contactNotes).where(eq(contactNotes.submissionId, inquiry.id))).toHaveLength(0);
    expect((await t.request(`/api/admin/contact/${inquiry.id}`, { cookie })).status).toBe(404);
  });

  it("the dashboard counts New and Overdue (still New 24 hours after arrival)", async () => {
    const before = await json("/api/admin/dashboard");
    await t.addInquiry({ status: "new", createdAt: new Date(Date.now() - 25 * HOUR) });
    await t.addInquiry({ status: "new", createdAt: new Date(Date.now() - 23 * HOUR) });
    await t.addInquiry({ status: "contacted", createdAt: new Date(Date.now() - 50 * HOUR) });
    const after = await json("/api/admin/dashboard");
    expect(after.newInquiries - before.newInquiries).toBe(2);
    expect(after.overdueInquiries - before.overdueInquiries).toBe(1);
    const run = tag();
    const late = await t.addInquiry({ name: `Late ${run}`, createdAt: new Date(Date.now() - 30 * HOUR) });
    const fresh = await t.addInquiry({ name: `Fresh ${run}` });
    const rows = await json(`/api/admin/contact?q=${run}`);
    expect(Object.fromEntries(rows.map((r: { id: number; overdue: boolean }) => [r.id, r.overdue]))).toEqual({
      [late.id]: true,
      [fresh.id]: false,
    });
  });
});

describe("health details on a need-to-know basis", () => {
  it("opening an inquiry shows its health details once a reason is given (once per session), and is logged with its id", async () => {
    const inquiry = await t.addInquiry({ healthConditions: "Chronic migraine" });
    expect(await json(`/api/admin/contact/${inquiry.id}`)).toMatchObject({
      id: inquiry.id,
      healthConditions: null,
      healthAccess: "reason_needed",
      hasHealthDetails: true,
    });
    const opened = await json(`/api/admin/contact/${inquiry.id}?reason=reply`);
    expect(opened).toMatchObject({
      id: inquiry.id,
      healthConditions: "Chronic migraine",
      healthAccess: "shown",
      hasHealthDetails: true,
      consentReceipt: null,
    });
    // The same session is not asked again for this inquiry.
    expect(await json(`/api/admin/contact/${inquiry.id}`)).toMatchObject({ healthConditions: "Chronic migraine", healthAccess: "shown" });
    const entries = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.action, "open"), eq(adminActivityLog.resourceId, String(inquiry.id))));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ adminId: staff.id, resourceType: "contact_submission" });
    expect(JSON.stringify(entries)).not.toContain("migraine");
  });

  it("an opened inquiry says why the form judged it spam on arrival, and nothing for one that was not", async () => {
    const person = await t.addInquiry();
    const bot = await t.addInquiry({ status: "spam" });
    await t.deps.db.update(contactSubmissions).set({ spamReason: "honeypot" }).where(eq(contactSubmissions.id, bot.id));
    expect(await json(`/api/admin/contact/${bot.id}`)).toMatchObject({ status: "spam", spamReason: "honeypot" });
    expect(await json(`/api/admin/contact/${person.id}`)).toMatchObject({ status: "new", spamReason: null });
  });

  it("a super admin sees each inquiry's own access history: opened, changed, annotated, exported; admins may not", async () => {
    const run = tag();
    const inquiry = await t.addInquiry({ name: `History ${run}` });
    await json(`/api/admin/contact/${inquiry.id}`);
    await t.request(`/api/admin/contact/${inquiry.id}`, { method: "PATCH", json: { status: "scheduled", assigneeId: chief.id }, cookie });
    await t.request(`/api/admin/contact/${inquiry.id}/notes`, { json: { text: "Booked for Tuesday" }, cookie: chiefCookie });
    const exported = await t.request(`/api/admin/contact/export?q=History%20${run}`, { cookie });
    expect(await exported.text()).toContain(`History ${run}`);
    const history = await json(`/api/admin/contact/${inquiry.id}/history`, chiefCookie);
    const seen = history.map((h: { action: string; username: string }) => `${h.action}:${h.username}`).sort();
    expect(seen).toEqual(
      [
        `assign:${staff.username}`,
        `export:${staff.username}`,
        `note:${chief.username}`,
        `open:${staff.username}`,
        `status:${staff.username}`,
      ].sort(),
    );
    expect(history.find((h: { action: string }) => h.action === "status").details).toEqual({ from: "new", to: "scheduled" });
    expect(JSON.stringify(history)).not.toContain("Tuesday");
    const refused = await t.request(`/api/admin/contact/${inquiry.id}/history`, { cookie });
    expect(refused.status).toBe(403);
  });
});

describe("consent receipts", () => {
  it("a new inquiry records each legal text's version and the SHA-256 of its exact words, and when", async () => {
    const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
    const email = `receipt.${tag()}@example.com`;
    const res = await t.request("/api/contact", {
      json: {
        name: "Receipt Person",
        email,
        phone: "801-555-0100",
        servicesInterested: ["Ozone Therapy"],
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        formToken: t.formToken(),
      },
      ip: "192.0.2.150",
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [stored] = await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    const row = { ...stored!, ...openIdentity(t.deps.secrets, id, stored!.identity) };
    const receipt = row.consentReceipt!;
    // The texts in force, as the public site reads them: the receipt names each one's version and the SHA-256 of its HTML.
    for (const [kind, consent] of [
      ["privacy", "privacyPolicy"],
      ["terms", "termsAndConditions"],
      ["hipaa", "hipaaConsent"],
    ] as const) {
      const text = await (await t.request(`/api/legal/${kind}`)).json();
      expect(text.sha256).toBe(sha(text.html));
      expect(receipt.documents[consent]).toEqual({ version: text.label, sha256: text.sha256 });
    }
    expect(receipt.documents.privacyPolicy.version).toMatch(/^v\d+, effective \d{4}-\d{2}-\d{2}$/);
    // When: the moment the inquiry was saved (one reading of the clock for both).
    expect(new Date(receipt.acceptedAt).getTime()).toBe(row!.createdAt.getTime());
    // The receipt is shown on the inquiry.
    expect((await json(`/api/admin/contact/${row!.id}`)).consentReceipt).toEqual(receipt);
  });
});

describe("export that streams the filter", () => {
  it("exports only what the filter matches, with status, assignee and consent versions; logged with filter and count", async () => {
    const run = tag();
    const closed = await t.addInquiry({
      name: `Export ${run} Closed`,
      status: "closed",
      assigneeId: staff.id,
      healthConditions: "Hip pain",
    });
    await t.addInquiry({ name: `Export ${run} Open`, status: "new" });
    const res = await t.request(`/api/admin/contact/export?q=Export%20${run}&status=closed`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=UTF-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(
      '"Status","Assignee","Privacy Policy Version","HIPAA Authorization Version","Terms and Conditions Version","Consent Recorded At"',
    );
    expect(lines[1]).toContain(`"Export ${run} Closed"`);
    expect(lines[1]).toContain(`"Hip pain"`);
    expect(lines[1]).toContain(`"Closed","${staff.username}","Not recorded","Not recorded","Not recorded","Not recorded"`);
    const [entry] = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.action, "export"), eq(adminActivityLog.adminId, staff.id)))
      .orderBy(sql`${adminActivityLog.id} desc`)
      .limit(1);
    expect(entry!.details).toMatchObject({ format: "csv", count: 1, complete: true, status: "closed", search: true });
    expect(JSON.stringify(entry)).not.toContain(run);
    expect(closed.id).toBeGreaterThan(0);
  });

  it("streams batch by batch: an export of 1,200 inquiries arrives whole, in order", async () => {
    const run = tag();
    const base = Date.now() - 100 * DAY;
    await insertInquiries(
      t.deps.db,
      t.deps.secrets,
      Array.from({ length: 1200 }, (_, i) => ({
        name: `Bulk ${run} ${String(i).padStart(4, "0")}`,
        email: `bulk${i}@example.com`,
        phone: null,
        servicesInterested: [],
        consentReceipt: null,
        healthConditions: null,
        privacyPolicy: true,
        hipaaConsent: true,
        termsAndConditions: true,
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      })),
    );
    const csv = await (await t.request(`/api/admin/contact/export?q=Bulk%20${run}`, { cookie })).text();
    const names = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split('","')[1]);
    expect(names).toHaveLength(1200);
    expect(new Set(names).size).toBe(1200);
    expect(names[0]).toBe(`Bulk ${run} 1199`);
  });
});

describe("retention", () => {
  it("settings are for super admins; retention is off by default and then purges nothing", async () => {
    expect((await t.request("/api/admin/settings", { cookie })).status).toBe(403);
    expect((await json("/api/admin/settings", chiefCookie)).retention).toEqual({ enabled: false, days: 365 });
    const old = await t.addInquiry({ status: "closed", createdAt: new Date(Date.now() - 2000 * DAY) });
    expect(await purgeExpiredInquiries(t.deps.db)).toBeNull();
    expect(await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, old.id))).toHaveLength(1);
    const bad = await t.request("/api/admin/settings", {
      method: "PUT",
      json: { retention: { enabled: true, days: 0 } },
      cookie: chiefCookie,
    });
    expect((await bad.json()).message).toBe("Days must be a whole number from 1 to 3650");
    expect(
      (await t.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: true, days: 30 } }, cookie })).status,
    ).toBe(403);
  });

  it("deletes Closed and Spam inquiries N days after their last change, with their notes; logs only a count", async () => {
    const saved = await t.request("/api/admin/settings", {
      method: "PUT",
      json: { retention: { enabled: true, days: 30 } },
      cookie: chiefCookie,
    });
    expect((await saved.json()).retention).toEqual({ enabled: true, days: 30 });
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const gone = [
      await t.addInquiry({ name: "Purge Closed Old", status: "closed", createdAt: ago(90), updatedAt: ago(31) }),
      await t.addInquiry({ name: "Purge Spam Old", status: "spam", createdAt: ago(40) }),
    ];
    const kept = [
      await t.addInquiry({ status: "closed", createdAt: ago(90), updatedAt: ago(29) }),
      await t.addInquiry({ status: "new", createdAt: ago(400) }),
      await t.addInquiry({ status: "contacted", createdAt: ago(400) }),
      await t.addInquiry({ status: "scheduled", createdAt: ago(400) }),
    ];
    await t.deps.db.insert(contactNotes).values({ submissionId: gone[0]!.id, authorName: "x", body: "v2:00000000:not-read-here" });
    // A note today is a change: the inquiry it is on is kept (its last change is now).
    const touched = await t.addInquiry({ status: "spam", createdAt: ago(90) });
    await t.request(`/api/admin/contact/${touched.id}/notes`, { json: { text: "Still spam" }, cookie });

    const count = await purgeExpiredInquiries(t.deps.db);
    expect(count).toBeGreaterThanOrEqual(2);
    const remaining = await t.deps.db.select({ id: contactSubmissions.id }).from(contactSubmissions);
    const ids = new Set(remaining.map((r) => r.id));
    for (const row of gone) expect(ids.has(row.id)).toBe(false);
    for (const row of [...kept, touched]) expect(ids.has(row.id)).toBe(true);
    expect(await t.deps.db.select().from(contactNotes).where(eq(contactNotes.submissionId, gone[0]!.id))).toHaveLength(0);
    const [entry] = await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(eq(adminActivityLog.action, "purge"))
      .orderBy(sql`${adminActivityLog.id} desc`)
      .limit(1);
    expect(entry!.details).toEqual({ count, days: 30 });
    expect(JSON.stringify(entry)).not.toContain("Purge");
    await t.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: false, days: 30 } }, cookie: chiefCookie });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "one purge at a time across instances: while another holds the lock, a purge skips its turn",
    async () => {
      await t.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: true, days: 30 } }, cookie: chiefCookie });
      const old = await t.addInquiry({ status: "spam", createdAt: new Date(Date.now() - 60 * DAY) });
      // "Another instance": a connection of its own holding the purge lock inside a transaction.
      const [current] = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
      const target = new URL(process.env.TEST_DATABASE_URL!);
      target.pathname = `/${current!.name}`;
      const other = postgres(target.toString(), { max: 1, onnotice: () => {} });
      try {
        await other.begin(async (tx) => {
          await tx`select pg_advisory_xact_lock(727002)`;
          expect(await purgeExpiredInquiries(t.deps.db)).toBeNull();
        });
        expect(await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, old.id))).toHaveLength(1);
        expect(await purgeExpiredInquiries(t.deps.db)).toBeGreaterThanOrEqual(1);
        expect(await t.deps.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, old.id))).toHaveLength(0);
      } finally {
        await other.end();
        await t.request("/api/admin/settings", { method: "PUT", json: { retention: { enabled: false, days: 30 } }, cookie: chiefCookie });
      }
    },
  );
});
