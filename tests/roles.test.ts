import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActivityLog, adminSessions, contactAccess, mailOutbox } from "../src/server/db/schema";
import { MAIL_TEXT } from "../src/server/mail/text";
import { staffAccessOf, startEmergencyAccess } from "../src/server/services/roles";
import { EMERGENCY_ACCESS_MINUTES, ROLE_MESSAGES } from "../src/shared/permissions";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Issue 24 beyond the matrix (tests/permissions-matrix.test.ts): health details behind a reason, once
 * per inquiry per session; emergency access (its hour measured by an injected clock), the owners'
 * mail and the log lines; custom roles taking effect at once; the front desk's scope; role and
 * permission changes logged with before and after.
 */
let t: TestApp;
let owner: TestAdmin;
let ownerCookie: string;
const MINUTE = 60_000;

beforeAll(async () => {
  // A mail server is configured (never reached: no dispatcher runs here), so mail is queued in the outbox.
  t = await createTestApp({ smtpUrl: "smtp://127.0.0.1:9" });
  owner = await t.createAdmin({ role: "super_admin", email: "owner@clinic.test" });
  ownerCookie = await t.cookieFor(owner);
});
afterAll(() => t.close());

const json = async (res: Response, status = 200) => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
};
/** A custom role made through the REST door, as a super admin does; answers its key. */
const addCustomRole = async (name: string, permissions: string[]) =>
  (await json(await t.request("/api/admin/roles", { json: { name, permissions }, cookie: ownerCookie }), 201)).key as string;
const lastLog = async (adminId: number, action: string) =>
  (
    await t.deps.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.adminId, adminId), eq(adminActivityLog.action, action)))
      .orderBy(desc(adminActivityLog.id))
      .limit(1)
  )[0];

describe("health details behind a reason", () => {
  it("a clinician is asked for a reason once per inquiry per session; the reason goes into the inquiry's access history", async () => {
    const clinician = await t.createAdmin({ role: "clinician" });
    const cookie = await t.cookieFor(clinician);
    const inquiry = await t.addInquiry({ healthConditions: "Persistent knee pain" });
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}`, { cookie }))).toMatchObject({
      healthConditions: null,
      healthAccess: "reason_needed",
    });
    const other = await t.request(`/api/admin/contact/${inquiry.id}?reason=other`, { cookie });
    expect(other.status).toBe(400);
    expect((await other.json()).fieldErrors).toEqual({ reasonText: [ROLE_MESSAGES.otherTextRequired] });
    expect(
      await json(await t.request(`/api/admin/contact/${inquiry.id}?reason=other&reasonText=Insurance%20question`, { cookie })),
    ).toMatchObject({
      healthConditions: "Persistent knee pain",
      healthAccess: "shown",
    });
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}`, { cookie }))).toMatchObject({ healthAccess: "shown" });
    // Another session of the same clinician is asked again.
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}`, { cookie: await t.cookieFor(clinician) }))).toMatchObject({
      healthAccess: "reason_needed",
    });
    const history = await json(await t.request(`/api/admin/contact/${inquiry.id}/history`, { cookie: ownerCookie }));
    expect(history.filter((entry: { action: string }) => entry.action === "health")).toEqual([
      expect.objectContaining({ username: clinician.username, details: { reason: "other", text: "Insurance question" } }),
    ]);
    expect(await lastLog(clinician.id, "health_open")).toMatchObject({ resourceId: String(inquiry.id), details: { reason: "other" } });
  });

  it("lists and exports to a role without health details carry none", async () => {
    const viewer = await addCustomRole("Export clerk", ["inquiries.view", "inquiries.export"]);
    const inquiry = await t.addInquiry({ healthConditions: "Back pain, private" });
    const cookie = await t.cookieFor(await t.createAdmin({ role: viewer }));
    const page = await (await t.request(`/api/admin/contact?page=1&pageSize=100`, { cookie })).text();
    expect(page).not.toContain("Back pain");
    const all = await json(await t.request(`/api/admin/contact`, { cookie }));
    expect(all.find((row: { id: number }) => row.id === inquiry.id)).toMatchObject({ healthConditions: null, hasHealthDetails: true });
  });
});

describe("emergency access", () => {
  it("a front desk user is refused health details, states why, opens them for an hour; the owners are mailed, the log highlights it", async () => {
    const desk = await t.createAdmin({ role: "front_desk" });
    const cookie = await t.cookieFor(desk);
    const inquiry = await t.addInquiry({ healthConditions: "Allergic to latex", name: "Quinn Example" });
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}`, { cookie }))).toMatchObject({
      name: "Quinn Example",
      healthConditions: null,
      healthAccess: "not_allowed",
    });
    const refused = await t.request(`/api/admin/contact/${inquiry.id}?reason=scheduling`, { cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("Access Denied - Your role does not allow: Open health details");
    expect(await lastLog(desk.id, "access_denied")).toMatchObject({ resourceId: "inquiries.health" });

    expect((await t.request("/api/admin/contact/emergency-access", { json: { reason: "short" }, cookie })).status).toBe(400);
    const started = await json(
      await t.request("/api/admin/contact/emergency-access", {
        json: { reason: "Patient on the phone needs allergy information now" },
        cookie,
      }),
      201,
    );
    const until = new Date(started.until);
    const me = await json(await t.request("/api/admin/me", { cookie }));
    expect(me.permissions).toContain("inquiries.health");
    expect(new Date(me.emergencyAccessUntil)).toEqual(until);
    // Still a reason per inquiry; it is marked as an emergency in the history.
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}`, { cookie }))).toMatchObject({ healthAccess: "reason_needed" });
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}?reason=scheduling`, { cookie }))).toMatchObject({
      healthConditions: "Allergic to latex",
      healthAccess: "shown",
    });
    const [entry] = await t.deps.db
      .select()
      .from(contactAccess)
      .where(and(eq(contactAccess.submissionId, inquiry.id), eq(contactAccess.action, "health")));
    expect(entry).toMatchObject({ adminId: desk.id, details: { reason: "scheduling", emergency: true } });

    const logged = await lastLog(desk.id, "emergency_access");
    expect(logged).toMatchObject({
      details: { reason: "Patient on the phone needs allergy information now", minutes: EMERGENCY_ACCESS_MINUTES },
    });
    // Every active owner with an address is mailed; the mail holds no name and no health detail.
    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "emergency_access"));
    expect(mails.map((mail) => mail.recipientAdminId)).toContain(owner.id);
    const mail = mails.find((m) => m.recipientAdminId === owner.id)!;
    expect(Object.keys(mail.payload!).sort()).toEqual(["at", "until"]);
    const text = MAIL_TEXT.emergencyAccess(new Date((mail.payload as { at: string }).at), until, "http://clinic.test/admin/activity");
    for (const word of [desk.username, "Quinn", "latex", "Patient on the phone"]) expect(JSON.stringify(text)).not.toContain(word);

    // A role that opens health details needs none.
    const clinicianCookie = await t.cookieFor(await t.createAdmin({ role: "clinician" }));
    expect(
      (await t.request("/api/admin/contact/emergency-access", { json: { reason: "I would like to look at it" }, cookie: clinicianCookie }))
        .status,
    ).toBe(400);
  });

  it("ends after EMERGENCY_ACCESS_MINUTES (an injected clock, no waiting)", async () => {
    const desk = await t.createAdmin({ role: "front_desk" });
    const started = new Date(Date.now() - (EMERGENCY_ACCESS_MINUTES + 1) * MINUTE);
    const { until } = await startEmergencyAccess(
      t.deps,
      { adminId: desk.id, username: desk.username, ip: "198.51.100.9" },
      "Clinician away, urgent call",
      started,
    );
    expect(until.getTime() - started.getTime()).toBe(EMERGENCY_ACCESS_MINUTES * MINUTE);
    const row = (await t.userRow(desk.id))!;
    expect(
      (await staffAccessOf(t.deps.db, row, new Date(started.getTime() + (EMERGENCY_ACCESS_MINUTES - 1) * MINUTE))).permissions,
    ).toContain("inquiries.health");
    expect((await staffAccessOf(t.deps.db, row, until)).permissions).not.toContain("inquiries.health");
    // Now (61 minutes after it started) the server refuses again.
    const inquiry = await t.addInquiry({ healthConditions: "Asthma" });
    const refused = await t.request(`/api/admin/contact/${inquiry.id}?reason=reply`, { cookie: await t.cookieFor(desk) });
    expect(refused.status).toBe(403);
  });
});

describe("custom roles", () => {
  it("a custom role takes effect at once, for the sessions already open; changes are logged with before and after; a role in use cannot be deleted", async () => {
    const created = await json(
      await t.request("/api/admin/roles", { json: { name: "Newsroom", permissions: ["news.edit", "publish"] }, cookie: ownerCookie }),
      201,
    );
    expect(created).toMatchObject({
      key: "custom_newsroom",
      name: "Newsroom",
      builtIn: false,
      permissions: ["news.edit", "publish"],
      userCount: 0,
    });
    const writer = await t.createAdmin({ role: created.key });
    const cookie = await t.cookieFor(writer);
    expect((await t.request("/api/admin/news", { cookie })).status).toBe(200);
    expect((await t.request("/api/admin/contact?page=1", { cookie })).status).toBe(403);

    const updated = await json(
      await t.request(`/api/admin/roles/${created.key}`, {
        method: "PUT",
        json: { permissions: ["news.edit", "inquiries.view"] },
        cookie: ownerCookie,
      }),
    );
    expect(updated).toMatchObject({ permissions: ["news.edit", "inquiries.view"], userCount: 1 });
    expect((await t.request("/api/admin/contact?page=1", { cookie })).status).toBe(200);
    // Publishing is its own permission: an article put live without it is refused.
    const live = await t.request("/api/admin/news", {
      json: {
        title: "Live",
        slug: "live-now",
        summary: "A summary.",
        content: "<p>x</p>",
        thumbnailAlt: "Alt",
        metaTitle: "Meta",
        tags: "a",
        isPublished: true,
        publishedAt: "2025-05-01T10:00:00.000Z",
      },
      cookie,
    });
    expect(live.status).toBe(403);
    expect((await live.json()).message).toBe(
      "Access Denied - Your role does not allow: Publish: put articles and services live, show testimonials",
    );

    expect(await lastLog(owner.id, "update")).toMatchObject({
      resourceType: "role",
      resourceId: created.key,
      details: { before: { permissions: ["news.edit", "publish"] }, after: { permissions: ["news.edit", "inquiries.view"] } },
    });
    const inUse = await t.request(`/api/admin/roles/${created.key}`, { method: "DELETE", cookie: ownerCookie });
    expect(inUse.status).toBe(409);
    expect((await inUse.json()).message).toBe(ROLE_MESSAGES.inUse);

    const builtIn = await t.request("/api/admin/roles/front_desk", {
      method: "PUT",
      json: { permissions: ["inquiries.view"] },
      cookie: ownerCookie,
    });
    expect(builtIn.status).toBe(400);
    expect((await t.request("/api/admin/roles/admin", { method: "DELETE", cookie: ownerCookie })).status).toBe(400);

    // A role change of a staff account is logged with before and after.
    await json(await t.request(`/api/admin/users/${writer.id}`, { method: "PUT", json: { role: "marketing" }, cookie: ownerCookie }));
    expect(await lastLog(owner.id, "update")).toMatchObject({
      resourceType: "admin_user",
      details: { before: { role: created.key }, after: { role: "marketing" } },
    });
    const unknown = await t.request(`/api/admin/users/${writer.id}`, {
      method: "PUT",
      json: { role: "custom_nothing" },
      cookie: ownerCookie,
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).fieldErrors).toEqual({ role: [ROLE_MESSAGES.unknownRole] });
    expect(await json(await t.request(`/api/admin/roles/${created.key}`, { method: "DELETE", cookie: ownerCookie }))).toEqual({
      success: true,
    });
  });

  it("the mail recipients name each one's role as the portal does, a custom role by its own name", async () => {
    const desk = await t.createAdmin({ role: "front_desk" });
    const key = await addCustomRole(`Reception ${Date.now()}`, ["inquiries.view"]);
    const custom = await t.createAdmin({ role: key });
    const rows = (await json(await t.request("/api/admin/settings/mail-recipients", { cookie: ownerCookie }))) as Array<{
      id: number;
      roleLabel: string;
    }>;
    const labelOf = (id: number) => rows.find((row) => row.id === id)?.roleLabel;
    expect(labelOf(owner.id)).toBe("Super Administrator");
    expect(labelOf(desk.id)).toBe("Front desk");
    expect(labelOf(custom.id)).toMatch(/^Reception \d+$/);
  });

  it("the front desk sees only inquiries assigned to them or unassigned when the clinic chooses so", async () => {
    const desk = await t.createAdmin({ role: "front_desk" });
    const cookie = await t.cookieFor(desk);
    const run = `scope${Date.now()}`;
    const mine = await t.addInquiry({ name: `${run} Mine`, assigneeId: desk.id });
    const nobodys = await t.addInquiry({ name: `${run} Nobody` });
    const theirs = await t.addInquiry({ name: `${run} Theirs`, assigneeId: owner.id });
    const seen = async () =>
      ((await json(await t.request(`/api/admin/contact?q=${run}&pageSize=100`, { cookie }))) as Array<{ id: number }>)
        .map((row) => row.id)
        .sort();
    // The dashboard's inquiry cards count the same inquiries the desk shows.
    const dashboard = async () =>
      (await json(await t.request("/api/admin/dashboard", { cookie }))) as {
        contact: number;
        newInquiries: number;
        overdueInquiries: number;
      };
    const overdue = await t.addInquiry({ name: `${run} Old`, assigneeId: owner.id, createdAt: new Date(Date.now() - 48 * 60 * 60_000) });
    expect(await seen()).toEqual([mine.id, nobodys.id, theirs.id, overdue.id].sort());
    const everything = await dashboard();
    await json(await t.request("/api/admin/roles/front_desk", { method: "PUT", json: { assignedOnly: true }, cookie: ownerCookie }));
    try {
      expect(await seen()).toEqual([mine.id, nobodys.id].sort());
      const scoped = await dashboard();
      // Theirs and the overdue one are assigned to the owner: out of the front desk's counts.
      expect(everything.contact - scoped.contact).toBeGreaterThanOrEqual(2);
      expect(everything.newInquiries - scoped.newInquiries).toBeGreaterThanOrEqual(2);
      expect(everything.overdueInquiries - scoped.overdueInquiries).toBeGreaterThanOrEqual(1);
      const inScope = (await json(await t.request("/api/admin/contact?status=new&pageSize=100", { cookie }))) as unknown[];
      expect(scoped.newInquiries).toBe(inScope.length);
      expect((await t.request(`/api/admin/contact/${theirs.id}`, { cookie })).status).toBe(403);
      expect((await t.request(`/api/admin/contact/${theirs.id}/notes`, { json: { text: "Called back" }, cookie })).status).toBe(403);
      expect((await t.request(`/api/admin/contact/${mine.id}/notes`, { json: { text: "Called back" }, cookie })).status).toBe(201);
    } finally {
      await json(await t.request("/api/admin/roles/front_desk", { method: "PUT", json: { assignedOnly: false }, cookie: ownerCookie }));
    }
  });
});

describe("the security review's permission paths (issue 34)", () => {
  it("item 3: restoring a published version publishes, so it needs the publish permission; a draft's restore does not", async () => {
    const writer = await t.createAdmin({ role: await addCustomRole("Writer without publishing", ["news.edit"]) });
    const cookie = await t.cookieFor(writer);
    // The Super Administrator publishes an article, then withdraws it: version 1 published, version 2 a draft.
    const article = await json(
      await t.request("/api/admin/news", {
        json: {
          title: "Withdrawn note",
          slug: "withdrawn-note",
          summary: "A note that was withdrawn.",
          content: "<p>Body</p>",
          isPublished: true,
        },
        cookie: ownerCookie,
      }),
      201,
    );
    await json(
      await t.request(`/api/admin/news/${article.id}`, { method: "PUT", json: { ...article, isPublished: false }, cookie: ownerCookie }),
    );
    const versions = await json(await t.request(`/api/admin/news/${article.id}/versions`, { cookie }));
    const published = versions.find((v: { version: number }) => v.version === 1);
    expect(published).toBeDefined();
    // Its own save with isPublished true is refused; so is the restore of the published version.
    expect(
      (await t.request(`/api/admin/news/${article.id}`, { method: "PUT", json: { ...article, isPublished: true }, cookie })).status,
    ).toBe(403);
    const refused = await t.request(`/api/admin/news/${article.id}/versions/1/restore`, { method: "POST", cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(
      "Access Denied - Your role does not allow: Publish: put articles and services live, show testimonials",
    );
    expect((await t.request("/api/news/withdrawn-note")).status).toBe(404);
    expect(await lastLog(writer.id, "access_denied")).toMatchObject({ resourceId: "publish" });
    // The draft's restore is an edit like any other; the Super Administrator may restore the published one.
    expect((await t.request(`/api/admin/news/${article.id}/versions/2/restore`, { method: "POST", cookie })).status).toBe(200);
    expect((await t.request(`/api/admin/news/${article.id}/versions/1/restore`, { method: "POST", cookie: ownerCookie })).status).toBe(200);
    expect((await t.request("/api/news/withdrawn-note")).status).toBe(200);
  });

  it("item 3: a testimonial's translation goes live only with the publish permission, as its English does", async () => {
    const editor = await t.createAdmin({ role: await addCustomRole("Testimonials without publishing", ["testimonials.edit"]) });
    const cookie = await t.cookieFor(editor);
    const testimonial = await json(
      await t.request("/api/admin/testimonials", {
        json: { name: "Ana", service: "Ozone Therapy", rating: 5, content: "Very kind staff.", isVisible: false },
        cookie,
      }),
      201,
    );
    const path = `/api/admin/translations/testimonial/${testimonial.id}/es`;
    expect(
      (await t.request(path, { method: "PUT", json: { status: "published", fields: { content: "Personal muy amable." } }, cookie })).status,
    ).toBe(403);
    expect(
      (await t.request(path, { method: "PUT", json: { status: "draft", fields: { content: "Personal muy amable." } }, cookie })).status,
    ).toBe(200);
  });

  it("item 4: an emergency access opens single inquiries, never an export's health details; every full export needs a fresh check", async () => {
    const exporter = await t.createAdmin({ role: await addCustomRole("Desk with export", ["inquiries.view", "inquiries.export"]) });
    const cookie = await t.cookieFor(exporter);
    const inquiry = await t.addInquiry({ healthConditions: "Shoulder pain since March" });
    const full = async () =>
      (await json(await t.request("/api/admin/contact", { cookie }))) as Array<{ id: number; healthConditions: string | null }>;
    expect((await full()).find((row) => row.id === inquiry.id)!.healthConditions).toBeNull();
    await json(
      await t.request("/api/admin/contact/emergency-access", {
        json: { reason: "The clinician asked me to read it to her by phone" },
        cookie,
      }),
      201,
    );
    // The single inquiry opens (with a reason); the full list and the CSV still carry no health details.
    expect(await json(await t.request(`/api/admin/contact/${inquiry.id}?reason=clinical_review`, { cookie }))).toMatchObject({
      healthConditions: "Shoulder pain since March",
    });
    expect((await full()).find((row) => row.id === inquiry.id)!.healthConditions).toBeNull();
    const csv = await (await t.request("/api/admin/contact/export", { cookie })).text();
    expect(csv).not.toContain("Shoulder pain since March");
    // A stale session: the JSON export asks for the check, as the CSV does.
    await t.deps.db
      .update(adminSessions)
      .set({ freshAt: new Date(Date.now() - 6 * MINUTE) })
      .where(eq(adminSessions.adminId, exporter.id));
    for (const path of ["/api/admin/contact", "/api/admin/contact/export"]) {
      const res = await t.request(path, { cookie });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ requiresFreshCheck: true });
    }
  });

  it("item 8: the dashboard counts only what the role may open (Marketing sees no inquiry counts; the front desk no site counts)", async () => {
    const marketing = await json(
      await t.request("/api/admin/dashboard", { cookie: await t.cookieFor(await t.createAdmin({ role: "marketing" })) }),
    );
    expect(Object.keys(marketing).sort()).toEqual(["content", "images", "news", "services", "social", "team", "testimonials"]);
    const desk = await json(
      await t.request("/api/admin/dashboard", { cookie: await t.cookieFor(await t.createAdmin({ role: "front_desk" })) }),
    );
    expect(Object.keys(desk).sort()).toEqual(["contact", "newInquiries", "overdueInquiries"]);
    const all = await json(await t.request("/api/admin/dashboard", { cookie: ownerCookie }));
    expect(Object.keys(all).sort()).toEqual([
      "contact",
      "content",
      "images",
      "newInquiries",
      "news",
      "overdueInquiries",
      "services",
      "social",
      "team",
      "testimonials",
      "users",
    ]);
  });
});
