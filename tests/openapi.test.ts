import { BUILT_IN_ROLES } from "../src/shared/permissions";
import { createHash } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { totpCodeAt } from "../src/server/auth/totp";
import { hashToken } from "../src/server/auth/tokens";
import { adminUsers } from "../src/server/db/schema";
import { eq } from "drizzle-orm";
import { createTestApp, ORIGIN, sessionCookieFrom, type TestAdmin, type TestApp } from "./setup/test-app";
import { softAuthenticator } from "./setup/soft-authenticator";

/**
 * GET /api/openapi.json and GET /api/docs. The document is checked by a maintained OpenAPI validator;
 * it must describe exactly the REST routes Hono serves; and every documented operation is called on the
 * real app (a real database; a super admin signed in with password and TOTP, a plain admin, or no
 * session, the least the operation is documented to need): at least one success and
 * at least one error each, every answer's status listed for that operation and its body valid against
 * the documented schema (ajv, JSON Schema 2020-12). Besides each operation's own cases, every operation
 * gets the errors its description implies: 401 without a session, 403 for staff on super admin routes,
 * 403 for a foreign Origin, 413, 415 and 400 for bodies, 404 for unknown ids, and 503 with the database
 * gone (a second app whose database is closed).
 */

let t: TestApp;
/** The same app code on a database that has been closed. */
let down: TestApp;
let superAdmin: TestAdmin;
/** Signed in through POST /api/admin/login with password and TOTP code. */
let superCookie: string;
/** A plain admin (not super admin). */
let staffCookie: string;
/** A staff member whose (custom) role holds no permission: every route that needs one refuses them (403). */
let noPermissionCookie: string;
/** A front desk member, who may ask for emergency access. */
let deskCookie: string;
let doc: OpenApiLike;
let resolved: OpenApiLike;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};
/** A stored content item's place (page, section, key): another with the same is a duplicate. */
let existingContent: { page: string; section: string; key: string };
let unique = 0;
const u = () => `${++unique}${Math.random().toString(36).slice(2, 6)}`;

interface ResponseLike {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: object }>;
}
interface OperationLike {
  operationId: string;
  summary: string;
  /** public, staff, or the permission the caller's role must hold (src/shared/permissions.ts). */
  "x-access": string;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, ResponseLike>;
  security: Array<Record<string, string[]>>;
}
interface OpenApiLike {
  openapi: string;
  paths: Record<string, Record<string, OperationLike>>;
  components: { securitySchemes: Record<string, { name: string }> };
}

beforeAll(async () => {
  // Inquiries from one network: 1 an hour here, so the 429 is one request away (each case uses its own address).
  t = await createTestApp({ limits: { contactIp: { limit: 1, windowMs: 60 * 60_000, blockMs: 60 * 60_000 } } });
  down = await createTestApp();
  await down.deps.database.close();

  superAdmin = await t.createAdmin({ role: "super_admin", email: "super@example.com" });
  staffCookie = await t.cookieFor(await t.createAdmin({ role: "admin" }));
  deskCookie = await t.cookieFor(await t.createAdmin({ role: "front_desk" }));
  const { key } = await t.enrolTwoFactor(await t.cookieFor(superAdmin));
  // The enrolment used this 30-second step's code: sign in with the next step's (Date only; timers stay real).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + 30_000);
  const login = await t.request("/api/admin/login", {
    json: { username: superAdmin.username, password: superAdmin.password, twoFactorToken: totpCodeAt(key) },
  });
  vi.useRealTimers();
  expect(login.status, await login.clone().text()).toBe(200);
  superCookie = sessionCookieFrom(login)!;

  const first = async (path: string) => ((await (await t.request(path, { cookie: superCookie })).json()) as Array<{ id: number }>)[0]!.id;
  ids.service = await first("/api/admin/services");
  ids.news = await first("/api/admin/news");
  ids.testimonial = await first("/api/admin/testimonials");
  ids.team = await first("/api/admin/team");
  ids.content = await first("/api/admin/content");
  const [content] = (await (await t.request("/api/admin/content", { cookie: superCookie })).json()) as Array<{
    page: string;
    section: string;
    key: string;
  }>;
  existingContent = { page: content!.page, section: content!.section, key: content!.key };
  ids.image = await first("/api/admin/images");
  ids.social = await first("/api/admin/social-media");
  ids.user = (await t.createAdmin()).id;
  const none = await send("POST", "/api/admin/roles", { name: "No permissions", permissions: [] });
  expect(none.status).toBe(201);
  noPermissionCookie = await t.cookieFor(await t.createAdmin({ role: ((await none.json()) as { key: string }).key }));
  ids.inquiry = (await t.addInquiry({ healthConditions: "Knee" })).id;
  slugs.service = ((await (await t.request("/api/services")).json()) as Array<{ slug: string }>)[0]!.slug;
  slugs.news = ((await (await t.request("/api/news")).json()) as Array<{ slug: string }>)[0]!.slug;

  const res = await t.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
  expect(result.errors ?? []).toEqual([]);
  // The same document with every $ref replaced by what it names: each answer's schema stands alone for ajv.
  resolved = validator.resolveRefs() as unknown as OpenApiLike;
});
afterAll(async () => {
  await down.close().catch(() => {});
  await t.close();
});

// ---------------------------------------------------------------- checking an answer

// allowUnionTypes: a version field may be text, a number, yes/no or null ("type": [..] is valid 2020-12).
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateFormats: false });
const compiled = new Map<object, ValidateFunction>();
function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Headers whose presence the document must mention on the answer that carries them. */
const WATCHED_HEADERS = ["X-Total-Count", "Link", "Content-Disposition", "Set-Cookie", "Content-Security-Policy", "Retry-After", "ETag"];

/** The problems of one answer: a status the operation does not list, a body its schema refuses, an undocumented header. */
async function answerProblems(label: string, op: OperationLike, res: Response, expected: number | "success"): Promise<string[]> {
  const problems: string[] = [];
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const status = String(res.status);
  const ok = expected === "success" ? res.status >= 200 && res.status < 300 : res.status === expected;
  if (!ok) problems.push(`${label}: expected ${expected}, answered ${status} ${text.slice(0, 200)}`);
  const documented = op.responses[status];
  if (!documented) return [...problems, `${label}: answered ${status}, not among ${Object.keys(op.responses).join(", ")}`];
  const type = res.headers.get("content-type") ?? "";
  const media = Object.keys(documented.content ?? {});
  if (media.length === 0) {
    if (bytes.byteLength > 0) problems.push(`${label}: ${status} has a body, none documented`);
  } else {
    const match = media.find((m) => type.startsWith(m));
    if (!match) problems.push(`${label}: content type "${type}", documented ${media.join(", ")}`);
    else if (match === "application/json") {
      const validate = validatorFor(documented.content![match]!.schema);
      if (!validate(JSON.parse(text))) {
        const why = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`).slice(0, 5);
        problems.push(`${label}: body refused by the schema: ${why.join("; ")} in ${text.slice(0, 300)}`);
      }
    } else if (bytes.byteLength === 0) problems.push(`${label}: empty ${match} body`);
  }
  for (const header of WATCHED_HEADERS) {
    if (res.headers.has(header) && !Object.keys(documented.headers ?? {}).includes(header))
      problems.push(`${label}: ${status} carries ${header}, not documented`);
  }
  return problems;
}

// ---------------------------------------------------------------- calls

type Values = Record<string, unknown>;
type Call = () => Promise<Response>;

interface Case {
  /** The operation's path with real records' ids and slugs. */
  url: () => string;
  /** A valid JSON body (made afresh for each call: unique slugs and names). */
  body?: () => Values;
  /** The success calls, when not `url` with `body` as the least who may call it (no session, a plain admin, a super admin). */
  ok?: Call[];
  /** Errors of this operation: [status, call]. The generic ones are added by genericErrors. */
  errors?: Array<[number, Call]>;
}

/** A JSON call, as the super admin unless another cookie is given (null: none). */
const send = (
  method: string,
  url: string,
  json?: unknown,
  cookie: string | null = superCookie,
  extra: { origin?: string; ip?: string } = {},
) => t.request(url, { method, json, cookie: cookie ?? undefined, ...extra });

async function pngFile(width = 32, height = 24): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 100 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" });
}

async function upload(url: string): Promise<Response> {
  const form = new FormData();
  form.set("image", await pngFile());
  return t.request(url, { method: "POST", form, cookie: superCookie });
}

/** A record made through the REST mirror for a test to change or delete. */
async function created(url: string, body: Values): Promise<number> {
  const res = await send("POST", url, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A signed-in throwaway staff member (for calls that change one's own account). */
async function throwaway(): Promise<{ admin: TestAdmin; cookie: string }> {
  const admin = await t.createAdmin();
  return { admin, cookie: await t.cookieFor(admin) };
}

/** A passkey added through the two REST steps by the account of `cookie`: its id, the answer, and the authenticator holding it. */
async function passkeyOf(cookie: string) {
  const authenticator = softAuthenticator();
  const { options } = await (await send("POST", "/api/admin/account/passkeys/options", { name: "Laptop" }, cookie)).json();
  const res = await send("POST", "/api/admin/account/passkeys", { response: authenticator.register(options, { origin: ORIGIN }) }, cookie);
  return { id: ((await res.clone().json()) as { id: number }).id, res, authenticator };
}

/** A new staff member with one passkey: their cookie and the authenticator holding it. */
async function throwawayWithPasskey() {
  const { cookie } = await throwaway();
  return { cookie, authenticator: (await passkeyOf(cookie)).authenticator };
}

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const valid = {
  contact: (): Values => ({
    name: "Avery Stone",
    email: "avery@example.com",
    phone: "801-555-0133",
    servicesInterested: ["General Consultation"],
    privacyPolicy: true,
    hipaaConsent: true,
    termsAndConditions: true,
    formToken: t.formToken(),
  }),
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
    isPublished: true,
    publishedAt: "2025-05-01T10:00:00.000Z",
  }),
  user: (): Values => ({ username: `user${u()}`, password: "long-enough-passphrase", role: "admin" }),
  testimonial: (): Values => ({
    name: `Client ${u()}`,
    service: "Ozone Therapy",
    rating: 4,
    content: "Great care.",
    receivedAt: "2024-10-21",
    source: "patient",
    consentToPublish: true,
  }),
  team: (): Values => ({ name: `Dr. ${u()}`, role: "Physician", bio: "Bio text.", imageUrl: "/uploads/x.png" }),
  content: (): Values => ({ page: "home", section: "extra", key: `k${u()}`, content: "Text" }),
  social: (): Values => ({ platform: "linkedin", displayName: `LinkedIn ${u()}`, url: "https://www.linkedin.com/company/x" }),
};

/** A list that answers 200 and, for ?page=0 (or another bad query), 400. */
const read = (url: string, badQuery?: string): Case => ({
  url: () => url,
  errors: badQuery ? [[400, () => send("GET", `${url}?${badQuery}`)]] : [],
});

/** The create, update and delete of a record staff edit, keyed by the documented path. */
function recordCases(area: string, body: () => Values, idKey: string, duplicate?: () => Values): Record<string, Case> {
  const base = `/api/admin/${area}`;
  return {
    [`GET ${base}`]: { url: () => base },
    [`POST ${base}`]: {
      url: () => base,
      body,
      errors: [
        [400, () => send("POST", base, { ...body(), [Object.keys(body())[0]!]: "" })],
        ...(duplicate ? [[409, () => send("POST", base, duplicate())] as [number, Call]] : []),
      ],
    },
    [`PUT ${base}/{id}`]: {
      url: () => `${base}/${ids[idKey]}`,
      body,
      errors: [[400, () => send("PUT", `${base}/${ids[idKey]}`, { ...body(), [Object.keys(body())[0]!]: "" })]],
    },
    [`DELETE ${base}/{id}`]: {
      url: () => `${base}/${ids[idKey]}`,
      ok: [async () => send("DELETE", `${base}/${await created(base, body())}`)],
    },
  };
}

/**
 * The version history of a record kind: its list, one version and a restore. The one version and the
 * restore use a record made and saved again here, so it has versions 1 and 2 whatever ran before.
 */
function versionCases(area: string, body: () => Values, idKey: string): Record<string, Case> {
  const base = `/api/admin/${area}`;
  const savedTwice = async () => {
    const id = await created(base, body());
    expect((await send("PUT", `${base}/${id}`, body())).status).toBe(200);
    return id;
  };
  const one = `${base}/{id}/versions/{version}`;
  return {
    [`GET ${base}/{id}/versions`]: { url: () => `${base}/${ids[idKey]}/versions` },
    [`GET ${one}`]: {
      url: () => `${base}/${ids[idKey]}/versions/1`,
      ok: [async () => send("GET", `${base}/${await savedTwice()}/versions/1`, undefined, staffCookie)],
      errors: [[404, async () => send("GET", `${base}/${await savedTwice()}/versions/99`)]],
    },
    [`POST ${one}/restore`]: {
      url: () => `${base}/${ids[idKey]}/versions/1/restore`,
      ok: [async () => send("POST", `${base}/${await savedTwice()}/versions/1/restore`, undefined, staffCookie)],
      errors: [[404, async () => send("POST", `${base}/${await savedTwice()}/versions/99/restore`)]],
    },
  };
}

/** A kind's translation doors (one per kind: the path's kind picks the permission): read, save, delete. */
function translationCases(kind: string, idKey: string, fields: () => Values): Record<string, Case> {
  const base = `/api/admin/translations/${kind}`;
  const one = `${base}/{id}/{language}`;
  const at = (language: string) => `${base}/${ids[idKey]}/${language}`;
  return {
    [`GET ${one}`]: { url: () => at("es"), errors: [[400, () => send("GET", at("fr"))]] },
    [`PUT ${one}`]: {
      url: () => at("es"),
      body: () => ({ status: "draft", fields: fields() }),
      errors: [
        [400, () => send("PUT", at("es"), { fields: { slug: "not-translated" } })],
        [404, () => send("PUT", `${base}/${UNKNOWN_ID}/es`, { fields: fields() })],
      ],
    },
    [`DELETE ${one}`]: {
      url: () => at("zh"),
      ok: [
        async () => {
          expect((await send("PUT", at("zh"), { fields: fields() })).status).toBe(200);
          return send("DELETE", at("zh"), undefined, staffCookie);
        },
      ],
      errors: [
        [404, () => send("DELETE", at("zh"))],
        [400, () => send("DELETE", at("en"))],
      ],
    },
  };
}

const CASES: Record<string, Case> = {
  // ---- translations
  "GET /api/admin/translations": { url: () => "/api/admin/translations" },
  ...translationCases("service", "service", () => ({ title: `Ventosas ${u()}` })),
  ...translationCases("news", "news", () => ({ title: `Un estudio ${u()}`, summary: "Lo que encontró." })),
  ...translationCases("team", "team", () => ({ role: `Médica ${u()}` })),
  ...translationCases("content", "content", () => ({ content: `Hola ${u()}` })),
  ...translationCases("image", "image", () => ({ altText: `Foto ${u()}` })),
  ...translationCases("testimonial", "testimonial", () => ({ content: `Muy buena atención ${u()}` })),

  // ---- public
  "GET /api/health": {
    url: () => "/api/health",
    ok: [() => send("GET", "/api/health"), () => send("GET", "/api/health?probe=live")],
    errors: [[503, () => down.request("/api/health")]],
  },
  "GET /api/content": { url: () => "/api/content?page=home", errors: [[400, () => send("GET", "/api/content")]] },
  "GET /api/images": { url: () => "/api/images?page=home", errors: [[400, () => send("GET", "/api/images")]] },
  "GET /api/social-media": read("/api/social-media"),
  "GET /api/clinic": read("/api/clinic"),
  "GET /api/services": read("/api/services"),
  "GET /api/service-links": read("/api/service-links"),
  "GET /api/services/{slug}": {
    url: () => `/api/services/${slugs.service}`,
    errors: [
      [404, () => send("GET", "/api/services/no-such-service")],
      [400, () => send("GET", `/api/services/${"x".repeat(300)}`)],
    ],
  },
  "GET /api/testimonials": read("/api/testimonials"),
  "GET /api/team": read("/api/team"),
  "GET /api/news": {
    url: () => "/api/news",
    ok: [
      () => send("GET", "/api/news"),
      () => send("GET", "/api/news?page=1&pageSize=1"),
      () => send("GET", "/api/news?page=2&pageSize=1"),
    ],
    errors: [[400, () => send("GET", "/api/news?page=0")]],
  },
  "GET /api/news/{slug}": { url: () => `/api/news/${slugs.news}`, errors: [[404, () => send("GET", "/api/news/no-such-article")]] },
  "GET /api/contact/form-token": { url: () => "/api/contact/form-token" },
  "POST /api/contact": {
    url: () => "/api/contact",
    ok: [() => send("POST", "/api/contact", valid.contact(), null, { ip: freshIp() })],
    errors: [
      [400, () => send("POST", "/api/contact", { ...valid.contact(), email: "not an address" }, null, { ip: freshIp() })],
      [
        429,
        async () => {
          const ip = freshIp();
          await send("POST", "/api/contact", valid.contact(), null, { ip });
          return send("POST", "/api/contact", valid.contact(), null, { ip });
        },
      ],
    ],
  },

  // ---- sign-in and account
  "POST /api/admin/login": {
    url: () => "/api/admin/login",
    ok: [
      async () => {
        const { admin } = await throwaway();
        return send("POST", "/api/admin/login", { username: admin.username, password: admin.password }, null);
      },
    ],
    errors: [
      [401, () => send("POST", "/api/admin/login", { username: superAdmin.username, password: "wrong-password" }, null, { ip: freshIp() })],
      [
        422,
        () => send("POST", "/api/admin/login", { username: superAdmin.username, password: superAdmin.password }, null, { ip: freshIp() }),
      ],
      [400, () => send("POST", "/api/admin/login", { username: "", password: "x" }, null)],
      [
        429,
        async () => {
          const username = `nobody${u()}`;
          for (let i = 0; i < 5; i++)
            await send("POST", "/api/admin/login", { username, password: "wrong-password" }, null, { ip: freshIp() });
          return send("POST", "/api/admin/login", { username, password: "wrong-password" }, null, { ip: freshIp() });
        },
      ],
    ],
  },
  "POST /api/admin/logout": {
    url: () => "/api/admin/logout",
    ok: [async () => send("POST", "/api/admin/logout", undefined, (await throwaway()).cookie)],
  },
  "POST /admin/api/logout": {
    url: () => "/admin/api/logout",
    ok: [async () => send("POST", "/admin/api/logout", undefined, (await throwaway()).cookie)],
  },
  "GET /api/admin/me": { url: () => "/api/admin/me" },
  "POST /api/admin/account/password": {
    url: () => "/api/admin/account/password",
    body: () => ({ currentPassword: "whatever", newPassword: "a-new-long-passphrase" }),
    ok: [
      async () => {
        const { admin, cookie } = await throwaway();
        return send(
          "POST",
          "/api/admin/account/password",
          { currentPassword: admin.password, newPassword: "a-new-long-passphrase" },
          cookie,
        );
      },
    ],
    errors: [
      [
        400,
        async () => {
          const { cookie } = await throwaway();
          return send(
            "POST",
            "/api/admin/account/password",
            { currentPassword: "not-the-password", newPassword: "a-new-long-passphrase" },
            cookie,
          );
        },
      ],
      [400, () => send("POST", "/api/admin/account/password", { currentPassword: "x", newPassword: "short" })],
    ],
  },
  "POST /api/admin/2fa/setup": {
    url: () => "/api/admin/2fa/setup",
    ok: [async () => send("POST", "/api/admin/2fa/setup", undefined, (await throwaway()).cookie)],
    errors: [[409, () => send("POST", "/api/admin/2fa/setup")]],
  },
  "POST /api/admin/2fa/enable": {
    url: () => "/api/admin/2fa/enable",
    body: () => ({ code: "123456" }),
    ok: [
      async () => {
        const { cookie } = await throwaway();
        const { secret } = (await (await send("POST", "/api/admin/2fa/setup", undefined, cookie)).json()) as { secret: string };
        return send("POST", "/api/admin/2fa/enable", { code: totpCodeAt(decodeBase32IgnorePadding(secret)) }, cookie);
      },
    ],
    errors: [
      [409, () => send("POST", "/api/admin/2fa/enable", { code: "123456" })],
      [400, () => send("POST", "/api/admin/2fa/enable", { code: "12345" })],
    ],
  },
  "POST /api/admin/2fa/disable": {
    url: () => "/api/admin/2fa/disable",
    body: () => ({ password: "whatever" }),
    ok: [
      async () => {
        const { admin, cookie } = await throwaway();
        await t.enrolTwoFactor(cookie);
        return send("POST", "/api/admin/2fa/disable", { password: admin.password }, cookie);
      },
    ],
    errors: [
      [
        400,
        async () => {
          const { cookie } = await throwaway();
          return send("POST", "/api/admin/2fa/disable", { password: "not-the-password" }, cookie);
        },
      ],
    ],
  },
  "POST /api/admin/confirm": {
    url: () => "/api/admin/confirm",
    body: () => ({ password: "whatever" }),
    ok: [async () => throwaway().then(({ admin, cookie }) => send("POST", "/api/admin/confirm", { password: admin.password }, cookie))],
    errors: [[400, async () => send("POST", "/api/admin/confirm", { password: "not-the-password" }, (await throwaway()).cookie)]],
  },
  "GET /api/admin/account/sessions": { url: () => "/api/admin/account/sessions" },
  "POST /api/admin/account/sessions/end": {
    url: () => "/api/admin/account/sessions/end",
    body: () => ({ handle: "0".repeat(24) }),
    ok: [
      async () => {
        const { admin, cookie } = await throwaway();
        await t.cookieFor(admin);
        const sessions = (await (await send("GET", "/api/admin/account/sessions", undefined, cookie)).json()) as Array<{
          handle: string;
          current: boolean;
        }>;
        return send("POST", "/api/admin/account/sessions/end", { handle: sessions.find((s) => !s.current)!.handle }, cookie);
      },
    ],
    errors: [[404, () => send("POST", "/api/admin/account/sessions/end", { handle: "0".repeat(24) })]],
  },
  "POST /api/admin/account/sessions/end-others": {
    url: () => "/api/admin/account/sessions/end-others",
    ok: [async () => send("POST", "/api/admin/account/sessions/end-others", undefined, (await throwaway()).cookie)],
  },
  "GET /api/admin/account/notifications": { url: () => "/api/admin/account/notifications" },
  "PUT /api/admin/account/notifications": {
    url: () => "/api/admin/account/notifications",
    body: () => ({ newInquiries: true }),
    errors: [[400, () => send("PUT", "/api/admin/account/notifications", { newInquiries: "yes" })]],
  },
  "PUT /api/admin/account/profile": {
    url: () => "/api/admin/account/profile",
    body: () => ({ firstName: "Sam", lastName: "Lee", email: "sam@example.com" }),
    ok: [() => send("PUT", "/api/admin/account/profile", { firstName: "Sam", lastName: "Lee", email: "sam@example.com" }, staffCookie)],
    errors: [[400, () => send("PUT", "/api/admin/account/profile", { email: "not-an-address" }, staffCookie)]],
  },
  // Without mail in this app the e-mail is saved at once: the pending change is put in place here (the mail is in email-confirm.test.ts).
  "POST /api/admin/account/confirm-email": {
    url: () => "/api/admin/account/confirm-email",
    body: () => ({ token: "not-a-mailed-token" }),
    ok: [
      async () => {
        const { admin, cookie } = await throwaway();
        await t.deps.db
          .update(adminUsers)
          .set({
            pendingEmail: "new@example.com",
            pendingEmailTokenHash: hashToken("a-mailed-token"),
            pendingEmailExpiresAt: new Date(Date.now() + 60 * 60_000),
          })
          .where(eq(adminUsers.id, admin.id));
        return send("POST", "/api/admin/account/confirm-email", { token: "a-mailed-token" }, cookie);
      },
    ],
    errors: [
      [400, () => send("POST", "/api/admin/account/confirm-email", { token: "not-a-mailed-token" }, staffCookie)],
      [400, () => send("POST", "/api/admin/account/confirm-email", {}, staffCookie)],
    ],
  },

  // ---- passkeys (answered by a software authenticator)
  "GET /api/admin/account/passkeys": { url: () => "/api/admin/account/passkeys" },
  "POST /api/admin/account/passkeys/options": {
    url: () => "/api/admin/account/passkeys/options",
    body: () => ({ name: "Laptop" }),
    errors: [[400, () => send("POST", "/api/admin/account/passkeys/options", { name: " " })]],
  },
  "POST /api/admin/account/passkeys": {
    url: () => "/api/admin/account/passkeys",
    body: () => ({
      response: softAuthenticator().register({ challenge: "x", rp: { id: "clinic.test" }, user: { id: "eA" } }, { origin: ORIGIN }),
    }),
    ok: [async () => (await passkeyOf((await throwaway()).cookie)).res],
    // No challenge waiting for this session.
    errors: [[400, () => send("POST", "/api/admin/account/passkeys", CASES["POST /api/admin/account/passkeys"]!.body!())]],
  },
  "PUT /api/admin/account/passkeys/{id}": {
    url: () => "/api/admin/account/passkeys/1",
    body: () => ({ name: "Desk" }),
    ok: [
      async () => {
        const { cookie } = await throwaway();
        return send("PUT", `/api/admin/account/passkeys/${(await passkeyOf(cookie)).id}`, { name: "Desk" }, cookie);
      },
    ],
    errors: [[400, () => send("PUT", "/api/admin/account/passkeys/1", { name: "" })]],
  },
  "DELETE /api/admin/account/passkeys/{id}": {
    url: () => "/api/admin/account/passkeys/1",
    ok: [
      async () => {
        const { cookie } = await throwaway();
        return send("DELETE", `/api/admin/account/passkeys/${(await passkeyOf(cookie)).id}`, undefined, cookie);
      },
    ],
  },
  "POST /api/admin/login/passkey/options": { url: () => "/api/admin/login/passkey/options" },
  "POST /api/admin/login/passkey": {
    url: () => "/api/admin/login/passkey",
    body: () => ({
      attemptId: "a".repeat(52),
      response: softAuthenticator().register({ challenge: "x", rp: { id: "clinic.test" }, user: { id: "eA" } }, { origin: ORIGIN }),
    }),
    ok: [
      async () => {
        const { authenticator } = await passkeyOf((await throwaway()).cookie);
        const ip = freshIp();
        const { attemptId, options } = await (await send("POST", "/api/admin/login/passkey/options", undefined, null, { ip })).json();
        return send("POST", "/api/admin/login/passkey", { attemptId, response: authenticator.assert(options, { origin: ORIGIN }) }, null, {
          ip,
        });
      },
    ],
    errors: [
      [
        401,
        async () => {
          const { authenticator } = await passkeyOf((await throwaway()).cookie);
          return send(
            "POST",
            "/api/admin/login/passkey",
            { attemptId: "a".repeat(52), response: authenticator.assert({ challenge: "x", rpId: "clinic.test" }, { origin: ORIGIN }) },
            null,
            { ip: freshIp() },
          );
        },
      ],
      [400, () => send("POST", "/api/admin/login/passkey", { attemptId: "x" }, null)],
    ],
  },

  "POST /api/admin/confirm/passkey/options": {
    url: () => "/api/admin/confirm/passkey/options",
    ok: [async () => send("POST", "/api/admin/confirm/passkey/options", undefined, (await throwawayWithPasskey()).cookie)],
    // An account without a passkey.
    errors: [[400, async () => send("POST", "/api/admin/confirm/passkey/options", undefined, (await throwaway()).cookie)]],
  },
  "POST /api/admin/confirm/passkey": {
    url: () => "/api/admin/confirm/passkey",
    body: () => ({
      response: softAuthenticator().register({ challenge: "x", rp: { id: "clinic.test" }, user: { id: "eA" } }, { origin: ORIGIN }),
    }),
    ok: [
      async () => {
        const { cookie, authenticator } = await throwawayWithPasskey();
        const { options } = await (await send("POST", "/api/admin/confirm/passkey/options", undefined, cookie)).json();
        return send("POST", "/api/admin/confirm/passkey", { response: authenticator.assert(options, { origin: ORIGIN }) }, cookie);
      },
    ],
    // No challenge waiting for this session.
    errors: [
      [
        400,
        async () =>
          send(
            "POST",
            "/api/admin/confirm/passkey",
            CASES["POST /api/admin/confirm/passkey"]!.body!(),
            (await throwawayWithPasskey()).cookie,
          ),
      ],
    ],
  },

  // ---- dashboard
  // ---- analytics
  "POST /api/visit": { url: () => "/api/visit", body: () => ({ kind: "view", path: "/about", entry: true }) },
  "GET /api/admin/analytics": { url: () => "/api/admin/analytics?from=2030-01-01&to=2030-01-31" },
  // A stream that stays open: its first event is the answer checked (the stream is then closed).
  "GET /api/admin/events": {
    url: () => "/api/admin/events",
    ok: [
      async () => {
        const res = await send("GET", "/api/admin/events", undefined, staffCookie);
        const reader = res.body!.getReader();
        const first = await reader.read();
        await reader.cancel();
        return new Response(first.value, { status: res.status, headers: res.headers });
      },
    ],
  },
  "GET /api/admin/dashboard": {
    url: () => "/api/admin/dashboard",
    ok: [() => send("GET", "/api/admin/dashboard"), () => send("GET", "/api/admin/dashboard", undefined, staffCookie)],
  },
  "POST /api/admin/backup": {
    url: () => "/api/admin/backup",
    body: () => ({ password: "whatever", passphrase: "a passphrase of some length" }),
    ok: [
      async () => {
        const admin = await t.createAdmin({ role: "super_admin" });
        return send(
          "POST",
          "/api/admin/backup",
          { password: admin.password, passphrase: "a passphrase of some length" },
          await t.cookieFor(admin),
        );
      },
    ],
    errors: [
      [
        400,
        () =>
          send("POST", "/api/admin/backup", { password: "not-the-password", code: "123456", passphrase: "a passphrase of some length" }),
      ],
      [400, () => send("POST", "/api/admin/backup", { password: "whatever", passphrase: "short" })],
    ],
  },
  "GET /api/admin/activity": {
    url: () => "/api/admin/activity",
    ok: [
      () => send("GET", "/api/admin/activity"),
      () => send("GET", `/api/admin/activity?page=1&pageSize=5&action=login&adminId=${superAdmin.id}`),
    ],
    errors: [[400, () => send("GET", "/api/admin/activity?pageSize=500")]],
  },
  "GET /api/admin/activity/chain": { url: () => "/api/admin/activity/chain" },

  // ---- records
  ...recordCases("services", valid.service, "service", () => ({ ...valid.service(), slug: slugs.service })),
  ...versionCases("services", valid.service, "service"),
  "GET /api/admin/services/{id}": { url: () => `/api/admin/services/${ids.service}` },
  ...recordCases("news", valid.news, "news", () => ({ ...valid.news(), slug: slugs.news })),
  ...versionCases("news", valid.news, "news"),
  "GET /api/admin/news/{id}": { url: () => `/api/admin/news/${ids.news}` },
  ...recordCases("testimonials", valid.testimonial, "testimonial"),
  "POST /api/admin/testimonials/upload-image": {
    url: () => "/api/admin/testimonials/upload-image",
    ok: [() => upload("/api/admin/testimonials/upload-image")],
    errors: [
      [
        415,
        () => {
          const form = new FormData();
          form.set("image", new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.svg", { type: "image/svg+xml" }));
          return t.request("/api/admin/testimonials/upload-image", { method: "POST", form, cookie: superCookie });
        },
      ],
    ],
  },
  ...recordCases("team", valid.team, "team"),
  "POST /api/admin/team/upload-image": { url: () => "/api/admin/team/upload-image", ok: [() => upload("/api/admin/team/upload-image")] },
  ...recordCases("content", valid.content, "content", () => ({ ...valid.content(), ...existingContent })),
  ...versionCases("content", valid.content, "content"),
  ...recordCases("social-media", valid.social, "social"),
  "GET /api/admin/images": read("/api/admin/images", `page=${"x".repeat(101)}`),
  "GET /api/admin/uploads": read("/api/admin/uploads", "pageSize=0"),
  "PUT /api/admin/images/{id}": {
    url: () => `/api/admin/images/${ids.image}`,
    body: () => ({ altText: `Alt ${u()}`, isVisible: true }),
    errors: [[400, () => send("PUT", `/api/admin/images/${ids.image}`, { seoFilename: "Not A Slug" })]],
  },

  // ---- inquiries
  "GET /api/admin/contact": {
    url: () => "/api/admin/contact",
    ok: [() => send("GET", "/api/admin/contact"), () => send("GET", "/api/admin/contact?page=1&pageSize=25&status=new&sort=oldest")],
    errors: [[400, () => send("GET", "/api/admin/contact?pageSize=7")]],
  },
  "GET /api/admin/contact/export": {
    url: () => "/api/admin/contact/export?status=new",
    errors: [[400, () => send("GET", "/api/admin/contact/export?status=lost")]],
  },
  "GET /api/admin/contact/assignees": { url: () => "/api/admin/contact/assignees" },
  "GET /api/admin/contact/services": { url: () => "/api/admin/contact/services" },
  "GET /api/admin/contact/{id}": {
    url: () => `/api/admin/contact/${ids.inquiry}`,
    ok: [
      () => send("GET", `/api/admin/contact/${ids.inquiry}`, undefined, staffCookie),
      () => send("GET", `/api/admin/contact/${ids.inquiry}?reason=reply`, undefined, staffCookie),
    ],
    errors: [[403, () => send("GET", `/api/admin/contact/${ids.inquiry}?reason=reply`, undefined, deskCookie)]],
  },
  "GET /api/admin/contact/{id}/history": { url: () => `/api/admin/contact/${ids.inquiry}/history` },
  "PATCH /api/admin/contact/{id}": {
    url: () => `/api/admin/contact/${ids.inquiry}`,
    body: () => ({ status: "contacted", assigneeId: superAdmin.id }),
    errors: [[400, () => send("PATCH", `/api/admin/contact/${ids.inquiry}`, {})]],
  },
  "POST /api/admin/contact/{id}/notes": {
    url: () => `/api/admin/contact/${ids.inquiry}/notes`,
    body: () => ({ text: `Called back ${u()}` }),
    errors: [[400, () => send("POST", `/api/admin/contact/${ids.inquiry}/notes`, { text: " " })]],
  },
  "POST /api/admin/contact/emergency-access": {
    url: () => "/api/admin/contact/emergency-access",
    body: () => ({ reason: "The clinician is away and a patient is waiting" }),
    ok: [
      () => send("POST", "/api/admin/contact/emergency-access", { reason: "The clinician is away and a patient is waiting" }, deskCookie),
    ],
    errors: [
      [400, () => send("POST", "/api/admin/contact/emergency-access", { reason: "short" }, deskCookie)],
      [400, () => send("POST", "/api/admin/contact/emergency-access", { reason: "An owner opens them anyway" })],
    ],
  },
  "DELETE /api/admin/contact/{id}": {
    url: () => `/api/admin/contact/${ids.inquiry}`,
    ok: [async () => send("DELETE", `/api/admin/contact/${(await t.addInquiry()).id}`)],
  },

  // ---- settings and mail
  "GET /api/admin/settings": { url: () => "/api/admin/settings" },
  "PUT /api/admin/settings": {
    url: () => "/api/admin/settings",
    body: () => ({ retention: { enabled: false, days: 365 } }),
    errors: [[400, () => send("PUT", "/api/admin/settings", { retention: { enabled: true, days: 0 } })]],
  },
  "GET /api/admin/settings/mail-status": { url: () => "/api/admin/settings/mail-status" },

  // ---- legal texts (their REST doors sit under Settings)
  "GET /api/legal/{kind}": { url: () => "/api/legal/terms", errors: [[400, () => send("GET", "/api/legal/nothing")]] },
  "GET /api/admin/legal/{kind}/versions": {
    url: () => "/api/admin/legal/terms/versions",
    errors: [[400, () => send("GET", "/api/admin/legal/nothing/versions")]],
  },
  "POST /api/admin/legal/{kind}": {
    url: () => "/api/admin/legal/hipaa",
    body: () => ({ effectiveDate: "2026-04-01", html: `<p>Authorization ${u()}</p>` }),
    errors: [[400, () => send("POST", "/api/admin/legal/hipaa", { effectiveDate: "2026-02-30", html: "<p>x</p>" })]],
  },
  "POST /api/admin/settings/test-mail": {
    url: () => "/api/admin/settings/test-mail",
    body: () => ({ to: "staff@example.com" }),
    ok: [
      () => send("POST", "/api/admin/settings/test-mail", { to: "staff@example.com" }),
      () => send("POST", "/api/admin/settings/test-mail", {}),
    ],
    errors: [[400, () => send("POST", "/api/admin/settings/test-mail", { to: "not an address" })]],
  },
  "GET /api/admin/settings/mail-recipients": { url: () => "/api/admin/settings/mail-recipients" },
  "PUT /api/admin/settings/mail-recipients": {
    url: () => "/api/admin/settings/mail-recipients",
    body: () => ({ adminId: ids.user, newInquiries: true }),
    errors: [
      [404, () => send("PUT", "/api/admin/settings/mail-recipients", { adminId: 2147483647, newInquiries: true })],
      [400, () => send("PUT", "/api/admin/settings/mail-recipients", { adminId: 0, newInquiries: true })],
    ],
  },

  // ---- users
  "GET /api/admin/users": { url: () => "/api/admin/users" },
  "POST /api/admin/users": {
    url: () => "/api/admin/users",
    body: valid.user,
    errors: [
      [400, () => send("POST", "/api/admin/users", { ...valid.user(), password: "short" })],
      [409, () => send("POST", "/api/admin/users", { ...valid.user(), username: superAdmin.username })],
    ],
  },
  "PUT /api/admin/users/{id}": {
    url: () => `/api/admin/users/${ids.user}`,
    body: () => ({ firstName: "Pat", lastName: `Lee${u()}`, email: "pat@example.com", role: "admin", isActive: true }),
    errors: [[400, () => send("PUT", `/api/admin/users/${superAdmin.id}`, { isActive: false })]],
  },
  "DELETE /api/admin/users/{id}": {
    url: () => `/api/admin/users/${ids.user}`,
    ok: [async () => send("DELETE", `/api/admin/users/${(await t.createAdmin()).id}`)],
    errors: [[400, () => send("DELETE", `/api/admin/users/${superAdmin.id}`)]],
  },
  "POST /api/admin/users/{id}/reset-password": {
    url: () => `/api/admin/users/${ids.user}/reset-password`,
    body: () => ({ newPassword: `reset-${u()}-pw` }),
    errors: [[400, () => send("POST", `/api/admin/users/${ids.user}/reset-password`, { newPassword: "short" })]],
  },

  "POST /api/admin/users/{id}/end-sessions": {
    url: () => `/api/admin/users/${ids.user}/end-sessions`,
    ok: [async () => send("POST", `/api/admin/users/${(await throwaway()).admin.id}/end-sessions`)],
    errors: [[404, () => send("POST", "/api/admin/users/2147483647/end-sessions")]],
  },

  // ---- roles
  "GET /api/admin/roles": { url: () => "/api/admin/roles" },
  "POST /api/admin/roles": {
    url: () => "/api/admin/roles",
    body: () => ({ name: `Role ${u()}`, permissions: ["news.edit", "publish"] }),
    errors: [
      [400, () => send("POST", "/api/admin/roles", { name: "Bad", permissions: ["everything"] })],
      [409, () => send("POST", "/api/admin/roles", { name: "marketing", permissions: [] })],
    ],
  },
  "PUT /api/admin/roles/{key}": {
    url: () => "/api/admin/roles/front_desk",
    body: () => ({ assignedOnly: false }),
    errors: [
      [400, () => send("PUT", "/api/admin/roles/front_desk", { permissions: ["inquiries.view"] })],
      [404, () => send("PUT", "/api/admin/roles/custom_nothing", { assignedOnly: false })],
    ],
  },
  "DELETE /api/admin/roles/{key}": {
    url: () => "/api/admin/roles/custom_nothing",
    ok: [
      async () =>
        send(
          "DELETE",
          `/api/admin/roles/${((await (await send("POST", "/api/admin/roles", { name: `Gone ${u()}`, permissions: [] })).json()) as { key: string }).key}`,
        ),
    ],
    errors: [
      [400, () => send("DELETE", "/api/admin/roles/admin")],
      [404, () => send("DELETE", "/api/admin/roles/custom_nothing")],
    ],
  },

  // ---- reference
  "GET /api/openapi.json": { url: () => "/api/openapi.json" },
  "GET /api/docs": { url: () => "/api/docs" },
};

interface Documented {
  key: string;
  method: string;
  path: string;
  op: OperationLike;
}

function documented(source: OpenApiLike): Documented[] {
  return Object.entries(source.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const UNKNOWN_ID = 2147483647;
const TOO_LARGE = "x".repeat(1024 * 1024 + 1);

/** The errors every operation's description implies, called for real. */
function genericErrors(entry: Documented, c: Case): Array<[string, number, Call]> {
  const url = c.url();
  const { method, op } = entry;
  const body = () => (op.requestBody ? (c.body?.() ?? {}) : undefined);
  const calls: Array<[string, number, Call]> = [];
  if (op["x-access"] !== "public") calls.push(["no session", 401, () => send(method, url, body(), null)]);
  if (op["x-access"] !== "public" && op["x-access"] !== "staff")
    calls.push(["a role without the permission", 403, () => send(method, url, body(), noPermissionCookie)]);
  if (STATE_CHANGING.has(method)) {
    calls.push(["a foreign Origin", 403, () => send(method, url, body(), superCookie, { origin: "https://elsewhere.example" })]);
    const headers = { "content-type": "application/json", "content-length": String(TOO_LARGE.length) };
    calls.push(["a body over 1 MB", 413, () => t.request(url, { method, body: TOO_LARGE, headers, cookie: superCookie })]);
  }
  if (op.requestBody) {
    calls.push([
      "a text/plain body",
      415,
      () => t.request(url, { method, body: "{}", headers: { "content-type": "text/plain" }, cookie: superCookie }),
    ]);
    calls.push(["a JSON array body", 400, () => send(method, url, [], superCookie)]);
  }
  if (entry.path.includes("{id}")) {
    calls.push(["an unknown id", 404, () => send(method, withId(url, entry.path, String(UNKNOWN_ID)), body())]);
    calls.push(["a non-numeric id", 404, () => send(method, withId(url, entry.path, "12abc"), body())]);
  }
  if (op.responses["503"]) {
    // A session cookie makes even public routes read the database (the session), before anything else.
    calls.push(["the database gone", 503, () => down.request(url, { method, json: body(), cookie: `clinic_session=${"a".repeat(52)}` })]);
  }
  return calls;
}

/** The concrete URL with another record id in the place of {id}. */
function withId(url: string, template: string, id: string): string {
  const index = template.split("/").indexOf("{id}");
  const parts = url.split("/");
  parts[index] = id;
  return parts.join("/");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// ---------------------------------------------------------------- the tests

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator)", async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result).toEqual({ valid: true });
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it("describes exactly the REST routes the app serves", () => {
    const served = t.app.routes
      .filter((route) => route.method !== "ALL" && (route.path.startsWith("/api/") || route.path.startsWith("/admin/api/")))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
    const described = documented(doc).map((entry) => entry.key);
    expect([...new Set(served)].sort()).toEqual([...described].sort());
  });

  it("has a case here for every documented operation, and every operation id is unique", () => {
    const described = documented(doc);
    expect(Object.keys(CASES).sort()).toEqual(described.map((entry) => entry.key).sort());
    const operationIds = described.map((entry) => entry.op.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("names the session cookie the app sets, and needs it on every route that is not public", async () => {
    const { admin } = await throwaway();
    const res = await send("POST", "/api/admin/login", { username: admin.username, password: admin.password }, null);
    const cookieName = sessionCookieFrom(res)!.split("=")[0];
    expect(doc.components.securitySchemes.session!.name).toBe(cookieName);
    for (const entry of documented(doc)) {
      expect(entry.op.security, entry.key).toEqual(entry.op["x-access"] === "public" ? [] : [{ session: [] }]);
    }
  });

  it("is answered from a cache: ETag, and 304 for a matching If-None-Match", async () => {
    const first = await t.request("/api/openapi.json");
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toMatch(/^public/);
    const again = await t.request("/api/openapi.json", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("every documented operation, called on the real app", () => {
  it.each(Object.keys(CASES))("%s answers as documented", async (key) => {
    const entry = documented(resolved).find((candidate) => candidate.key === key);
    expect(entry, `${key} is not in the document`).toBeDefined();
    const c = CASES[key]!;
    const { method, op } = entry!;
    const problems: string[] = [];

    // As the least who may call it, so a route documented as more open than it is fails here (and one
    // documented as closer than it is fails the generic 401 and 403 checks below).
    const access = op["x-access"];
    const least =
      access === "public"
        ? null
        : access === "staff" || (BUILT_IN_ROLES[1].permissions as readonly string[]).includes(access)
          ? staffCookie
          : superCookie;
    const successes = c.ok ?? [() => send(method, c.url(), op.requestBody ? c.body?.() : undefined, least)];
    for (const [i, call] of successes.entries()) problems.push(...(await answerProblems(`success ${i + 1}`, op, await call(), "success")));

    const errors: Array<[string, number, Call]> = [
      ...(c.errors ?? []).map(([status, call], i): [string, number, Call] => [`own error ${i + 1}`, status, call]),
      ...genericErrors(entry!, c),
    ];
    for (const [label, status, call] of errors) problems.push(...(await answerProblems(label, op, await call(), status)));

    // An error for every operation that documents one (the reference routes answer from memory and have none).
    const documentedErrors = Object.keys(op.responses).filter((status) => Number(status) >= 400);
    expect(errors.length > 0 || documentedErrors.length === 0, `${key}: no error call`).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe("GET /api/docs", () => {
  it("answers a plain HTML page naming every operation, with a table of contents and no script", async () => {
    const res = await t.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain("<h1>");
    expect(html).toMatch(/<nav aria-labelledby="contents"><h2 id="contents">Contents<\/h2>/);
    for (const { method, path, op } of documented(doc)) {
      expect(html, op.operationId).toContain(`<article id="${op.operationId}"`);
      expect(html, op.operationId).toContain(`<a href="#${op.operationId}">${method} ${path.replaceAll("&", "&amp;")}</a>`);
      expect(html, op.operationId).toContain(`<code>${path}</code>`);
      expect(html, op.operationId).toContain(escapeHtml(op.summary));
    }
    // Nothing from elsewhere, and no script.
    expect(html).not.toMatch(/<script|<link|\ssrc=|@import|url\(/i);
  });

  it("sends a Content-Security-Policy that allows its one stylesheet by hash and nothing else", async () => {
    const res = await t.request("/api/docs");
    const csp = res.headers.get("content-security-policy")!;
    const html = await res.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash("sha256").update(styles[0]!).digest("base64");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/unsafe-inline|script-src/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("links every shared schema it mentions to its description on the page", async () => {
    const html = await (await t.request("/api/docs")).text();
    const targets = new Set([...html.matchAll(/<a href="#(schema-\w+)">/g)].map((match) => match[1]));
    for (const target of targets) expect(html, target).toContain(`id="${target}"`);
    expect(targets.size).toBeGreaterThan(10);
  });
});

describe("the origin in the document", () => {
  it("is the site's own address, as the Origin rule demands", () => {
    expect((doc as unknown as { servers: Array<{ url: string }> }).servers).toEqual([{ url: ORIGIN }]);
  });
});
