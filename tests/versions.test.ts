import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordVersions } from "../src/server/db/schema";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Version history of news articles, services and website content items: every save keeps a version
 * with who and when; a restore brings the text back as a new save (validated, sanitised, unique slugs,
 * logged); staff only. Through the REST mirror and the tRPC procedures, on a real database.
 */
let t: TestApp;
let writer: TestAdmin;
let editor: TestAdmin;
let writerCookie: string;
let editorCookie: string;
let superCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  writer = await t.createAdmin();
  editor = await t.createAdmin();
  writerCookie = await t.cookieFor(writer);
  editorCookie = await t.cookieFor(editor);
  superCookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString("hex");

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

const get = (path: string, cookie = editorCookie) => t.request(path, { cookie }).then((res) => ok(res));
const put = (path: string, json: unknown, cookie = editorCookie) => t.request(path, { method: "PUT", json, cookie }).then((res) => ok(res));
const restore = (path: string, cookie = editorCookie) => t.request(`${path}/restore`, { method: "POST", cookie });

function article(slug: string, fields: Record<string, unknown> = {}) {
  return {
    title: "Ozone and healing",
    slug,
    summary: "What the study found, in short.",
    content: "<p>The first draft of the text.</p>",
    isPublished: false,
    ...fields,
  };
}

/** The newest activity-log line of an admin. */
async function latestActivity(adminId: number) {
  const log = await get(`/api/admin/activity?adminId=${adminId}&pageSize=1`, superCookie);
  return log.items[0];
}

describe("saving keeps versions", () => {
  it("each save of an article is a version with who saved it and when, newest first, with what changed", async () => {
    const slug = `versions-${unique()}`;
    // The first save happens between these two readings (their order is checked, not a duration).
    const started = Date.now();
    const created = await ok(await t.request("/api/admin/news", { json: article(slug), cookie: writerCookie }), 201);
    const createdBy = Date.now();
    await put(`/api/admin/news/${created.id}`, article(slug, { title: "Ozone and faster healing" }));
    await put(
      `/api/admin/news/${created.id}`,
      article(slug, { title: "Ozone and faster healing", content: "<p>The second draft of the text.</p>", tags: "ozone" }),
    );

    const versions = await get(`/api/admin/news/${created.id}/versions`);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[0]).toMatchObject({
      event: "updated",
      savedById: editor.id,
      savedByName: editor.username,
      changedFields: ["content", "tags"],
      summary: "Changed: Content, Tags",
    });
    expect(versions[1]).toMatchObject({ event: "updated", savedByName: editor.username, summary: "Changed: Title" });
    expect(versions[2]).toMatchObject({ event: "created", savedById: writer.id, savedByName: writer.username, summary: "Created" });
    const times = versions.map((v: { savedAt: string }) => Date.parse(v.savedAt));
    expect(times[2]).toBeGreaterThanOrEqual(started);
    expect(times[2]).toBeLessThanOrEqual(createdBy);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The list says who and when, not the text: that is in one version.
    expect(versions[0].fields).toBeUndefined();

    const first = await get(`/api/admin/news/${created.id}/versions/1`);
    expect(first.fields).toMatchObject({
      title: "Ozone and healing",
      content: "<p>The first draft of the text.</p>",
      tags: null,
      isPublished: false,
    });
    expect(first.current).toMatchObject({
      title: "Ozone and faster healing",
      content: "<p>The second draft of the text.</p>",
      tags: "ozone",
    });
  });

  it("a record from before the history began keeps the state it had as version 1 at its first save", async () => {
    const seeded = (await get("/api/admin/services"))[0];
    expect(await get(`/api/admin/services/${seeded.id}/versions`)).toEqual([]);
    await put(`/api/admin/services/${seeded.id}`, { ...seeded, shortDescription: `${seeded.shortDescription} Now with a new line.` });

    const versions = await get(`/api/admin/services/${seeded.id}/versions`);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toMatchObject({
      version: 2,
      event: "updated",
      savedByName: editor.username,
      summary: "Changed: Short description",
    });
    expect(versions[1]).toMatchObject({
      version: 1,
      event: "before_history",
      savedById: null,
      savedByName: null,
      summary: "As it was before version history began",
    });
    expect(Date.parse(versions[1].savedAt)).toBe(Date.parse(seeded.updatedAt));
    expect((await get(`/api/admin/services/${seeded.id}/versions/1`)).fields.shortDescription).toBe(seeded.shortDescription);
  });
});

describe("restoring a version", () => {
  it("brings the text back as a new version, and the activity log says which version was restored", async () => {
    const slug = `restore-${unique()}`;
    const created = await ok(
      await t.request("/api/admin/news", { json: article(slug, { summary: "The summary staff first wrote." }), cookie: writerCookie }),
      201,
    );
    await put(`/api/admin/news/${created.id}`, article(slug, { title: "A title nobody liked", summary: "A summary nobody liked at all." }));

    const restored = await ok(await restore(`/api/admin/news/${created.id}/versions/1`));
    expect(restored).toMatchObject({ id: created.id, title: "Ozone and healing", summary: "The summary staff first wrote." });
    expect(await get(`/api/admin/news/${created.id}`)).toMatchObject({
      title: "Ozone and healing",
      summary: "The summary staff first wrote.",
    });

    const versions = await get(`/api/admin/news/${created.id}/versions`);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[0]).toMatchObject({
      event: "restored",
      restoredFrom: 1,
      savedByName: editor.username,
      changedFields: ["title", "summary"],
      summary: "Restored version 1",
    });
    // Nothing saved is lost: the text the restore replaced is still version 2.
    expect((await get(`/api/admin/news/${created.id}/versions/2`)).fields.title).toBe("A title nobody liked");

    expect(await latestActivity(editor.id)).toMatchObject({
      action: "restore",
      resourceType: "news_article",
      resourceId: String(created.id),
      details: { label: "Ozone and healing", version: 1, newVersion: 3 },
    });
  });

  it("goes through the sanitiser: a version cannot smuggle a script into an article or an html content item", async () => {
    const slug = `smuggle-${unique()}`;
    const created = await ok(await t.request("/api/admin/news", { json: article(slug), cookie: editorCookie }), 201);
    const dirty =
      '<p>Kept</p><script>alert("x")</script><img src="/images/a.svg" onerror="alert(1)" alt="a"><a href="javascript:alert(1)">link</a>';
    // A version whose text never went through a save (written into the table directly).
    await t.deps.db.insert(recordVersions).values({
      kind: "news",
      recordId: created.id,
      version: 2,
      event: "updated",
      fields: { ...(await get(`/api/admin/news/${created.id}/versions/1`)).fields, content: dirty },
      changedFields: ["content"],
    });
    // Shown as a restore would save it: the comparison never offers the script.
    expect((await get(`/api/admin/news/${created.id}/versions/2`)).fields.content).not.toMatch(/<script|onerror|javascript:/i);
    const restored = await ok(await restore(`/api/admin/news/${created.id}/versions/2`));
    for (const html of [
      restored.content,
      (await get(`/api/admin/news/${created.id}`)).content,
      (await get(`/api/admin/news/${created.id}/versions/3`)).fields.content,
    ]) {
      expect(html).toContain("<p>Kept</p>");
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
    }

    const item = await ok(
      await t.request("/api/admin/content", {
        json: { page: "about", section: `versions-${unique()}`, key: "body", content: "<p>Plain</p>", contentType: "html" },
        cookie: editorCookie,
      }),
      201,
    );
    await t.deps.db.insert(recordVersions).values({
      kind: "content",
      recordId: item.id,
      version: 2,
      event: "updated",
      fields: { ...(await get(`/api/admin/content/${item.id}/versions/1`)).fields, content: dirty },
      changedFields: ["content"],
    });
    const restoredItem = await ok(await restore(`/api/admin/content/${item.id}/versions/2`));
    expect(restoredItem.content).toContain("<p>Kept</p>");
    expect(restoredItem.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("follows the save's rules: a slug taken since answers 409 at the slug, a rule the version breaks answers 400", async () => {
    const first = `taken-${unique()}`;
    const service = { title: "Cupping", shortDescription: "Suction cups.", description: "Cupping therapy.", imageAlt: "Cups" };
    const created = await ok(await t.request("/api/admin/services", { json: { ...service, slug: first }, cookie: editorCookie }), 201);
    await put(`/api/admin/services/${created.id}`, { ...service, slug: `${first}-renamed` });
    await ok(
      await t.request("/api/admin/services", { json: { ...service, title: "Other cupping", slug: first }, cookie: editorCookie }),
      201,
    );

    const clash = await restore(`/api/admin/services/${created.id}/versions/1`);
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({
      message: "A service with this URL slug already exists",
      fieldErrors: { slug: ["A service with this URL slug already exists"] },
    });
    // Refused: no version was made, and the record is unchanged.
    expect((await get(`/api/admin/services/${created.id}/versions`)).map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await get(`/api/admin/services/${created.id}`)).slug).toBe(`${first}-renamed`);

    await t.deps.db
      .update(recordVersions)
      .set({ fields: { ...(await get(`/api/admin/services/${created.id}/versions/1`)).fields, slug: first.toUpperCase() } })
      .where(and(eq(recordVersions.kind, "service"), eq(recordVersions.recordId, created.id), eq(recordVersions.version, 1)));
    const invalid = await restore(`/api/admin/services/${created.id}/versions/1`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      message: "Slug must contain only lowercase letters, numbers, and hyphens",
      fieldErrors: { slug: expect.any(Array) },
    });
  });

  it("brings back a service's image as it was in that version", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: "Cryotherapy",
      slug: `cryo-${unique()}`,
      shortDescription: "Cold.",
      description: "Cold therapy.",
      imageAlt: "Ice",
    }))
      form.set(key, value);
    form.set("image", new File([new Uint8Array(png)], "ice.png", { type: "image/png" }));
    const created = await ok(await t.request("/api/admin/services", { form, cookie: editorCookie }), 201);
    expect(created.imageUrl).toMatch(/^\/uploads\//);

    const replacement = new FormData();
    for (const [key, value] of form.entries()) if (key !== "image") replacement.set(key, value);
    const other = await sharp({ create: { width: 50, height: 30, channels: 3, background: { r: 20, g: 120, b: 240 } } })
      .png()
      .toBuffer();
    replacement.set("image", new File([new Uint8Array(other)], "other.png", { type: "image/png" }));
    const replaced = await ok(
      await t.request(`/api/admin/services/${created.id}`, { method: "PUT", form: replacement, cookie: editorCookie }),
    );
    expect(replaced.imageUrl).not.toBe(created.imageUrl);
    expect((await get(`/api/admin/services/${created.id}/versions`))[0].summary).toBe("Changed: Image");

    expect((await ok(await restore(`/api/admin/services/${created.id}/versions/1`))).imageUrl).toBe(created.imageUrl);
  });

  it("works the same through tRPC, and answers 404 for an unknown record or version", async () => {
    const caller = await t.callerFor(editor);
    const item = await caller.content.create({
      page: "about",
      section: `trpc-${unique()}`,
      key: "line",
      content: "First words",
      contentType: "text",
      isVisible: true,
      sortOrder: 0,
    });
    await caller.content.update({ id: item.id, page: item.page, section: item.section, key: item.key, content: "Second words" });
    const restored = await caller.versions.restore({ kind: "content", recordId: item.id, version: 1 });
    expect(restored).toMatchObject({ id: item.id, content: "First words" });
    expect((await caller.versions.list({ kind: "content", recordId: item.id }))[0]).toMatchObject({
      version: 3,
      event: "restored",
      restoredFrom: 1,
    });

    expect(await t.request(`/api/admin/content/${item.id}/versions/99`, { cookie: editorCookie }).then((res) => res.status)).toBe(404);
    const unknown = await t.request("/api/admin/news/2147483647/versions", { cookie: editorCookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Article not found" });
    expect((await restore("/api/admin/news/2147483647/versions/1")).status).toBe(404);
    expect((await t.request(`/api/admin/content/${item.id}/versions/x`, { cookie: editorCookie })).status).toBe(404);
  });
});

describe("a deleted record's versions go with it", () => {
  it("deleting an article deletes its versions, and leaves other records' versions alone", async () => {
    const keep = await ok(await t.request("/api/admin/news", { json: article(`keep-${unique()}`), cookie: editorCookie }), 201);
    const doomed = await ok(await t.request("/api/admin/news", { json: article(`doomed-${unique()}`), cookie: editorCookie }), 201);
    await put(`/api/admin/news/${doomed.id}`, article(doomed.slug, { title: "Soon gone" }));
    const count = async (id: number) =>
      (
        await t.deps.db
          .select()
          .from(recordVersions)
          .where(and(eq(recordVersions.kind, "news"), eq(recordVersions.recordId, id)))
      ).length;
    expect(await count(doomed.id)).toBe(2);

    await ok(await t.request(`/api/admin/news/${doomed.id}`, { method: "DELETE", cookie: editorCookie }));
    expect(await count(doomed.id)).toBe(0);
    expect(await count(keep.id)).toBe(1);
  });
});

describe("staff only", () => {
  it("answers 401 to a visitor on every door, and changes nothing", async () => {
    const created = await ok(await t.request("/api/admin/news", { json: article(`private-${unique()}`), cookie: editorCookie }), 201);
    const base = `/api/admin/news/${created.id}/versions`;
    for (const res of [await t.request(base), await t.request(`${base}/1`), await t.request(`${base}/1/restore`, { method: "POST" })]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Not signed in" });
    }
    const visitor = await t.callerFor();
    await expect(visitor.versions.list({ kind: "news", recordId: created.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(visitor.versions.restore({ kind: "news", recordId: created.id, version: 1 })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await get(base)).toHaveLength(1);
  });
});
