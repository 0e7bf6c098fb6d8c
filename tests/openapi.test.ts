import { createHash } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { initTRPC } from "@trpc/server";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { totpCodeAt } from "../src/server/auth/totp";
import type { AppDeps } from "../src/server/deps";
import { bindDoors, doorsOf } from "../src/server/rest/bind";
import { exampleOfSchema } from "../src/server/rest/examples";
import type { ProcedureMeta } from "../src/server/rest/operations";
import { BUILT_IN_ROLES } from "../src/shared/permissions";
import { idParam } from "../src/shared/schemas/fields";
import { serviceInput } from "../src/shared/schemas/services";
import {
  callOf,
  creatorOf,
  type DoorCall,
  ENTRIES,
  type Entry,
  entriesOf,
  exampleCalls,
  exampleOf,
  fieldAccepts,
  freeValues,
  freshIp,
  type Fixtures,
  makeFixtures,
  missingExamples,
  pathOf,
  pathParamsOf,
  ROUTES,
  type Route,
  routesOf,
  SCENARIOS,
  type Session,
  send,
  staleScenarios,
  toForm,
  valuesOf,
} from "./setup/door-calls";
import { createTestApp, ORIGIN, sessionCookieFrom, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * GET /api/openapi.json and GET /api/docs. The document is checked by a maintained OpenAPI validator;
 * it must describe exactly the REST routes Hono serves; and every documented operation is called on the
 * real app (a real database; a super admin signed in with password and TOTP, a plain admin, or no
 * session, the least the operation is documented to need): at least one success and
 * at least one error each, every answer's status listed for that operation and its body valid against
 * the documented schema (ajv, JSON Schema 2020-12). The calls come from the routes themselves and the
 * examples beside their input schemas (tests/setup/door-calls.ts, src/server/rest/examples.ts): the
 * success is the example's call (or a scenario's, where it needs a sequence), and every operation gets
 * the errors its description implies: a field of the example made invalid (400), a path parameter
 * unknown (404) or refused (400), 401 without a session, 403 for a role without the permission, 403 for
 * a foreign Origin, 413, 415 and 400 for bodies, and 503 with the database gone (a second app whose
 * database is closed); a scenario adds the errors that are rules (409, 422, 429, ...). A new route is
 * called without an edit here; one without the example it needs fails, naming what to add.
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
/** A front desk member (health details closed to them). */
let deskCookie: string;
let doc: OpenApiLike;
let resolved: OpenApiLike;
/** The records the examples name. */
let fixtures: Fixtures;
/** Who calls, for the scenarios. */
let session: Session;

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

  fixtures = await makeFixtures(t, superCookie);
  session = { t, down, fixtures, superAdmin, superCookie, staffCookie, deskCookie };
  const none = await send(session, "POST", "/api/admin/roles", { name: "No permissions", permissions: [] });
  expect(none.status).toBe(201);
  noPermissionCookie = await t.cookieFor(await t.createAdmin({ role: ((await none.json()) as { key: string }).key }));

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

type Call = () => Promise<Response>;

/** A derived call, as `cookie` (null: none), from a fresh address (throttling is per address). */
const request = (call: DoorCall, cookie: string | null, extra: { origin?: string; headers?: Record<string, string> } = {}) =>
  t.request(call.url, { method: call.method, json: call.json, form: call.form, cookie: cookie ?? undefined, ip: freshIp(), ...extra });

/** The least who may call an operation: no session, a plain admin (staff, or a permission an admin's role holds), a super admin. */
function leastCookie(op: OperationLike): string | null {
  const access = op["x-access"];
  if (access === "public") return null;
  return access === "staff" || (BUILT_IN_ROLES[1].permissions as readonly string[]).includes(access) ? staffCookie : superCookie;
}

/** The route's example call (its main door's), made afresh. */
const exampleCall = (route: Route): DoorCall => {
  const [entry] = entriesOf(route);
  return callOf(entry!, valuesOf(entry!, fixtures) ?? {});
};

/**
 * The successes of a route from its examples alone: each door's example call (and a read's bare one),
 * or, for a DELETE, the deletion of what its sibling POST (or the PUT on its path) made from its example.
 */
function exampleSuccesses(route: Route, cookie: string | null): Call[] {
  const creator = creatorOf(route);
  // Never the example's own record: a fixture other routes read.
  if (!creator && route.method === "DELETE")
    return [
      () =>
        Promise.reject(new Error(`${route.key}: nothing makes what it deletes; add its success to SCENARIOS (tests/setup/door-calls.ts)`)),
    ];
  if (!creator) return entriesOf(route).flatMap((entry) => exampleCalls(entry, fixtures).map((call) => () => request(call, cookie)));
  return [
    async () => {
      const [entry] = entriesOf(route);
      const values = valuesOf(entry!, fixtures) ?? {};
      const [make] = entriesOf(creator.route);
      const made = await request(callOf(make!, valuesOf(make!, fixtures)), superCookie);
      expect(made.status, `${creator.route.key} (to have something to delete): ${await made.clone().text()}`).toBeLessThan(300);
      if (creator.param)
        values[pathParamsOf(entry!).find((param) => param.name === creator.param)!.field] = (await made.json())[creator.param];
      return request(callOf(entry!, values), cookie);
    },
  ];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const UNKNOWN_ID = 2147483647;
const TOO_LARGE = "x".repeat(1024 * 1024 + 1);
/** Refused by every text field (no NUL in stored text) and by every field of another type. */
const INVALID = "a\u0000b";

/**
 * The errors a route's shape implies, called for real: a field of its example made invalid (the body's,
 * or a strict query's: 400), each path parameter unknown (404) or refused by its schema (400), and the
 * errors its description implies (who may call it, Origin, size, media type, the database gone).
 */
function derivedErrors(route: Route, op: OperationLike): Array<[string, number, Call]> {
  const calls: Array<[string, number, Call]> = [];
  const [main] = entriesOf(route);
  const example = () => exampleCall(route);
  const { method } = route;

  // A field of the example made invalid.
  for (const entry of entriesOf(route)) {
    if (!exampleOf(entry)) continue;
    const values = valuesOf(entry, fixtures)!;
    const field = Object.keys(freeValues(entry, values))[0];
    const strictQuery = route.method === "GET" && route.op.query && !route.op.lenientQuery;
    if (field === undefined || (!route.op.body && !strictQuery)) continue;
    calls.push([`${field} invalid`, 400, () => request(callOf(entry, { ...valuesOf(entry, fixtures)!, [field]: INVALID }), superCookie)]);
    break;
  }
  // Each path parameter: an unknown record (a number out of reach, or not a number at all), else a value
  // its schema takes but no record has (404) and one it refuses (400), whichever of the two it has.
  if (main && exampleOf(main)) {
    for (const { name, schema } of pathParamsOf(main)) {
      const cases: Array<[string, number]> = fieldAccepts(schema, 1)
        ? [
            [String(UNKNOWN_ID), 404],
            ["12abc", 404],
          ]
        : [`no-such-${name}`, "x".repeat(300)]
            .map((value): [string, number] => [value, fieldAccepts(schema, value) ? 404 : 400])
            .filter(([, status], i, all) => all.findIndex(([, other]) => other === status) === i);
      for (const [value, status] of cases) {
        calls.push([
          `${name} ${value.slice(0, 20)}`,
          status,
          () => {
            const values = valuesOf(main, fixtures)!;
            const call = callOf(main, values);
            const query = call.url.includes("?") ? call.url.slice(call.url.indexOf("?")) : "";
            return request({ ...call, url: pathOf(main, values, { [name]: encodeURIComponent(value) }) + query }, superCookie);
          },
        ]);
      }
    }
  }

  if (op["x-access"] !== "public") calls.push(["no session", 401, () => request(example(), null)]);
  if (op["x-access"] !== "public" && op["x-access"] !== "staff")
    calls.push(["a role without the permission", 403, () => request(example(), noPermissionCookie)]);
  if (STATE_CHANGING.has(method)) {
    calls.push(["a foreign Origin", 403, () => request(example(), superCookie, { origin: "https://elsewhere.example" })]);
    const headers = { "content-type": "application/json", "content-length": String(TOO_LARGE.length) };
    calls.push(["a body over 1 MB", 413, () => t.request(example().url, { method, body: TOO_LARGE, headers, cookie: superCookie })]);
  }
  if (op.requestBody) {
    calls.push([
      "a text/plain body",
      415,
      () => t.request(example().url, { method, body: "{}", headers: { "content-type": "text/plain" }, cookie: superCookie }),
    ]);
    calls.push(["a JSON array body", 400, () => t.request(example().url, { method, json: [], cookie: superCookie })]);
  }
  if (op.responses["503"]) {
    // A session cookie makes even public routes read the database (the session), before anything else.
    calls.push([
      "the database gone",
      503,
      () => {
        const call = example();
        return down.request(call.url, { method, json: call.json, form: call.form, cookie: `clinic_session=${"a".repeat(52)}` });
      },
    ]);
  }
  return calls;
}

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

  it("has its calls for every documented operation: an example where its input needs one, a way to make what a DELETE deletes", () => {
    const described = documented(doc);
    expect(ROUTES.map((route) => route.key).sort()).toEqual(described.map((entry) => entry.key).sort());
    expect(missingExamples(ROUTES)).toEqual([]);
    expect(staleScenarios(ROUTES)).toEqual([]);
    const deletes = ROUTES.filter((route) => route.method === "DELETE" && !SCENARIOS[route.key]?.ok && !creatorOf(route));
    expect(
      deletes.map((route) => `${route.key}: nothing makes what it deletes; add its success to SCENARIOS (tests/setup/door-calls.ts)`),
    ).toEqual([]);
    const operationIds = described.map((entry) => entry.op.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it("names the session cookie the app sets, and needs it on every route that is not public", async () => {
    const admin = await t.createAdmin();
    const res = await send(session, "POST", "/api/admin/login", { username: admin.username, password: admin.password }, null);
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
  it.each(ROUTES.map((route) => route.key))("%s answers as documented", async (key) => {
    const entry = documented(resolved).find((candidate) => candidate.key === key);
    expect(entry, `${key} is not in the document`).toBeDefined();
    const route = ROUTES.find((candidate) => candidate.key === key)!;
    const { op } = entry!;
    const scenario = SCENARIOS[key] ?? {};
    const problems: string[] = [];

    // As the least who may call it, so a route documented as more open than it is fails here (and one
    // documented as closer than it is fails the 401 and 403 checks below).
    const successes: Call[] = [
      ...(scenario.ok?.map((step) => () => step(session)) ?? exampleSuccesses(route, leastCookie(op))),
      ...(scenario.alsoOk ?? []).map((step) => () => step(session)),
    ];
    for (const [i, call] of successes.entries()) problems.push(...(await answerProblems(`success ${i + 1}`, op, await call(), "success")));

    const errors: Array<[string, number, Call]> = [
      ...(scenario.errors ?? []).map(([status, step], i): [string, number, Call] => [`rule ${i + 1}`, status, () => step(session)]),
      ...derivedErrors(route, op),
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

// ---------------------------------------------------------------- the test of these tests

describe("the calls come from the routes and the examples (decision 0002: a new route needs no test edit)", () => {
  const trpc = initTRPC.meta<ProcedureMeta>().create();
  const answer = z.object({ ok: z.boolean() });
  const door = (method: "get" | "post" | "put", path: string) =>
    ({ method, path, tag: "Services", summary: "A new route", answer: { description: "It." } }) as const;
  /** New doors on the services' router, as a developer would add them (the app's router is left alone). */
  const router = trpc.router({
    services: trpc.router({
      // A new input schema, with no example yet.
      feature: trpc.procedure
        .meta({ access: "services.edit", rest: door("post", "/admin/services/featured") })
        .input(z.object({ slug: z.string().min(1), until: z.string() }))
        .output(answer)
        .mutation(() => ({ ok: true })),
      // A shared schema (idParam), whose example exists.
      duplicate: trpc.procedure
        .meta({ access: "services.edit", rest: door("put", "/admin/services/:id/duplicate") })
        .input(idParam)
        .output(answer)
        .mutation(() => ({ ok: true })),
      // No input, or one that may be left out: nothing to add.
      count: trpc.procedure
        .meta({ access: "staff", rest: door("get", "/admin/services/count") })
        .output(answer)
        .query(() => ({ ok: true })),
    }),
  });
  const routes = () => routesOf(bindDoors(new Hono(), "/api", {} as AppDeps, doorsOf(router)), doorsOf(router));

  it("reports a door with no example, once, saying what to add and where", () => {
    expect(missingExamples(routes())).toEqual([
      'POST /api/admin/services/featured has no example: add one for the input of services.feature (by its input schema, or by the name "services.feature") in src/server/rest/examples.ts',
    ]);
  });

  it("calls a door whose input schema has an example without a word here: path from the records made, body from the example", () => {
    const duplicate = entriesOf(routes().find((route) => route.key === "PUT /api/admin/services/{id}/duplicate")!)[0]!;
    expect(callOf(duplicate, valuesOf(duplicate, fixtures))).toEqual({
      method: "PUT",
      url: `/api/admin/services/${fixtures.ids.service}/duplicate`,
    });
  });

  it("reports exactly the routes of a schema whose example is removed", () => {
    const withoutServiceInput = (entry: Entry) => (entry.door?.input === serviceInput ? undefined : exampleOf(entry));
    expect(missingExamples(ROUTES, withoutServiceInput)).toEqual([
      'POST /api/admin/services has no example: add one for the input of services.create (by its input schema, or by the name "services.create") in src/server/rest/examples.ts',
    ]);
    expect(exampleOfSchema(serviceInput)).toBeDefined();
  });

  it("sends each example as its route takes it: multipart with a file, JSON otherwise, the query for reads", () => {
    const calls = Object.fromEntries(ENTRIES.map((entry) => [entry.route.key, callOf(entry, valuesOf(entry, fixtures) ?? {})]));
    expect(calls["POST /api/admin/team/upload-image"]!.form?.get("image")).toBeInstanceOf(File);
    expect(calls["PUT /api/admin/services/{id}"]!.json).toMatchObject({ title: "Cupping" });
    expect(calls["PUT /api/admin/services/{id}"]!.json).not.toHaveProperty("id");
    expect(calls["GET /api/admin/analytics"]!.url).toBe("/api/admin/analytics?from=2030-01-01&to=2030-01-31");
    expect(toForm({ a: 1 }).get("a")).toBe("1");
  });
});
