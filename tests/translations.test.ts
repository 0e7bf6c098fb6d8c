import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translations } from "../src/server/db/schema";
import { englishFieldsOf } from "../src/server/services/translation-fields";
import { accessDeniedMessage } from "../src/shared/permissions";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Staff's translations (issue 27): saved beside the English through the REST mirror and tRPC, on a
 * real database; "needs update" once the English changes through its own procedure, with the changed
 * field's English then and now; publishing needs what the English requires; HTML cleaned; only the
 * kind's fields; the kind's own permission (and "publish" for an article); a record's translations go
 * with it.
 */
let t: TestApp;
let editor: TestAdmin;
let editorCookie: string;
let ownerCookie: string;
let deskCookie: string;
let teamOnlyCookie: string;
let newsWriterCookie: string;
let newsWriter: TestAdmin;

const unique = () => randomBytes(4).toString("hex");

async function json(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return text ? JSON.parse(text) : null;
}

const get = (path: string, cookie = editorCookie) => t.request(path, { cookie });
const put = (path: string, body: unknown, cookie = editorCookie) => t.request(path, { method: "PUT", json: body, cookie });
const del = (path: string, cookie = editorCookie) => t.request(path, { method: "DELETE", cookie });

const SECTIONS = [
  { kind: "overview", eyebrow: "Understanding cupping", title: "What is cupping?", text: "Suction on the skin." },
  {
    kind: "faq",
    title: "Questions",
    items: [
      { question: "Does it hurt?", answer: "Rarely." },
      { question: "How long?", answer: "Thirty minutes." },
    ],
  },
];

const SPANISH_SECTIONS = [
  { kind: "overview", eyebrow: "Conozca las ventosas", title: "¿Qué son las ventosas?", text: "Succión sobre la piel." },
  {
    kind: "faq",
    title: "Preguntas",
    items: [
      { question: "¿Duele?", answer: "Casi nunca." },
      { question: "¿Cuánto dura?", answer: "Treinta minutos." },
    ],
  },
];

const serviceBody = (slug: string, fields: Record<string, unknown> = {}) => ({
  title: "Cupping",
  slug,
  shortDescription: "A gentle suction therapy.",
  description: "Cupping uses suction to ease tight muscles.",
  imageAlt: "Glass cups on a back",
  sections: SECTIONS,
  ...fields,
});

const spanish = (fields: Record<string, unknown> = {}) => ({
  title: "Ventosas",
  shortDescription: "Una terapia suave de succión.",
  description: "Las ventosas alivian los músculos tensos.",
  imageAlt: "Ventosas de vidrio sobre una espalda",
  sections: SPANISH_SECTIONS,
  ...fields,
});

async function newService(fields: Record<string, unknown> = {}) {
  return json(await t.request("/api/admin/services", { json: serviceBody(`cupping-${unique()}`, fields), cookie: editorCookie }), 201);
}

const path = (kind: string, id: number, language = "es") => `/api/admin/translations/${kind}/${id}/${language}`;

async function addRole(name: string, permissions: string[]) {
  return (await json(await t.request("/api/admin/roles", { json: { name: `${name} ${unique()}`, permissions }, cookie: ownerCookie }), 201))
    .key as string;
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.createAdmin({ role: "admin" });
  editorCookie = await t.cookieFor(editor);
  ownerCookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
  deskCookie = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
  teamOnlyCookie = await t.cookieFor(await t.createAdmin({ role: await addRole("Team pages", ["team.edit"]) }));
  newsWriter = await t.createAdmin({ role: await addRole("News writer", ["news.edit"]) });
  newsWriterCookie = await t.cookieFor(newsWriter);
});
afterAll(() => t.close());

/** The newest activity-log line of an admin. */
async function latestActivity(adminId: number) {
  const log = await json(await get(`/api/admin/activity?adminId=${adminId}&pageSize=1`, ownerCookie));
  return log.items[0];
}

describe("saving, reading and listing a translation", () => {
  it("round trip: a draft saved, read back beside the English, listed per language", async () => {
    const service = await newService();
    expect(await json(await get(path("service", service.id)))).toMatchObject({
      translation: null,
      needsUpdate: false,
      changes: [],
      label: "Cupping",
    });

    const saved = await json(await put(path("service", service.id), { status: "draft", fields: spanish({ description: "" }) }));
    expect(saved).toMatchObject({
      kind: "service",
      recordId: service.id,
      language: "es",
      label: "Cupping",
      english: { title: "Cupping", shortDescription: "A gentle suction therapy.", sections: SECTIONS },
      requiredFields: ["title", "shortDescription", "description", "imageAlt", "sections"],
      translation: {
        status: "draft",
        updatedByName: editor.username,
        fields: { title: "Ventosas", description: "", sections: SPANISH_SECTIONS },
      },
      needsUpdate: false,
      changes: [],
    });
    expect(await json(await get(path("service", service.id)))).toEqual(saved);

    const list = await json(await get("/api/admin/translations"));
    const row = list.records.find(
      (record: { kind: string; recordId: number }) => record.kind === "service" && record.recordId === service.id,
    );
    expect(row).toMatchObject({
      label: "Cupping",
      languages: { es: { state: "draft", needsUpdate: false }, zh: { state: "missing", needsUpdate: false, updatedAt: null } },
    });
    // Every kind the editor may edit is listed, the seeded records too.
    expect(new Set(list.records.map((record: { kind: string }) => record.kind))).toEqual(
      new Set(["service", "news", "team", "content", "image", "testimonial"]),
    );

    // Publishing it once complete; the list says so.
    await json(await put(path("service", service.id), { status: "published", fields: spanish() }));
    const after = await json(await get("/api/admin/translations"));
    expect(
      after.records.find((record: { recordId: number; kind: string }) => record.kind === "service" && record.recordId === service.id)
        .languages.es.state,
    ).toBe("published");
    const line = await latestActivity(editor.id);
    expect(line).toMatchObject({
      action: "update",
      resourceType: "translation",
      resourceId: `service:${service.id}:es`,
      details: { label: "Cupping (Spanish translation)", status: "published", previousStatus: "draft" },
    });
  });

  it("the same through tRPC, and a Chinese translation beside the Spanish one", async () => {
    const service = await newService();
    const caller = (await t.callerFor(editor)) as unknown as {
      translations: Record<string, (input: unknown) => Promise<Record<string, unknown>>>;
    };
    const saved = await caller.translations.save!({
      kind: "service",
      recordId: service.id,
      language: "zh",
      status: "draft",
      fields: { title: "拔罐" },
    });
    expect(saved).toMatchObject({
      language: "zh",
      translation: { status: "draft", fields: { title: "拔罐", shortDescription: "", sections: [] } },
    });
    expect(await caller.translations.get!({ kind: "service", recordId: service.id, language: "es" })).toMatchObject({ translation: null });
  });

  it("an empty translation, a field the kind does not translate, or a wrong language is refused, naming the field", async () => {
    const service = await newService();
    const empty = await json(await put(path("service", service.id), { status: "draft", fields: { title: "  " } }), 400);
    expect(empty.message).toBe("Translate at least one field before saving");
    const slug = await json(await put(path("service", service.id), { fields: { title: "Ventosas", slug: "ventosas" } }), 400);
    expect(slug.fieldErrors).toEqual({ "fields.slug": ["slug is not a field of a service's translation"] });
    const long = await json(await put(path("service", service.id), { fields: { title: "x".repeat(256) } }), 400);
    expect(long.fieldErrors).toEqual({ "fields.title": ["Title must be 255 characters or less"] });
    await json(await put(path("service", service.id, "fr"), { fields: { title: "Ventouses" } }), 400);
    await json(await put(path("service", service.id, "en"), { fields: { title: "Cupping" } }), 400);
  });
});

describe("needs update", () => {
  it("appears when the English changes through its own procedure, with each changed field's English then and now", async () => {
    const service = await newService();
    await json(await put(path("service", service.id), { status: "published", fields: spanish() }));
    const changedSections = [SECTIONS[0], { ...SECTIONS[1], title: "Common questions" }];
    await json(
      await put(`/api/admin/services/${service.id}`, serviceBody(service.slug, { title: "Cupping therapy", sections: changedSections })),
    );

    const read = await json(await get(path("service", service.id)));
    expect(read.needsUpdate).toBe(true);
    expect(read.changes).toEqual([
      { field: "title", before: "Cupping", after: "Cupping therapy" },
      { field: "sections", before: SECTIONS, after: changedSections },
    ]);
    // The translation itself is kept as it was (still published) until staff update it.
    expect(read.translation).toMatchObject({ status: "published", fields: { title: "Ventosas" } });
    const list = await json(await get("/api/admin/translations"));
    const row = list.records.find(
      (record: { kind: string; recordId: number }) => record.kind === "service" && record.recordId === service.id,
    );
    expect(row.languages).toMatchObject({ es: { state: "published", needsUpdate: true }, zh: { state: "missing", needsUpdate: false } });

    // Saving it again (from the English as it is now) clears the flag.
    const updated = spanish({
      title: "Terapia de ventosas",
      sections: [SPANISH_SECTIONS[0], { ...SPANISH_SECTIONS[1], title: "Preguntas frecuentes" }],
    });
    expect(await json(await put(path("service", service.id), { status: "published", fields: updated }))).toMatchObject({
      needsUpdate: false,
      changes: [],
    });
  });

  it("not for a change outside the translated fields (the slug, the image)", async () => {
    const service = await newService();
    await json(await put(path("service", service.id), { status: "draft", fields: spanish() }));
    await json(await put(`/api/admin/services/${service.id}`, serviceBody(`cupping-${unique()}`, { offeredOnContactForm: true })));
    expect((await json(await get(path("service", service.id)))).needsUpdate).toBe(false);
  });

  it("englishFieldsOf is what a translation's source holds", async () => {
    const service = await newService();
    await json(await put(path("service", service.id), { status: "draft", fields: { title: "Ventosas" } }));
    const [row] = await t.deps.db
      .select()
      .from(translations)
      .where(and(eq(translations.kind, "service"), eq(translations.recordId, service.id)));
    expect(row!.source).toEqual(englishFieldsOf("service", service));
    expect(englishFieldsOf("news", { title: "T", summary: "S", content: null, thumbnailAlt: null, metaTitle: "M" })).toEqual({
      title: "T",
      summary: "S",
      content: "",
      thumbnailAlt: "",
      metaTitle: "M",
      metaDescription: "",
    });
  });
});

describe("publishing", () => {
  it("is refused while a field the English requires (and has) is empty: the error names the field", async () => {
    const service = await newService();
    const res = await json(
      await put(path("service", service.id), { status: "published", fields: spanish({ shortDescription: "", imageAlt: " " }) }),
      400,
    );
    expect(res.message).toBe("Short description is required");
    expect(res.fieldErrors).toEqual({
      "fields.shortDescription": ["Short description is required"],
      "fields.imageAlt": ["Image alt text is required"],
    });
    // Nothing was saved.
    expect((await json(await get(path("service", service.id)))).translation).toBeNull();
    // A draft may be incomplete.
    await json(await put(path("service", service.id), { status: "draft", fields: spanish({ shortDescription: "" }) }));
  });

  it("a service's sections: a draft may leave texts blank; published, every text is filled and the English structure kept", async () => {
    const service = await newService();
    const blank = [
      { ...SPANISH_SECTIONS[0], text: "" },
      {
        ...SPANISH_SECTIONS[1],
        items: [
          { question: "¿Duele?", answer: "" },
          { question: "", answer: "" },
        ],
      },
    ];
    const draft = await json(await put(path("service", service.id), { status: "draft", fields: spanish({ sections: blank }) }));
    expect(draft.translation.fields.sections).toEqual(blank);

    const missingText = await json(
      await put(path("service", service.id), { status: "published", fields: spanish({ sections: blank }) }),
      400,
    );
    expect(missingText.fieldErrors["fields.sections.0.text"]).toEqual(["Overview text is required"]);
    const oneSection = await json(
      await put(path("service", service.id), { status: "published", fields: spanish({ sections: [SPANISH_SECTIONS[0]] }) }),
      400,
    );
    expect(oneSection.fieldErrors).toEqual({
      "fields.sections": ["The sections must follow the English ones: the same sections, in the same order, with the same number of items"],
    });
    const none = await json(await put(path("service", service.id), { status: "published", fields: spanish({ sections: [] }) }), 400);
    expect(none.fieldErrors).toEqual({ "fields.sections": ["Page sections are required"] });
    const badKind = await json(
      await put(path("service", service.id), { status: "draft", fields: spanish({ sections: [{ kind: "video", title: "x" }] }) }),
      400,
    );
    expect(badKind.message).toBe("Section kind must be overview, benefits, conditions, steps, faq or cta");
  });

  it("an article needs the publish permission, as publishing the English does; a draft does not", async () => {
    const [article] = await json(await get("/api/admin/news"));
    const body = { title: "Un estudio", summary: "Lo que encontró el estudio.", content: "<p>Texto</p>" };
    await json(await put(path("news", article.id), { status: "draft", fields: body }, newsWriterCookie));
    const refused = await json(await put(path("news", article.id), { status: "published", fields: body }, newsWriterCookie), 403);
    expect(refused.message).toBe(accessDeniedMessage("publish"));
    expect((await json(await get(path("news", article.id)))).translation.status).toBe("draft");
    await json(await put(path("news", article.id), { status: "published", fields: body }));
  });
});

describe("the rules every save keeps", () => {
  it("HTML is cleaned like every staff HTML: news bodies and html content items, not plain text items", async () => {
    const [article] = await json(await get("/api/admin/news"));
    const dirty =
      '<p onclick="steal()">Hola <a href="javascript:alert(1)">aquí</a></p><script>alert(1)</script><iframe src="https://evil.example"></iframe>';
    const saved = await json(
      await put(path("news", article.id, "zh"), { status: "draft", fields: { title: "研究", summary: "摘要", content: dirty } }),
    );
    expect(saved.htmlFields).toEqual(["content"]);
    expect(saved.translation.fields.content).toBe("<p>Hola <a>aquí</a></p>");

    const html = await json(
      await t.request("/api/admin/content", {
        json: { page: "home", section: "extra", key: `k${unique()}`, content: "<p>Hello</p>", contentType: "html" },
        cookie: editorCookie,
      }),
      201,
    );
    const cleaned = await json(
      await put(path("content", html.id), { fields: { content: `<p>Hola</p><img src="https://evil.example/x.png" onerror="x()">` } }),
    );
    expect(cleaned.translation.fields.content).toBe("<p>Hola</p><img />");
    const text = await json(
      await t.request("/api/admin/content", {
        json: { page: "home", section: "extra", key: `k${unique()}`, content: "1 < 2", contentType: "text" },
        cookie: editorCookie,
      }),
      201,
    );
    expect((await json(await put(path("content", text.id), { fields: { content: "<b>1 < 2</b>" } }))).translation.fields.content).toBe(
      "<b>1 < 2</b>",
    );
  });

  it("an unknown record is a 404 with its kind's message, for reading, saving and deleting", async () => {
    expect((await json(await get(path("service", 2147483647)), 404)).message).toBe("Service not found");
    expect((await json(await put(path("team", 2147483647), { fields: { role: "Médica" } }), 404)).message).toBe("Team member not found");
    expect((await json(await del(path("image", 2147483647)), 404)).message).toBe("Image not found");
    expect((await json(await get("/api/admin/translations/service/12abc/es"), 404)).message).toBe("Not found");
  });

  it("a role without the kind's edit permission is refused (403), and lists only the kinds it may edit", async () => {
    const service = await newService();
    const refused = await json(await put(path("service", service.id), { fields: spanish() }, teamOnlyCookie), 403);
    expect(refused.message).toBe(accessDeniedMessage("services.edit"));
    expect((await json(await get(path("service", service.id), teamOnlyCookie), 403)).message).toBe(accessDeniedMessage("services.edit"));
    // Images are website content's.
    const [image] = await json(await get("/api/admin/images"));
    expect((await json(await put(path("image", image.id), { fields: { altText: "Foto" } }, teamOnlyCookie), 403)).message).toBe(
      accessDeniedMessage("content.edit"),
    );

    const [member] = await json(await get("/api/admin/team"));
    await json(
      await put(path("team", member.id), { fields: { role: "Médica", bio: "Especialista en terapias regenerativas." } }, teamOnlyCookie),
    );
    const list = await json(await get("/api/admin/translations", teamOnlyCookie));
    expect(new Set(list.records.map((record: { kind: string }) => record.kind))).toEqual(new Set(["team"]));
    expect(list.legal).toEqual([]);
    expect(await json(await get("/api/admin/translations", deskCookie))).toEqual({ records: [], legal: [] });
  });
});

describe("deleting", () => {
  it("a translation: the read has none again, a second delete is a 404, and it is logged", async () => {
    const service = await newService();
    await json(await put(path("service", service.id, "zh"), { fields: { title: "拔罐" } }));
    expect(await json(await del(path("service", service.id, "zh")))).toEqual({ success: true });
    expect((await json(await get(path("service", service.id, "zh")))).translation).toBeNull();
    expect((await json(await del(path("service", service.id, "zh")), 404)).message).toBe("Translation not found");
    const line = await latestActivity(editor.id);
    expect(line).toMatchObject({
      action: "delete",
      resourceType: "translation",
      resourceId: `service:${service.id}:zh`,
      details: { label: "Cupping (Chinese translation)" },
    });
  });

  it("a service deletes its translations with it", async () => {
    const service = await newService();
    await json(await put(path("service", service.id), { fields: { title: "Ventosas" } }));
    await json(await put(path("service", service.id, "zh"), { fields: { title: "拔罐" } }));
    const stored = () =>
      t.deps.db
        .select()
        .from(translations)
        .where(and(eq(translations.kind, "service"), eq(translations.recordId, service.id)));
    expect(await stored()).toHaveLength(2);
    await json(await del(`/api/admin/services/${service.id}`));
    expect(await stored()).toEqual([]);
  });
});

describe("the legal texts in the list", () => {
  it("say per language whether a version exists, and need update once the English has a newer version", async () => {
    const before = await json(await get("/api/admin/translations", ownerCookie));
    const terms = before.legal.find((text: { kind: string }) => text.kind === "terms");
    expect(terms.title).toBe("Terms and Conditions");
    await json(
      await t.request("/api/admin/legal/terms", {
        json: { effectiveDate: "2026-05-01", html: `<p>Terms ${unique()}</p>` },
        cookie: ownerCookie,
      }),
    );
    const after = (await json(await get("/api/admin/translations", ownerCookie))).legal.find(
      (text: { kind: string }) => text.kind === "terms",
    );
    expect(after.englishVersion).toBe(terms.englishVersion + 1);
    for (const language of ["es", "zh"] as const) {
      if (after.languages[language].state === "published") expect(after.languages[language].needsUpdate).toBe(true);
    }
    await json(
      await t.request("/api/admin/legal/terms", {
        json: { language: "es", effectiveDate: "2026-05-01", html: `<p>Términos ${unique()}</p>` },
        cookie: ownerCookie,
      }),
    );
    const translated = (await json(await get("/api/admin/translations", ownerCookie))).legal.find(
      (text: { kind: string }) => text.kind === "terms",
    );
    expect(translated.languages.es).toMatchObject({ state: "published", needsUpdate: false, sourceVersion: after.englishVersion });
    // Staff without legal.edit do not see them.
    expect((await json(await get("/api/admin/translations"))).legal).toEqual([]);
  });
});
