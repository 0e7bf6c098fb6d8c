import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../src/server/routers";
import { bodyKeysOf, doorsOf, queryKeysOf } from "../src/server/rest/bind";
import type { RestDoor } from "../src/server/rest/operations";
import { encode } from "../src/shared/transformer";
import { softAuthenticator } from "./setup/soft-authenticator";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * A bad-input corpus over every REST route and every tRPC procedure: wrong types, NUL characters,
 * unpaired surrogates, huge and odd ids, out-of-range dates, wrong content types, malformed JSON and
 * multipart, deep nesting. Nothing answers 500, every bad write is refused with a 4xx, and the stored
 * data does not change. Each route's and procedure's valid input is checked to be accepted first, so a
 * refusal below is the bad value's doing. A route or procedure added later without a corpus entry
 * fails the coverage test.
 */
let t: TestApp;
let cookie: string;
let superAdmin: TestAdmin;
let target: TestAdmin;
/** Signs in through the corpus's valid login (its password never changes, unlike the target's). */
let signer: TestAdmin;
const ids: Record<string, number> = {};
let unique = 0;
const u = () => `${++unique}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  t = await createTestApp({ web: true, limits: { loginIp: { limit: 100_000, windowMs: 60_000, blockMs: 60_000 } } });
  superAdmin = await t.createAdmin({ role: "super_admin" });
  target = await t.createAdmin();
  signer = await t.createAdmin();
  cookie = await t.cookieFor(superAdmin);
  const first = async (path: string) => ((await (await t.request(path, { cookie })).json()) as Array<{ id: number }>)[0]!.id;
  ids.service = await first("/api/admin/services");
  ids.news = await first("/api/admin/news");
  ids.testimonial = await first("/api/admin/testimonials");
  ids.team = await first("/api/admin/team");
  ids.content = await first("/api/admin/content");
  ids.image = await first("/api/admin/images");
  ids.social = await first("/api/admin/social-media");
  ids.user = target.id;
  ids.inquiry = (await t.addInquiry({ healthConditions: "Knee" })).id;
});
afterAll(() => t.close());

// ---------------------------------------------------------------- valid inputs, one per write

type Values = Record<string, unknown>;

const valid = {
  contact: (): Values => ({
    name: "Avery Stone",
    email: "avery@example.com",
    phone: "801-555-0133",
    servicesInterested: ["General Consultation"],
    healthConditions: "Knee pain",
    availabilityDays: ["monday"],
    availabilityTimes: ["morning"],
    optInTexting: true,
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
    formToken: t.formToken(),
    website: "",
  }),
  login: (): Values => ({ username: signer.username, password: signer.password }),
  service: (): Values => ({
    title: "Cupping",
    slug: `cupping-${u()}`,
    shortDescription: "Short",
    description: "Long text.",
    imageAlt: "Cups",
  }),
  news: (): Values => ({
    title: "A new study",
    slug: `a-new-study-${u()}`,
    summary: "A summary of the study.",
    content: "<p>Body</p>",
    thumbnailAlt: "Alt",
    metaTitle: "Meta",
    tags: "a,b",
    isPublished: true,
    publishedAt: "2025-05-01T10:00:00.000Z",
  }),
  user: (): Values => ({
    username: `user${u()}`,
    password: "long-enough-passphrase",
    firstName: "Pat",
    lastName: "Lee",
    email: "pat@example.com",
    role: "admin",
  }),
  userUpdate: (): Values => ({ firstName: "Pat", lastName: `Lee${u()}`, email: "pat@example.com", role: "admin", isActive: true }),
  resetPassword: (): Values => ({ newPassword: `reset-${u()}-pw` }),
  testimonial: (): Values => ({
    name: `Client ${u()}`,
    service: "Ozone Therapy",
    rating: 4,
    content: "Great care.",
    imageUrl: "/uploads/x.png",
    isVisible: true,
    receivedAt: "2024-10-21",
    source: "patient",
    consentToPublish: true,
  }),
  team: (): Values => ({ name: `Dr. ${u()}`, role: "Physician", bio: "Bio text.", imageUrl: "/uploads/x.png" }),
  content: (): Values => ({
    page: "home",
    section: "extra",
    key: `k${u()}`,
    content: "Text",
    contentType: "text",
    isVisible: true,
    sortOrder: 3,
  }),
  image: (): Values => ({ altText: `Alt ${u()}`, seoFilename: "hero-image", width: 1200, height: 800, isVisible: true }),
  social: (): Values => ({
    platform: "linkedin",
    displayName: `LinkedIn ${u()}`,
    url: "https://www.linkedin.com/company/x",
    iconClass: "icon",
    isVisible: true,
    sortOrder: 2,
  }),
};

// ---------------------------------------------------------------- bad values

const DATE_FIELDS = new Set(["publishedAt"]);
const NUL = "a\u0000b";
const SURROGATE = "x\ud800y";
const deep = (depth: number): unknown => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
/** JSON text nested `depth` deep (too deep for JSON.stringify, and for any recursive walk). */
const deepJson = (depth: number) => `${"[".repeat(depth)}"x"${"]".repeat(depth)}`;
/** A valid input's JSON with one extra, very deeply nested field. */
const withDeepField = (values: Values) => `${JSON.stringify(values).slice(0, -1)},"extra":${deepJson(100_000)}}`;

/** Bad JSON values for a field, chosen by the type its valid value has. */
function badJsonValues(field: string, example: unknown): unknown[] {
  if (DATE_FIELDS.has(field)) {
    return [
      "0000-01-01T00:00:00.000Z",
      "+275760-09-13T00:00:00.000Z",
      "12345",
      "1",
      "1969-12-31T23:59:59.000Z",
      "2025-13-45T00:00:00Z",
      12345,
      true,
      NUL,
    ];
  }
  if (typeof example === "boolean") return ["true", "false", 1, 0, "yes", {}, [], NUL];
  if (typeof example === "number") {
    return ["5", "0x4", "51e0", " 52", "53.0", "+55", true, 1.5, 2 ** 31, -(2 ** 31) - 1, 1e300, {}, [], NUL];
  }
  if (Array.isArray(example)) return [[NUL], [SURROGATE], "monday", [1], [{}], [[]], deep(200), NUL];
  return [NUL, SURROGATE, "\udc00", true, 12, {}, [], deep(200)];
}

/** Bad multipart text for a field (a form can only carry text). */
function badFormValues(field: string, example: unknown): string[] {
  if (DATE_FIELDS.has(field)) return ["0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "12345", "1", "1969-12-31", NUL];
  if (typeof example === "boolean") return ["yes", "on", "1", "TRUE", " true", NUL];
  if (typeof example === "number") return ["0x4", "51e0", " 52", "53.0", "+55", "1.5", "2147483648", "007", "true", NUL];
  return [NUL];
}

const BAD_PATH_IDS = ["0x4", "51e0", "%2052", "53.0", "+55", "0", "-1", "2147483648", "99999999999999999999", "1e3", "%00", "abc", "4%00"];
const BAD_SLUGS = ["%00", "a%00b", "%ED%A0%80", "x".repeat(300), "%E2%80%AE", "..%2F..%2Fetc"];
const BAD_QUERY = ["%00", "a%00b", "%ED%A0%80", "x".repeat(5000), "0x4", "-1", "1.5"];

function toForm(values: Values): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, String(value));
  return form;
}

// ---------------------------------------------------------------- the tRPC table

interface ProcedureEntry {
  valid?: () => Values;
  /** Also takes FormData. */
  form?: boolean;
  noAcceptCheck?: boolean;
  /** Changes state without reading an input (tested after the data check). */
  withoutInput?: boolean;
}

/** A passkey's answers in their JSON forms, as a browser sends them (tests/setup/soft-authenticator.ts). */
const softKeys = softAuthenticator();
const registration = () =>
  softKeys.register({ challenge: "eA", rp: { id: "clinic.test" }, user: { id: "eA" } }, { origin: "http://clinic.test" });
const assertion = () => {
  registration();
  return softKeys.assert({ challenge: "eA", rpId: "clinic.test" }, { origin: "http://clinic.test" });
};

const procedures: Record<string, ProcedureEntry> = {
  "auth.login": { valid: valid.login },
  "auth.me": {},
  "auth.session": {},
  "auth.logout": { withoutInput: true },
  "auth.changePassword": { valid: () => ({ currentPassword: "not-the-password", newPassword: "another-password" }), noAcceptCheck: true },
  "auth.twoFactorSetup": { withoutInput: true },
  "auth.twoFactorEnable": { valid: () => ({ code: "123456" }), noAcceptCheck: true },
  "auth.twoFactorDisable": { valid: () => ({ password: "not-the-password" }), noAcceptCheck: true },
  "passkeys.list": {},
  // The second steps need an authenticator's answer to a challenge the corpus cannot hold: their shape is checked, not their acceptance.
  "passkeys.startRegistration": { valid: () => ({ name: "Laptop" }) },
  "passkeys.finishRegistration": { valid: () => ({ response: registration() }), noAcceptCheck: true },
  "passkeys.rename": { valid: () => ({ id: 2 ** 31 - 1, name: "Desk" }), noAcceptCheck: true },
  "passkeys.remove": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "passkeys.signInStart": { withoutInput: true },
  "passkeys.signIn": { valid: () => ({ attemptId: "a".repeat(52), response: assertion() }), noAcceptCheck: true },
  "passkeys.checkStart": { withoutInput: true },
  "passkeys.check": { valid: () => ({ response: assertion() }), noAcceptCheck: true },
  "services.list": {},
  "services.bySlug": { valid: () => ({ slug: "ozone-therapy" }) },
  "services.links": {},
  "services.adminList": {},
  "services.byId": { valid: () => ({ id: ids.service }) },
  "services.create": { valid: valid.service, form: true },
  "services.update": { valid: () => ({ ...valid.service(), id: ids.service }), form: true },
  "services.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "news.list": {},
  "news.page": { valid: () => ({ page: 1, pageSize: 12 }) },
  "news.bySlug": { valid: () => ({ slug: "x" }), noAcceptCheck: true },
  "news.preview": { valid: () => ({ slug: "x" }), noAcceptCheck: true },
  "news.adminList": {},
  "news.byId": { valid: () => ({ id: ids.news }) },
  "news.create": { valid: valid.news, form: true },
  "news.update": { valid: () => ({ ...valid.news(), id: ids.news }), form: true },
  "news.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "testimonials.list": {},
  "testimonials.adminList": {},
  "testimonials.create": { valid: valid.testimonial },
  "testimonials.update": { valid: () => ({ ...valid.testimonial(), id: ids.testimonial }) },
  "testimonials.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "testimonials.uploadImage": { form: true },
  "team.list": {},
  "team.adminList": {},
  "team.create": { valid: valid.team },
  "team.update": { valid: () => ({ ...valid.team(), id: ids.team }) },
  "team.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "team.uploadImage": { form: true },
  "content.get": { valid: () => ({ page: "home", section: "hero" }) },
  "content.adminList": { valid: () => ({ page: "home" }) },
  "content.create": { valid: valid.content },
  "content.update": { valid: () => ({ ...valid.content(), id: ids.content }) },
  "content.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "images.list": { valid: () => ({ page: "home", section: "hero" }) },
  "images.adminList": { valid: () => ({ page: "home" }) },
  "images.update": { valid: () => ({ ...valid.image(), id: ids.image }), form: true },
  "uploads.upload": { form: true },
  "uploads.list": { valid: () => ({ q: "photo", page: 1, pageSize: 24 }) },
  "socialMedia.list": {},
  "socialMedia.adminList": {},
  "socialMedia.create": { valid: valid.social },
  "socialMedia.update": { valid: () => ({ ...valid.social(), id: ids.social }) },
  "socialMedia.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "contact.submit": { valid: valid.contact },
  "contact.list": {
    valid: () => ({
      page: 1,
      pageSize: 25,
      sort: "oldest",
      q: "Inquirer",
      status: "new",
      service: "General Consultation",
      assigneeId: superAdmin.id,
      from: "2020-01-01",
      to: "2099-12-31",
    }),
  },
  "contact.all": {},
  // A stream: over /trpc it is refused (415) whatever the input; bad inputs still answer 400.
  "contact.exportCsv": { valid: () => ({ status: "closed", q: "x" }), noAcceptCheck: true },
  "contact.byId": { valid: () => ({ id: ids.inquiry }) },
  "contact.update": { valid: () => ({ id: ids.inquiry, status: "scheduled", assigneeId: superAdmin.id }) },
  "contact.addNote": { valid: () => ({ id: ids.inquiry, text: `Note ${u()}` }) },
  "contact.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "contact.history": { valid: () => ({ id: ids.inquiry }) },
  "contact.assignees": {},
  "contact.serviceChoices": {},
  // A super admin's role opens health details already: refused (400), so acceptance is tested in roles.test.ts.
  "contact.emergencyAccess": { valid: () => ({ reason: "The clinician is away today" }), noAcceptCheck: true },
  "roles.list": {},
  "roles.create": { valid: () => ({ name: `Role ${u()}`, permissions: ["news.edit", "publish"], assignedOnly: false }) },
  "roles.update": { valid: () => ({ key: "front_desk", assignedOnly: false }) },
  "roles.delete": { valid: () => ({ key: "custom_nothing_here" }), noAcceptCheck: true },
  "legal.current": { valid: () => ({ kind: "terms" }) },
  "legal.versions": { valid: () => ({ kind: "terms" }) },
  "legal.publish": { valid: () => ({ kind: "hipaa", effectiveDate: "2026-03-01", html: `<p>Authorization ${unique++}</p>` }) },
  "analytics.report": { valid: () => ({ from: "2030-01-01", to: "2030-01-31" }) },
  "settings.get": {},
  "settings.clinic": {},
  "settings.mailStatus": {},
  "settings.testMail": { valid: () => ({ to: "staff@example.com" }) },
  "settings.recipients": {},
  "settings.setRecipient": { valid: () => ({ adminId: target.id, newInquiries: unique++ % 2 === 0 }) },
  "auth.confirm": { valid: () => ({ password: "not-the-password" }), noAcceptCheck: true },
  "auth.sessions": {},
  "auth.endSession": { valid: () => ({ handle: "0".repeat(24) }), noAcceptCheck: true },
  "auth.endOtherSessions": { withoutInput: true },
  "auth.updateProfile": { valid: () => ({ firstName: "Sam", lastName: "Lee", email: "sam@example.com" }) },
  // A token that was never mailed: refused (400), so its acceptance is tested in email-confirm.test.ts.
  "auth.confirmEmail": { valid: () => ({ token: "not-a-mailed-token" }), noAcceptCheck: true },
  "auth.notifications": {},
  "auth.setNotifications": { valid: () => ({ newInquiries: unique++ % 2 === 0 }) },
  "contact.formToken": {},
  "settings.update": { valid: () => ({ retention: { enabled: false, days: 40 + (unique % 5) } }) },
  "users.list": {},
  "users.create": { valid: valid.user },
  "users.update": { valid: () => ({ ...valid.userUpdate(), id: ids.user }) },
  "users.delete": { valid: () => ({ id: 2 ** 31 - 1 }), noAcceptCheck: true },
  "users.resetPassword": { valid: () => ({ ...valid.resetPassword(), id: ids.user }) },
  "users.endSessions": { valid: () => ({ id: ids.user }) },
  "system.health": {},
  "system.dashboard": {},
  // A stream (the backup archive): over /trpc it is refused (415) once the password is checked; a wrong one is a 400.
  "system.backup": { valid: () => ({ password: "not-the-password", passphrase: "a passphrase long enough" }), noAcceptCheck: true },
  "system.activity": { valid: () => ({ page: 1, pageSize: 10, adminId: superAdmin.id, action: "login" }) },
  "system.auditChain": {},
  // Version 1 of the article exists once the REST update above has saved it (the state it had before).
  "versions.list": { valid: () => ({ kind: "news", recordId: ids.news }) },
  "versions.get": { valid: () => ({ kind: "news", recordId: ids.news, version: 1 }) },
  "versions.restore": { valid: () => ({ kind: "news", recordId: ids.news, version: 1 }) },
  "translations.list": {},
  "translations.get": { valid: () => ({ kind: "team", recordId: ids.team, language: "es" }) },
  // One REST door per kind, one valid input here (a team member's): its acceptance is tested in translations.test.ts.
  "translations.save": {
    valid: () => ({
      kind: "team",
      recordId: ids.team,
      language: "es",
      status: "draft",
      fields: { role: `Médica ${u()}`, bio: "Especialista en terapias regenerativas." },
    }),
    noAcceptCheck: true,
  },
  // No translation to delete here (404): deleting is tested in translations.test.ts.
  "translations.delete": { valid: () => ({ kind: "team", recordId: ids.team, language: "zh" }), noAcceptCheck: true },
};

// ---------------------------------------------------------------- the REST table

interface RestWrite {
  method: "POST" | "PUT" | "PATCH";
  path: string;
  /** The route's path with a real record's id, when it has one. */
  realPath?: () => string;
  valid?: () => Values;
  /** The route also (or only) takes multipart. */
  multipart?: "also" | "only";
  /** Its valid input is not accepted on its own (it needs state a corpus cannot set up): skip the check. */
  noAcceptCheck?: boolean;
}

/**
 * The REST routes come from the router itself (every procedure's door, src/server/rest/bind.ts), so a
 * new door is in this corpus without an edit here: its valid input is its procedure's entry in the tRPC
 * table below, without the fields the path carries.
 */
const doors = doorsOf(appRouter);
const pathFields = (door: RestDoor) => [...door.path.matchAll(/:(\w+)/g)].map(([, name]) => door.pathInput?.[name!] ?? name!);
const withoutPathFields = (door: RestDoor, values: Values): Values =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !pathFields(door).includes(key) && !(key in (door.fixedInput ?? {}))));

const restWrites: RestWrite[] = [
  // The public pages' visit beacon (src/server/http/visit-beacon.ts): a JSON body, not a procedure's.
  {
    method: "POST",
    path: "/api/visit",
    valid: () => ({
      kind: "view",
      path: "/about",
      entry: true,
      referrer: "https://example.org/",
      via: "ozone-therapy",
      entryPath: "/",
      utm: { campaign: "spring" },
    }),
  },
  ...doors
    .filter((bound) => bound.door.method !== "get" && bound.door.method !== "delete" && bodyKeysOf(bound).length > 0)
    .map(({ procedure, door }) => {
      const entry = procedures[procedure]!;
      return {
        method: door.method.toUpperCase() as RestWrite["method"],
        path: `/api${door.path}`,
        ...(door.path.includes(":")
          ? {
              realPath: () =>
                `/api${door.path}`.replace(/:(\w+)/g, (_, name: string) => String(entry.valid!()[door.pathInput?.[name] ?? name])),
            }
          : {}),
        ...(entry.valid ? { valid: () => withoutPathFields(door, entry.valid!()) } : {}),
        ...(door.multipart ? { multipart: door.multipart } : {}),
        ...(entry.noAcceptCheck ? { noAcceptCheck: true } : {}),
      };
    }),
];

/** Routes that change state without reading an input: tested for "no 500" only, after the data check. */
const restWithoutInput = [
  "POST /admin/api/logout",
  ...doors
    .filter((bound) => bound.door.method !== "get" && bound.door.method !== "delete" && bodyKeysOf(bound).length === 0)
    .map(({ door }) => `${door.method.toUpperCase()} /api${door.path}`),
];

/** Reads, with the query parameters they take: the doors', and the routes that are not a procedure's. */
const restReads: Array<{ path: string; query?: string[] }> = [
  ...[...new Set(doors.filter(({ door }) => door.method === "get").map(({ door }) => door.path))].map((path) => {
    const query = doors.filter(({ door }) => door.method === "get" && door.path === path).flatMap((bound) => queryKeysOf(bound));
    return { path: `/api${path}`, ...(query.length > 0 ? { query } : {}) };
  }),
  { path: "/api/health" },
  // The REST mirror's own description (src/server/openapi/document.ts) and its reference page.
  { path: "/api/openapi.json" },
  { path: "/api/docs" },
  // The portal's live event stream (src/server/live/live-events.ts): no input at all.
  { path: "/api/admin/events" },
  { path: "/uploads/:name" },
  // A website image under its SEO filename (src/server/site/web.ts).
  { path: "/uploads/:hash/:file" },
  // Share previews of service and article pages (src/server/site/share-images.ts).
  { path: "/share/:kind/:file" },
];

/** The web front ends' routes (pages, the admin shell, sitemap, robots): hostile paths are tried below. */
const webRoutes = [
  "GET /robots.txt",
  "GET /sitemap.xml",
  "GET /admin",
  "GET /admin/*",
  "GET /*",
  "GET *",
  "POST /contact",
  "POST /es/contact",
  "POST /zh/contact",
];

const restDeletes = doors.filter(({ door }) => door.method === "delete").map(({ door }) => `/api${door.path}`);

// ---------------------------------------------------------------- senders

let ipCounter = 0;
const nextIp = () => `198.19.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

async function send(
  path: string,
  init: { method: string; json?: unknown; form?: FormData; body?: string; headers?: Record<string, string> },
) {
  return t.request(path, { ...init, cookie, ip: nextIp() });
}

function isMutation(path: string): boolean {
  return (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!._def.type === "mutation";
}

/** A tRPC call over HTTP, as the browser makes it (the input in the wire format of src/shared/transformer.ts). */
async function callProcedure(path: string, input: unknown) {
  if (input instanceof FormData) return send(`/trpc/${path}`, { method: "POST", form: input });
  if (isMutation(path))
    return send(`/trpc/${path}`, { method: "POST", body: JSON.stringify(encode(input)), headers: { "content-type": "application/json" } });
  return send(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(encode(input)))}`, { method: "GET" });
}

/** The same with the input as raw JSON text (for what JSON.stringify cannot make). */
async function callProcedureRaw(path: string, json: string) {
  if (isMutation(path)) return send(`/trpc/${path}`, { method: "POST", body: json, headers: { "content-type": "application/json" } });
  return send(`/trpc/${path}?input=${encodeURIComponent(json)}`, { method: "GET" });
}

/** One line per unexpected answer, so a failure lists everything at once. */
const problems: string[] = [];
async function expectRefused(label: string, response: Promise<Response>, allowed: (status: number) => boolean) {
  const res = await response;
  const text = await res.text();
  if (res.status >= 500 || !allowed(res.status)) problems.push(`${label} -> ${res.status} ${text.slice(0, 160)}`);
  if (/\bselect\s.*\bfrom\b|\binsert into\b|\bdelete from\b|\n\s+at |node_modules|params:/i.test(text)) {
    problems.push(`${label} leaked internals: ${text.slice(0, 160)}`);
  }
}
const is4xx = (status: number) => status >= 400 && status < 500;

// ---------------------------------------------------------------- the stored data

const FINGERPRINTED = [
  "admin_users",
  "admin_backup_codes",
  "services",
  "news_articles",
  "testimonials",
  "team_members",
  "website_content",
  "website_images",
  "social_media_links",
  "contact_submissions",
  "contact_notes",
  "app_settings",
  "record_versions",
];

async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of FINGERPRINTED) {
    const result = await t.deps.db.execute(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ h: string }>;
    out[table] = rows[0]!.h;
  }
  return out;
}

// ---------------------------------------------------------------- the tests

describe("the corpus covers everything", () => {
  it("every REST route and every tRPC procedure has an entry", () => {
    const listed = new Set([
      ...restWrites.map((w) => `${w.method} ${w.path}`),
      ...restWithoutInput,
      ...restReads.map((r) => `GET ${r.path}`),
      ...restDeletes.map((path) => `DELETE ${path}`),
      ...webRoutes,
    ]);
    const routes = new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    expect([...routes].filter((route) => !listed.has(route))).toEqual([]);
    expect(Object.keys(appRouter._def.procedures).filter((path) => !(path in procedures))).toEqual([]);
  });
});

describe("bad input", () => {
  it("each write's valid input is accepted (so the refusals below are the bad values' doing)", async () => {
    for (const write of restWrites.filter((w) => w.valid && !w.noAcceptCheck)) {
      const path = write.realPath?.() ?? write.path;
      const res = await send(path, { method: write.method, json: write.valid!() });
      expect(res.status, `${write.method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      if (write.multipart) {
        const form = await send(path, { method: write.method, form: toForm(write.valid!()) });
        expect(form.status, `${write.method} ${path} (multipart): ${await form.clone().text()}`).toBeLessThan(300);
      }
    }
    for (const [path, entry] of Object.entries(procedures)) {
      if (!entry.valid || entry.noAcceptCheck) continue;
      const res = await callProcedure(path, entry.valid());
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      if (entry.form) {
        const form = await callProcedure(path, toForm(entry.valid()));
        expect(form.status, `${path} (FormData): ${await form.clone().text()}`).toBe(200);
      }
    }
  });

  it("no REST route answers 500 to bad input, every bad write is refused, and nothing stored changes", { timeout: 240_000 }, async () => {
    problems.length = 0;
    const before = await fingerprint();

    for (const write of restWrites) {
      const path = write.realPath?.() ?? write.path;
      const label = `${write.method} ${write.path}`;
      const example = write.valid?.() ?? {};
      if (write.multipart !== "only") {
        for (const [field, value] of Object.entries(example)) {
          for (const bad of badJsonValues(field, value)) {
            await expectRefused(
              `${label} ${field}=${JSON.stringify(bad)?.slice(0, 40)}`,
              send(path, { method: write.method, json: { ...write.valid!(), [field]: bad } }),
              is4xx,
            );
          }
        }
        for (const body of ["[]", "1", "null", '"text"', "{", '{"a":', "\u0000", deepJson(100_000)]) {
          await expectRefused(
            `${label} body ${body.slice(0, 20)}`,
            send(path, { method: write.method, body, headers: { "content-type": "application/json" } }),
            is4xx,
          );
        }
        if (write.valid) {
          const body = withDeepField(write.valid());
          await expectRefused(
            `${label} deep field`,
            send(path, { method: write.method, body, headers: { "content-type": "application/json" } }),
            is4xx,
          );
        }
      }
      if (write.multipart) {
        for (const [field, value] of Object.entries(example)) {
          for (const bad of badFormValues(field, value)) {
            await expectRefused(
              `${label} multipart ${field}=${JSON.stringify(bad)}`,
              send(path, { method: write.method, form: toForm({ ...write.valid!(), [field]: bad }) }),
              is4xx,
            );
          }
        }
        const notAFile = new FormData();
        notAFile.set("image", "not a file");
        notAFile.set("thumbnail", "not a file");
        await expectRefused(`${label} file field as text`, send(path, { method: write.method, form: notAFile }), is4xx);
        const notAnImage = new FormData();
        notAnImage.set("image", new File([Buffer.from("<svg onload=alert(1)>")], "x.png", { type: "image/png" }));
        await expectRefused(`${label} not an image`, send(path, { method: write.method, form: notAnImage }), is4xx);
        for (const [type, body] of [
          ["multipart/form-data; boundary=xyz", '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end'],
          ["multipart/form-data", "no boundary at all"],
          ["multipart/form-data; boundary=abc", "\u0000\u0001garbage"],
        ] as const) {
          await expectRefused(
            `${label} malformed multipart (${type})`,
            send(path, { method: write.method, body, headers: { "content-type": type } }),
            is4xx,
          );
        }
      } else {
        const form = new FormData();
        form.set("x", "y");
        await expectRefused(`${label} multipart to a JSON route`, send(path, { method: write.method, form }), (s) => s === 415);
      }
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
        await expectRefused(
          `${label} as ${type}`,
          send(path, { method: write.method, body: "a=1", headers: { "content-type": type } }),
          (s) => s === 415,
        );
      }
      // Bad ids where the path names a record by id (a path naming a kind, /admin/legal/:kind, takes its values from its schema: 400).
      if (write.realPath && write.path.includes(":id")) {
        for (const id of BAD_PATH_IDS) {
          await expectRefused(
            `${label} id ${id}`,
            send(write.path.replace(":id", id), { method: write.method, json: write.valid?.() ?? {} }),
            (s) => s === 404,
          );
        }
      }
    }

    for (const path of restDeletes) {
      for (const id of BAD_PATH_IDS) {
        await expectRefused(`DELETE ${path} id ${id}`, send(path.replace(":id", id), { method: "DELETE" }), (s) => s === 404);
      }
    }

    for (const read of restReads) {
      if (read.path.endsWith(":id")) {
        for (const id of BAD_PATH_IDS)
          await expectRefused(`GET ${read.path} id ${id}`, send(read.path.replace(":id", id), { method: "GET" }), (s) => s === 404);
      } else if (read.path.includes(":")) {
        for (const value of BAD_SLUGS)
          await expectRefused(`GET ${read.path} ${value.slice(0, 20)}`, send(read.path.replace(/:\w+/, value), { method: "GET" }), is4xx);
      }
      for (const name of read.query ?? []) {
        for (const value of BAD_QUERY) {
          const query = name === "page" ? `page=${value}` : `page=home&${name}=${value}`;
          await expectRefused(
            `GET ${read.path}?${name}=${value.slice(0, 20)}`,
            send(`${read.path}?${query}`, { method: "GET" }),
            (s) => s < 500,
          );
        }
      }
    }

    // The inquiry form as a plain post (without JavaScript): hostile bodies are refused, never a 500.
    const posts = [
      "name=%00",
      `name=${"x".repeat(70_000)}`,
      "servicesInterested=Nope&availabilityDays=someday",
      "privacyPolicy=on&email=%ED%A0%80",
      "a=b&a=c&a=d",
      "%%%",
      "",
    ];
    // The same form in each language (issue 27).
    for (const path of ["/contact", "/es/contact", "/zh/contact"]) {
      for (const body of posts) {
        const res = await send(path, {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
        });
        const text = await res.text();
        // The answer is the contact page (whose own text says "select ... from"): look for traces of internals only.
        if (res.status !== 400 && res.status !== 413) problems.push(`POST ${path} ${body.slice(0, 30)} -> ${res.status}`);
        if (/\n\s+at |node_modules|params:|insert into|delete from|contact_submissions/i.test(text))
          problems.push(`POST ${path} ${body.slice(0, 30)} leaked internals`);
      }
    }

    // Public pages with hostile paths.
    for (const path of [
      "/services/%00",
      "/news/a%00b",
      "/%00",
      "/services/%ED%A0%80",
      "/news/%ED%A0%80",
      `/news/${"x".repeat(3000)}`,
      "/about%00",
      "/admin/%00",
      "/sitemap.xml%00",
    ]) {
      await expectRefused(
        `page ${path.slice(0, 30)}`,
        send(path, { method: "GET" }),
        (s) => s === 404 || (path.startsWith("/admin") && s === 200),
      );
    }

    expect(problems).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("no procedure answers 500 to bad input, every bad call is refused with 400, and nothing stored changes", {
    timeout: 240_000,
  }, async () => {
    problems.length = 0;
    const before = await fingerprint();
    for (const [path, entry] of Object.entries(procedures)) {
      if (entry.withoutInput) continue;
      const example = entry.valid?.();
      if (example) {
        for (const [field, value] of Object.entries(example)) {
          const bads = field === "id" ? [0, -1, 2 ** 31, 1.5, "4", "0x4", true, null, NUL] : badJsonValues(field, value);
          for (const bad of bads) {
            await expectRefused(
              `${path} ${field}=${JSON.stringify(bad)?.slice(0, 40)}`,
              callProcedure(path, { ...entry.valid!(), [field]: bad }),
              (s) => s === 400,
            );
          }
        }
        for (const bad of [[], "text", 12, true, { $date: "0000-01-01T00:00:00.000Z" }]) {
          await expectRefused(`${path} input ${JSON.stringify(bad)}`, callProcedure(path, bad), (s) => s === 400);
        }
        if (DATE_FIELDS.has("publishedAt") && "publishedAt" in example) {
          for (const date of ["0000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "not a date"]) {
            await expectRefused(
              `${path} publishedAt as Date ${date}`,
              callProcedure(path, { ...entry.valid!(), publishedAt: { $date: date } }),
              (s) => s === 400,
            );
          }
        }
      } else {
        // Procedures without an input (or with an optional one): garbage must not give a 500.
        for (const bad of [JSON.stringify({ a: NUL }), deepJson(100_000), '"text"']) {
          await expectRefused(`${path} garbage ${bad.slice(0, 20)}`, callProcedureRaw(path, bad), (s) => s < 500);
        }
      }
      if (entry.form) {
        for (const [field, value] of Object.entries(example ?? {})) {
          for (const bad of field === "id" ? ["0x4", "51e0", " 52", "0", "-1", "2147483648"] : badFormValues(field, value)) {
            await expectRefused(
              `${path} FormData ${field}=${JSON.stringify(bad)}`,
              callProcedure(path, toForm({ ...entry.valid!(), [field]: bad })),
              (s) => s === 400,
            );
          }
        }
        const notAFile = new FormData();
        notAFile.set("image", "text");
        notAFile.set("thumbnail", "text");
        await expectRefused(`${path} file field as text`, callProcedure(path, notAFile), (s) => s === 400);
        await expectRefused(
          `${path} malformed multipart`,
          send(`/trpc/${path}`, { method: "POST", body: "garbage", headers: { "content-type": "multipart/form-data; boundary=q" } }),
          (s) => s === 400,
        );
      }
      // A procedure that takes an input refuses one it cannot read; one without an input ignores it.
      const unreadable = example || entry.form ? (s: number) => s === 400 : (s: number) => s < 500;
      if (isMutation(path)) {
        await expectRefused(
          `${path} malformed JSON`,
          send(`/trpc/${path}`, { method: "POST", body: "{", headers: { "content-type": "application/json" } }),
          unreadable,
        );
        await expectRefused(`${path} deep JSON`, callProcedureRaw(path, deepJson(100_000)), unreadable);
        await expectRefused(
          `${path} text/plain`,
          send(`/trpc/${path}`, { method: "POST", body: "x", headers: { "content-type": "text/plain" } }),
          (s) => s === 415,
        );
      } else {
        await expectRefused(`${path} malformed input`, callProcedureRaw(path, "{"), unreadable);
        await expectRefused(`${path} deep input`, callProcedureRaw(path, deepJson(20_000)), unreadable);
      }
    }
    expect(problems).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("routes that read no input do not answer 500 to any body", async () => {
    problems.length = 0;
    const ownCookie = async () => t.cookieFor(await t.createAdmin());
    for (const route of restWithoutInput) {
      const [method, path] = route.split(" ") as [string, string];
      for (const body of ["{", JSON.stringify({ a: NUL }), deepJson(100_000)]) {
        const res = await t.request(path, { method, body, headers: { "content-type": "application/json" }, cookie: await ownCookie() });
        if (res.status >= 500) problems.push(`${route} -> ${res.status}`);
      }
    }
    for (const [path] of Object.entries(procedures).filter(([, e]) => e.withoutInput)) {
      for (const body of ["{", JSON.stringify({ a: NUL }), deepJson(100_000)]) {
        const res = await t.request(`/trpc/${path}`, {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
          cookie: await ownCookie(),
        });
        if (res.status >= 500) problems.push(`${path} -> ${res.status}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
