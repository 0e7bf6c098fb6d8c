import type { AnyTRPCRouter } from "@trpc/server";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { z } from "zod";
import { hashToken } from "../../src/server/auth/tokens";
import { totpCodeAt } from "../../src/server/auth/totp";
import { adminUsers } from "../../src/server/db/schema";
import type { AppDeps } from "../../src/server/deps";
import { restRoutes } from "../../src/server/rest";
import { doorsOf, type BoundDoor } from "../../src/server/rest/bind";
import { exampleOfSchema, namedExamples, type Example, type ExampleContext, type RecordKind } from "../../src/server/rest/examples";
import type { RestOperation } from "../../src/server/rest/operations";
import { appRouter } from "../../src/server/routers";
import { TRANSLATABLE_KINDS } from "../../src/shared/translatable";
import { BOOKING_PORTAL_SCENARIOS } from "./booking-portal-scenarios";
import { BOOKING_SCENARIOS } from "./booking-scenarios";
import { softAuthenticator } from "./soft-authenticator";
import { ORIGIN, type TestAdmin, type TestApp } from "./test-app";

/**
 * The calls tests/openapi.test.ts and tests/bad-input.test.ts make, derived from the REST mirror's own
 * routes (every procedure's door, src/server/rest/bind.ts, and the few routes that are not a
 * procedure's) and from the examples beside the input schemas (src/server/rest/examples.ts): a new
 * route is called, checked against its description and fed bad input without a line here. What the
 * examples cannot say lives here, keyed by route and for those routes only: the records the examples
 * name (fixtures), and the scenarios of routes whose success needs a sequence (a challenge, a mailed
 * token, the caller's own password, a stream) or whose errors are rules rather than shapes.
 */

export type Values = Record<string, unknown>;
export const EXAMPLES_FILE = "src/server/rest/examples.ts";

// ---------------------------------------------------------------- the routes

/** One documented operation: the route the app serves, and the procedures' doors behind it. */
export interface Route {
  /** As the OpenAPI document names it: "PUT /api/admin/services/{id}". */
  key: string;
  method: string;
  /** In Hono's form: "/api/admin/services/:id". */
  path: string;
  op: RestOperation;
  /** The described door first, then its query-only twins; none for a route that is not a procedure's. */
  doors: BoundDoor[];
}

/** One way into a route: a procedure's door, or the route itself when it is not a procedure's. */
export interface Entry {
  route: Route;
  door?: BoundDoor;
}

export function routesOf(operations: readonly RestOperation[], doors: readonly BoundDoor[], base = "/api"): Route[] {
  return operations.map((op) => {
    const method = op.method.toUpperCase();
    const behind = doors
      .filter((bound) => bound.door.method === op.method && base + bound.door.path === op.path)
      .sort((a, b) => Number(Boolean(a.door.onlyWithQuery)) - Number(Boolean(b.door.onlyWithQuery)));
    return { key: `${method} ${op.path.replace(/:(\w+)/g, "{$1}")}`, method, path: op.path, op, doors: behind };
  });
}

/**
 * Every route of the app's REST mirror, as src/server/rest registers and describes them (their
 * handlers, never called here, use no dependency until a request comes).
 */
export const ROUTES: Route[] = routesOf(restRoutes({} as AppDeps).operations, doorsOf(appRouter));

export const entriesOf = (route: Route): Entry[] => (route.doors.length > 0 ? route.doors.map((door) => ({ route, door })) : [{ route }]);
export const ENTRIES: Entry[] = ROUTES.flatMap(entriesOf);

const inputOf = ({ route, door }: Entry) => (door ? door.input : (route.op.body ?? route.op.query));
const fixedOf = ({ door }: Entry): Readonly<Record<string, string>> => door?.door.fixedInput ?? {};
const pathFieldsOf = ({ route, door }: Entry) =>
  [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => door?.door.pathInput?.[name!] ?? name!);
export const isRead = (route: Route) => route.method === "GET" || route.method === "DELETE";

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
  try {
    return (schema as z.ZodType).safeParse(value).success;
  } catch {
    return false;
  }
}

/** The example an entry's calls start from: by the procedure's (or route's) name, else by its input schema. */
export function exampleOf(entry: Entry): Example | undefined {
  const name = entry.door?.procedure ?? entry.route.key;
  return namedExamples[name] ?? exampleOfSchema(inputOf(entry));
}

/** An entry needs an example when its input refuses a call that sends nothing: a path parameter, a required field. */
export function needsExample(entry: Entry): boolean {
  const input = inputOf(entry);
  return input !== undefined && !accepts(input, { ...fixedOf(entry) });
}

/** Every entry of `routes` that needs an example and has none, each as the message that says what to add. */
export function missingExamples(routes: readonly Route[], lookup: (entry: Entry) => Example | undefined = exampleOf): string[] {
  return routes
    .flatMap(entriesOf)
    .filter((entry) => needsExample(entry) && !lookup(entry))
    .map(({ route, door }) =>
      door
        ? `${route.key} has no example: add one for the input of ${door.procedure} (by its input schema, or by the name ` +
          `"${door.procedure}") in ${EXAMPLES_FILE}`
        : `${route.key} has no example: add one for its ${route.op.body ? "body" : "query"} schema (by the schema, or by the name ` +
          `"${route.key}") in ${EXAMPLES_FILE}`,
    );
}

/** A procedure's input schema (over tRPC the whole input: no path, no fixed fields). */
export function procedureInput(router: AnyTRPCRouter, name: string): z.core.$ZodType | undefined {
  const procedure = (router._def.procedures as Record<string, { _def: { inputs: z.core.$ZodType[] } }>)[name]!;
  return procedure._def.inputs[0];
}
export const procedureExample = (router: AnyTRPCRouter, name: string): Example | undefined =>
  namedExamples[name] ?? exampleOfSchema(procedureInput(router, name));

/** The procedures without a REST door whose input needs an example and has none (those with a door are the routes'). */
export function missingProcedureExamples(router: AnyTRPCRouter, withDoors: ReadonlySet<string>): string[] {
  return Object.keys(router._def.procedures)
    .filter((name) => !withDoors.has(name))
    .filter((name) => {
      const input = procedureInput(router, name);
      return input !== undefined && !accepts(input, undefined) && !accepts(input, {}) && !procedureExample(router, name);
    })
    .map(
      (name) =>
        `procedure ${name} has no example: add one for its input (by its input schema, or by the name "${name}") in ${EXAMPLES_FILE}`,
    );
}

/** The fields of an object schema, through optional, default, pipe and the like. */
function shapeOf(schema: z.core.$ZodType | undefined): Record<string, z.core.$ZodType> {
  const def = schema?._zod.def as
    | { type: string; shape?: Record<string, z.core.$ZodType>; innerType?: z.core.$ZodType; in?: z.core.$ZodType; out?: z.core.$ZodType }
    | undefined;
  if (!def) return {};
  if (def.type === "object") return def.shape ?? {};
  if (def.innerType) return shapeOf(def.innerType);
  if (def.type === "pipe") {
    const inner = shapeOf(def.in);
    return Object.keys(inner).length > 0 ? inner : shapeOf(def.out);
  }
  return {};
}

/** The path's parameters of an entry: each one's name in the path, its input field, and the field's schema. */
export function pathParamsOf(entry: Entry): Array<{ name: string; field: string; schema: z.core.$ZodType | undefined }> {
  const shape = shapeOf(inputOf(entry));
  return [...entry.route.path.matchAll(/:(\w+)/g)].map(([, name]) => {
    const field = entry.door?.door.pathInput?.[name!] ?? name!;
    return { name: name!, field, schema: shape[field] };
  });
}

/** Whether a field's schema takes this value (an id field takes 1; a slug, an enum or a key does not). */
export const fieldAccepts = (schema: z.core.$ZodType | undefined, value: unknown) => schema !== undefined && accepts(schema, value);

// ---------------------------------------------------------------- the records examples name

export interface Fixtures {
  ids: Record<RecordKind, number>;
  slugs: Record<"service" | "news", string>;
  signer: { username: string; password: string };
  png: Uint8Array;
  formToken: () => string;
}

/** The kind of record `x.id()` and `x.slug()` name without a kind: the one the procedure's router keeps. */
const ROUTER_RECORDS: Record<string, RecordKind> = {
  services: "service",
  news: "news",
  testimonials: "testimonial",
  team: "team",
  content: "content",
  images: "image",
  socialMedia: "social",
  contact: "inquiry",
  users: "user",
  passkeys: "passkey",
  redirects: "redirect",
};

let counter = 0;
/** A word no other call of this test file gets. */
export const uniqueWord = () => `${++counter}${Math.random().toString(36).slice(2, 6)}`;

export function contextFor(fixtures: Fixtures, procedure?: string, fixed: Readonly<Record<string, string>> = {}): ExampleContext {
  const own = (): RecordKind => {
    const router = procedure?.split(".")[0] ?? "";
    const kind = ROUTER_RECORDS[router];
    if (!kind)
      throw new Error(`${procedure ?? "a route"}: x.id() names no kind, and router "${router}" has none in tests/setup/door-calls.ts`);
    return kind;
  };
  return {
    id: (kind = own()) => {
      const id = fixtures.ids[kind];
      if (id === undefined) throw new Error(`no record of kind "${kind}": make one in makeFixtures (tests/setup/door-calls.ts)`);
      return id;
    },
    slug: (kind = own() as "service" | "news") => fixtures.slugs[kind],
    unique: uniqueWord,
    formToken: fixtures.formToken,
    image: () => new File([new Uint8Array(fixtures.png)], "photo.png", { type: "image/png" }),
    signIn: () => fixtures.signer,
    fixed,
  };
}

/** The entry's example with the test's records: the procedure's whole input (path fields included), or undefined. */
export function valuesOf(entry: Entry, fixtures: Fixtures): Values | undefined {
  return exampleOf(entry)?.(contextFor(fixtures, entry.door?.procedure, fixedOf(entry)));
}

/** A fresh 404 log entry's id (counted as the pages count a missing address, then read back). */
async function freshMiss(s: Session): Promise<number> {
  const path = `/missing-${uniqueWord()}`;
  s.t.deps.addressLog.notFound(path, undefined);
  const entries = (await (await send(s, "GET", "/api/admin/not-found-log")).json()) as Array<{ id: number; path: string }>;
  return entries.find((entry) => entry.path === path)!.id;
}

/** A staff redirect (from a fresh old address to /about). */
async function redirectOf(t: TestApp, cookie: string): Promise<number> {
  const res = await t.request("/api/admin/redirects", {
    method: "POST",
    json: { fromPath: `/gone-${uniqueWord()}`, toPath: "/about" },
    cookie,
  });
  if (res.status !== 201) throw new Error(`a redirect (fixture): ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** A 404 log entry: a missing page counted, read back from the log. */
async function notFoundEntryOf(t: TestApp, cookie: string): Promise<number> {
  const path = `/missing-${uniqueWord()}`;
  // As the pages count a missing address (the test app may have no pages).
  t.deps.addressLog.notFound(path, "https://example.com/a?b=c");
  const entries = (await (await t.request("/api/admin/not-found-log", { cookie })).json()) as Array<{ id: number; path: string }>;
  return entries.find((entry) => entry.path === path)!.id;
}

async function png(): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 90, b: 100 } } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

/**
 * The records the examples name: the first seeded record of each kind staff edit (saved once through
 * its PUT where versions are read, so versions 1 and 2 exist), the address of another (published) one,
 * an inquiry, a staff member, a passkey (of a staff member of its own), and a staff member to sign in
 * as. `cookie` is a super admin's.
 */
export async function makeFixtures(t: TestApp, cookie: string): Promise<Fixtures> {
  const first = async (path: string) => ((await (await t.request(path, { cookie })).json()) as Array<{ id: number }>)[0]!.id;
  const passkeyOwner = await t.cookieFor(await t.createAdmin());
  const signer = await t.createAdmin();
  const ids: Record<RecordKind, number> = {
    service: await first("/api/admin/services"),
    news: await first("/api/admin/news"),
    testimonial: await first("/api/admin/testimonials"),
    team: await first("/api/admin/team"),
    content: await first("/api/admin/content"),
    image: await first("/api/admin/images"),
    social: await first("/api/admin/social-media"),
    inquiry: (await t.addInquiry({ healthConditions: "Knee" })).id,
    user: (await t.createAdmin()).id,
    passkey: (await passkeyOf(t, passkeyOwner)).id,
    redirect: await redirectOf(t, cookie),
    notFound: await notFoundEntryOf(t, cookie),
  };
  const fixtures: Fixtures = {
    ids,
    slugs: { service: "", news: "" },
    signer: { username: signer.username, password: signer.password },
    png: await png(),
    formToken: () => t.formToken(),
  };
  // Versions are read of these records: one save gives them versions 1 (the state before) and 2.
  for (const route of ROUTES.filter((candidate) => candidate.method === "GET" && candidate.path.endsWith("/:id/versions"))) {
    const save = ROUTES.find((candidate) => candidate.method === "PUT" && candidate.path === route.path.replace(/\/versions$/, ""))!;
    const call = callOf(entriesOf(save)[0]!, valuesOf(entriesOf(save)[0]!, fixtures));
    const res = await t.request(call.url, { method: call.method, json: call.json, form: call.form, cookie });
    if (res.status !== 200) throw new Error(`${save.key} (fixture): ${res.status} ${await res.text()}`);
  }
  // Published records other than those the examples save (a save changes the slug).
  const published = async (path: string, id: number) =>
    ((await (await t.request(path)).json()) as Array<{ id: number; slug: string }>).find((record) => record.id !== id)!.slug;
  fixtures.slugs.service = await published("/api/services", ids.service);
  fixtures.slugs.news = await published("/api/news", ids.news);
  return fixtures;
}

// ---------------------------------------------------------------- a call

export interface DoorCall {
  method: string;
  url: string;
  json?: Values;
  form?: FormData;
}

/** A multipart form of the values (files stay files). */
export function toForm(values: Values): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value instanceof File ? value : String(value));
  return form;
}

/** The values the path carries (or the door fixes) left out: what goes in the query or the body. */
export function freeValues(entry: Entry, values: Values): Values {
  const taken = new Set([...pathFieldsOf(entry), ...Object.keys(fixedOf(entry))]);
  return Object.fromEntries(Object.entries(values).filter(([key]) => !taken.has(key)));
}

/** The route's path with the values' path fields in place (or, for a parameter named in `raw`, that text as it is). */
export function pathOf(entry: Entry, values: Values, raw: Readonly<Record<string, string>> = {}): string {
  return entry.route.path.replace(
    /:(\w+)/g,
    (_, name: string) => raw[name] ?? encodeURIComponent(String(values[entry.door?.door.pathInput?.[name] ?? name])),
  );
}

/** The request of an entry with these values: the path's fields in the path, the others in the query (reads) or the body. */
export function callOf(entry: Entry, values: Values = {}): DoorCall {
  const { route } = entry;
  const url = pathOf(entry, values);
  const rest = freeValues(entry, values);
  if (isRead(route)) {
    const query = new URLSearchParams(Object.entries(rest).map(([key, value]) => [key, String(value)]));
    return { method: route.method, url: query.size > 0 ? `${url}?${query}` : url };
  }
  if (!route.op.body) return { method: route.method, url };
  if (route.op.multipart === "only" || Object.values(rest).some((value) => value instanceof File))
    return { method: route.method, url, form: toForm(rest) };
  return { method: route.method, url, json: rest };
}

/**
 * The successes of an entry made from its example alone: the example's call and, for a read whose
 * input takes none of its query, the same without it (GET /api/news, GET /api/admin/contact).
 */
export function exampleCalls(entry: Entry, fixtures: Fixtures): DoorCall[] {
  const values = valuesOf(entry, fixtures) ?? {};
  const calls = [callOf(entry, values)];
  const input = inputOf(entry);
  const bare = Object.fromEntries(Object.entries(values).filter(([key]) => !(key in freeValues(entry, values))));
  const hasQuery = Object.keys(freeValues(entry, values)).length > 0;
  if (isRead(entry.route) && hasQuery && (!input || accepts(input, { ...bare, ...fixedOf(entry) }))) calls.push(callOf(entry, bare));
  return calls;
}

/**
 * What makes the record a DELETE route deletes, so its success deletes that and no fixture: the POST
 * on its collection (the created record's id or key, by the path parameter's name), else the PUT on the
 * same path (a translation). Undefined when neither succeeds with its example alone (a scenario then
 * says how).
 */
export function creatorOf(route: Route): { route: Route; param?: string } | undefined {
  if (route.method !== "DELETE") return undefined;
  const generic = (candidate: Route | undefined) => (candidate && !SCENARIOS[candidate.key]?.ok ? candidate : undefined);
  const match = route.path.match(/^(.*)\/:(\w+)$/);
  const post = generic(match ? ROUTES.find((candidate) => candidate.method === "POST" && candidate.path === match[1]) : undefined);
  if (post) return { route: post, param: match![2]! };
  const put = generic(ROUTES.find((candidate) => candidate.method === "PUT" && candidate.path === route.path));
  return put ? { route: put } : undefined;
}

// ---------------------------------------------------------------- scenarios

/** Who calls, in tests/openapi.test.ts. */
export interface Session {
  t: TestApp;
  /** The same app on a database that has been closed. */
  down: TestApp;
  fixtures: Fixtures;
  superAdmin: TestAdmin;
  /** The super admin, signed in with password and TOTP. */
  superCookie: string;
  /** A plain admin. */
  staffCookie: string;
  /** A front desk member. */
  deskCookie: string;
}

type Step = (s: Session) => Promise<Response>;

/**
 * What a route needs beyond its example: `ok`, successes that replace the example's (the example is
 * right in shape but succeeds only after a sequence); `alsoOk`, more successes besides it; `errors`,
 * the rules it answers with an error (the errors of shapes, ids and headers are derived for every route).
 */
export interface Scenario {
  ok?: Step[];
  alsoOk?: Step[];
  errors?: Array<[number, Step]>;
}

let ipCounter = 0;
/** An address no other call of this file used (throttling is per address). */
export const freshIp = () => `198.18.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

/** A JSON call, as the super admin unless another cookie is given (null: none). */
export const send = (
  s: Session,
  method: string,
  url: string,
  json?: unknown,
  cookie: string | null = s.superCookie,
  extra: { origin?: string; ip?: string } = {},
) => s.t.request(url, { method, json, cookie: cookie ?? undefined, ip: freshIp(), ...extra });

/** A signed-in throwaway staff member (for calls that change one's own account). */
async function throwaway(s: Session): Promise<{ admin: TestAdmin; cookie: string }> {
  const admin = await s.t.createAdmin();
  return { admin, cookie: await s.t.cookieFor(admin) };
}

/** A passkey added through the two REST steps by the account of `cookie`: its id, the answer, and the authenticator holding it. */
async function passkeyOf(t: TestApp, cookie: string) {
  const authenticator = softAuthenticator();
  const ask = (url: string, json: unknown) => t.request(url, { method: "POST", json, cookie });
  const { options } = await (await ask("/api/admin/account/passkeys/options", { name: "Laptop" })).json();
  const res = await ask("/api/admin/account/passkeys", { response: authenticator.register(options, { origin: ORIGIN }) });
  if (res.status !== 201) throw new Error(`passkey registration: ${res.status} ${await res.clone().text()}`);
  return { id: ((await res.clone().json()) as { id: number }).id, res, authenticator };
}

/** A new staff member with one passkey: their cookie and the authenticator holding it. */
async function throwawayWithPasskey(s: Session) {
  const { cookie } = await throwaway(s);
  return { cookie, authenticator: (await passkeyOf(s.t, cookie)).authenticator };
}

/** The example's JSON body of a route (made afresh: unique slugs and names). */
const bodyOf = (s: Session, key: string): Values => {
  const entry = entriesOf(ROUTES.find((route) => route.key === key)!)[0]!;
  return freeValues(entry, valuesOf(entry, s.fixtures)!);
};

const UNKNOWN_ID = 2147483647;

/** The translation routes of one kind: the rules their errors come from (a new kind gets them too). */
const translationScenarios = (kind: string): Record<string, Scenario> => {
  const at = (s: Session, language: string) => `/api/admin/translations/${kind}/${s.fixtures.ids[kind as RecordKind]}/${language}`;
  return {
    // A field the kind does not translate.
    [`PUT /api/admin/translations/${kind}/{id}/{language}`]: {
      errors: [[400, (s) => send(s, "PUT", at(s, "es"), { fields: { slug: "not-translated" } })]],
    },
    // No translation in that language.
    [`DELETE /api/admin/translations/${kind}/{id}/{language}`]: {
      errors: [
        [
          404,
          async (s) => {
            await send(s, "DELETE", at(s, "zh"));
            return send(s, "DELETE", at(s, "zh"));
          },
        ],
      ],
    },
  };
};

/** A list's new order (issue 36): every id of it, read first, turned around; an id left out is the 400. */
const orderScenarios = (list: string): Record<string, Scenario> => {
  const current = async (s: Session) =>
    ((await (await send(s, "GET", `/api/admin/${list}`)).json()) as Array<{ id: number }>).map((row) => row.id);
  return {
    [`PUT /api/admin/${list}/order`]: {
      ok: [async (s) => send(s, "PUT", `/api/admin/${list}/order`, { ids: (await current(s)).reverse() })],
      errors: [[400, async (s) => send(s, "PUT", `/api/admin/${list}/order`, { ids: (await current(s)).slice(1) })]],
    },
  };
};

export const SCENARIOS: Record<string, Scenario> = {
  ...Object.fromEntries(TRANSLATABLE_KINDS.flatMap((kind) => Object.entries(translationScenarios(kind)))),
  // Removing the logo or the favicon: the one the scenario uploads first.
  ...Object.fromEntries(
    (["logo", "favicon"] as const).map((part) => [
      `DELETE /api/admin/brand/${part}`,
      {
        ok: [
          async (s: Session) => {
            const form = new FormData();
            form.set(part, new File([new Uint8Array(s.fixtures.png)], `${part}.png`, { type: "image/png" }));
            await s.t.request(`/api/admin/brand/${part}`, { method: "PUT", form, cookie: s.superCookie, ip: freshIp() });
            return send(s, "DELETE", `/api/admin/brand/${part}`);
          },
        ],
      } satisfies Scenario,
    ]),
  ),
  // A 404 log entry is used once (its redirect or its dismissal takes it away): each call counts a miss of its own.
  "POST /api/admin/not-found-log/{id}/redirect": {
    ok: [async (s) => send(s, "POST", `/api/admin/not-found-log/${await freshMiss(s)}/redirect`, { toPath: "/news" })],
  },
  "DELETE /api/admin/not-found-log/{id}": { ok: [async (s) => send(s, "DELETE", `/api/admin/not-found-log/${await freshMiss(s)}`)] },
  ...orderScenarios("services"),
  ...orderScenarios("team"),
  ...orderScenarios("testimonials"),
  ...BOOKING_SCENARIOS,
  ...BOOKING_PORTAL_SCENARIOS,

  // ---- public
  // Not ready, asked without a session: the readiness body (with a session cookie it is the Error body, the generic 503).
  "GET /api/health": {
    alsoOk: [(s) => send(s, "GET", "/api/health?probe=live")],
    errors: [[503, (s) => s.down.request("/api/health")]],
  },
  "GET /api/news": { alsoOk: [(s) => send(s, "GET", "/api/news?page=2&pageSize=1")] },
  "POST /api/contact": {
    errors: [
      [
        429,
        async (s) => {
          const ip = freshIp();
          await send(s, "POST", "/api/contact", bodyOf(s, "POST /api/contact"), null, { ip });
          return send(s, "POST", "/api/contact", bodyOf(s, "POST /api/contact"), null, { ip });
        },
      ],
    ],
  },

  // ---- sign-in and account
  "POST /api/admin/login": {
    errors: [
      [401, (s) => send(s, "POST", "/api/admin/login", { username: s.superAdmin.username, password: "wrong-password" }, null)],
      [422, (s) => send(s, "POST", "/api/admin/login", { username: s.superAdmin.username, password: s.superAdmin.password }, null)],
      [
        429,
        async (s) => {
          const username = `nobody${uniqueWord()}`;
          for (let i = 0; i < 5; i++) await send(s, "POST", "/api/admin/login", { username, password: "wrong-password" }, null);
          return send(s, "POST", "/api/admin/login", { username, password: "wrong-password" }, null);
        },
      ],
    ],
  },
  "POST /api/admin/logout": { ok: [async (s) => send(s, "POST", "/api/admin/logout", undefined, (await throwaway(s)).cookie)] },
  "POST /admin/api/logout": { ok: [async (s) => send(s, "POST", "/admin/api/logout", undefined, (await throwaway(s)).cookie)] },
  "POST /api/admin/account/password": {
    ok: [
      async (s) => {
        const { admin, cookie } = await throwaway(s);
        return send(
          s,
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
        async (s) =>
          send(
            s,
            "POST",
            "/api/admin/account/password",
            { currentPassword: "not-the-password", newPassword: "a-new-long-passphrase" },
            (await throwaway(s)).cookie,
          ),
      ],
    ],
  },
  "POST /api/admin/2fa/setup": {
    ok: [async (s) => send(s, "POST", "/api/admin/2fa/setup", undefined, (await throwaway(s)).cookie)],
    // Enabled already.
    errors: [[409, (s) => send(s, "POST", "/api/admin/2fa/setup")]],
  },
  "POST /api/admin/2fa/enable": {
    ok: [
      async (s) => {
        const { cookie } = await throwaway(s);
        const { secret } = (await (await send(s, "POST", "/api/admin/2fa/setup", undefined, cookie)).json()) as { secret: string };
        return send(s, "POST", "/api/admin/2fa/enable", { code: totpCodeAt(decodeBase32IgnorePadding(secret)) }, cookie);
      },
    ],
    errors: [[409, (s) => send(s, "POST", "/api/admin/2fa/enable", { code: "123456" })]],
  },
  "POST /api/admin/2fa/disable": {
    ok: [
      async (s) => {
        const { admin, cookie } = await throwaway(s);
        await s.t.enrolTwoFactor(cookie);
        return send(s, "POST", "/api/admin/2fa/disable", { password: admin.password }, cookie);
      },
    ],
    errors: [[400, async (s) => send(s, "POST", "/api/admin/2fa/disable", { password: "not-the-password" }, (await throwaway(s)).cookie)]],
  },
  "POST /api/admin/confirm": {
    ok: [
      async (s) => {
        const { admin, cookie } = await throwaway(s);
        return send(s, "POST", "/api/admin/confirm", { password: admin.password }, cookie);
      },
    ],
    errors: [[400, async (s) => send(s, "POST", "/api/admin/confirm", { password: "not-the-password" }, (await throwaway(s)).cookie)]],
  },
  "POST /api/admin/account/sessions/end": {
    ok: [
      async (s) => {
        const { admin, cookie } = await throwaway(s);
        await s.t.cookieFor(admin);
        const sessions = (await (await send(s, "GET", "/api/admin/account/sessions", undefined, cookie)).json()) as Array<{
          handle: string;
          current: boolean;
        }>;
        return send(s, "POST", "/api/admin/account/sessions/end", { handle: sessions.find((session) => !session.current)!.handle }, cookie);
      },
    ],
    errors: [[404, (s) => send(s, "POST", "/api/admin/account/sessions/end", { handle: "0".repeat(24) })]],
  },
  "POST /api/admin/account/sessions/end-others": {
    ok: [async (s) => send(s, "POST", "/api/admin/account/sessions/end-others", undefined, (await throwaway(s)).cookie)],
  },
  // Without mail in this app the e-mail is saved at once: the pending change is put in place here (the mail is in email-confirm.test.ts).
  "POST /api/admin/account/confirm-email": {
    ok: [
      async (s) => {
        const { admin, cookie } = await throwaway(s);
        await s.t.deps.db
          .update(adminUsers)
          .set({
            pendingEmail: "new@example.com",
            pendingEmailTokenHash: hashToken("a-mailed-token"),
            pendingEmailExpiresAt: new Date(Date.now() + 60 * 60_000),
          })
          .where(eq(adminUsers.id, admin.id));
        return send(s, "POST", "/api/admin/account/confirm-email", { token: "a-mailed-token" }, cookie);
      },
    ],
    errors: [[400, (s) => send(s, "POST", "/api/admin/account/confirm-email", { token: "not-a-mailed-token" }, s.staffCookie)]],
  },

  // ---- passkeys (answered by a software authenticator)
  "POST /api/admin/account/passkeys": {
    ok: [async (s) => (await passkeyOf(s.t, (await throwaway(s)).cookie)).res],
    // No challenge waiting for this session.
    errors: [[400, (s) => send(s, "POST", "/api/admin/account/passkeys", bodyOf(s, "POST /api/admin/account/passkeys"))]],
  },
  "PUT /api/admin/account/passkeys/{id}": {
    ok: [
      async (s) => {
        const { cookie } = await throwaway(s);
        return send(s, "PUT", `/api/admin/account/passkeys/${(await passkeyOf(s.t, cookie)).id}`, { name: "Desk" }, cookie);
      },
    ],
  },
  "DELETE /api/admin/account/passkeys/{id}": {
    ok: [
      async (s) => {
        const { cookie } = await throwaway(s);
        return send(s, "DELETE", `/api/admin/account/passkeys/${(await passkeyOf(s.t, cookie)).id}`, undefined, cookie);
      },
    ],
  },
  "POST /api/admin/login/passkey": {
    ok: [
      async (s) => {
        const { authenticator } = await passkeyOf(s.t, (await throwaway(s)).cookie);
        const ip = freshIp();
        const { attemptId, options } = await (await send(s, "POST", "/api/admin/login/passkey/options", undefined, null, { ip })).json();
        return send(
          s,
          "POST",
          "/api/admin/login/passkey",
          { attemptId, response: authenticator.assert(options, { origin: ORIGIN }) },
          null,
          {
            ip,
          },
        );
      },
    ],
    errors: [
      [
        401,
        async (s) => {
          const { authenticator } = await passkeyOf(s.t, (await throwaway(s)).cookie);
          const response = authenticator.assert({ challenge: "x", rpId: "clinic.test" }, { origin: ORIGIN });
          return send(s, "POST", "/api/admin/login/passkey", { attemptId: "a".repeat(52), response }, null);
        },
      ],
    ],
  },
  "POST /api/admin/confirm/passkey/options": {
    ok: [async (s) => send(s, "POST", "/api/admin/confirm/passkey/options", undefined, (await throwawayWithPasskey(s)).cookie)],
    // An account without a passkey.
    errors: [[400, async (s) => send(s, "POST", "/api/admin/confirm/passkey/options", undefined, (await throwaway(s)).cookie)]],
  },
  "POST /api/admin/confirm/passkey": {
    ok: [
      async (s) => {
        const { cookie, authenticator } = await throwawayWithPasskey(s);
        const { options } = await (await send(s, "POST", "/api/admin/confirm/passkey/options", undefined, cookie)).json();
        return send(s, "POST", "/api/admin/confirm/passkey", { response: authenticator.assert(options, { origin: ORIGIN }) }, cookie);
      },
    ],
    // No challenge waiting for this session.
    errors: [
      [
        400,
        async (s) =>
          send(
            s,
            "POST",
            "/api/admin/confirm/passkey",
            bodyOf(s, "POST /api/admin/confirm/passkey"),
            (await throwawayWithPasskey(s)).cookie,
          ),
      ],
    ],
  },

  // ---- dashboard, backup, live counts
  "GET /api/admin/dashboard": { alsoOk: [(s) => send(s, "GET", "/api/admin/dashboard")] },
  // A stream that stays open: its first event is the answer checked (the stream is then closed).
  "GET /api/admin/events": {
    ok: [
      async (s) => {
        const res = await send(s, "GET", "/api/admin/events", undefined, s.staffCookie);
        const reader = res.body!.getReader();
        const first = await reader.read();
        await reader.cancel();
        return new Response(first.value, { status: res.status, headers: res.headers });
      },
    ],
  },
  "POST /api/admin/backup": {
    ok: [
      async (s) => {
        const admin = await s.t.createAdmin({ role: "super_admin" });
        return send(
          s,
          "POST",
          "/api/admin/backup",
          { ...bodyOf(s, "POST /api/admin/backup"), password: admin.password },
          await s.t.cookieFor(admin),
        );
      },
    ],
    errors: [
      [
        400,
        (s) =>
          send(s, "POST", "/api/admin/backup", { ...bodyOf(s, "POST /api/admin/backup"), password: "not-the-password", code: "123456" }),
      ],
    ],
  },

  // ---- records: a slug (or a content item's place) taken already
  "POST /api/admin/services": {
    errors: [
      [409, (s) => send(s, "POST", "/api/admin/services", { ...bodyOf(s, "POST /api/admin/services"), slug: s.fixtures.slugs.service })],
    ],
  },
  "POST /api/admin/news": {
    errors: [[409, (s) => send(s, "POST", "/api/admin/news", { ...bodyOf(s, "POST /api/admin/news"), slug: s.fixtures.slugs.news })]],
  },
  "POST /api/admin/content": {
    errors: [
      [
        409,
        async (s) => {
          const body = bodyOf(s, "POST /api/admin/content");
          await send(s, "POST", "/api/admin/content", body);
          return send(s, "POST", "/api/admin/content", body);
        },
      ],
    ],
  },
  // Not an image (SVG is refused).
  "POST /api/admin/testimonials/upload-image": {
    errors: [
      [
        415,
        (s) => {
          const form = new FormData();
          form.set("image", new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.svg", { type: "image/svg+xml" }));
          return s.t.request("/api/admin/testimonials/upload-image", { method: "POST", form, cookie: s.superCookie });
        },
      ],
    ],
  },

  // ---- inquiries
  // A front desk member may not read health details by giving a reason.
  "GET /api/admin/contact/{id}": {
    errors: [[403, (s) => send(s, "GET", `/api/admin/contact/${s.fixtures.ids.inquiry}?reason=reply`, undefined, s.deskCookie)]],
  },
  "POST /api/admin/contact/emergency-access": {
    // A front desk member of its own (the access lasts: the shared one must stay without it).
    ok: [
      async (s) =>
        send(
          s,
          "POST",
          "/api/admin/contact/emergency-access",
          bodyOf(s, "POST /api/admin/contact/emergency-access"),
          await s.t.cookieFor(await s.t.createAdmin({ role: "front_desk" })),
        ),
    ],
    // An owner's role opens health details already.
    errors: [[400, (s) => send(s, "POST", "/api/admin/contact/emergency-access", bodyOf(s, "POST /api/admin/contact/emergency-access"))]],
  },
  "DELETE /api/admin/contact/{id}": { ok: [async (s) => send(s, "DELETE", `/api/admin/contact/${(await s.t.addInquiry()).id}`)] },

  // ---- settings and mail
  "POST /api/admin/settings/test-mail": { alsoOk: [(s) => send(s, "POST", "/api/admin/settings/test-mail", {})] },
  "PUT /api/admin/settings/mail-recipients": {
    errors: [[404, (s) => send(s, "PUT", "/api/admin/settings/mail-recipients", { adminId: UNKNOWN_ID, newInquiries: true })]],
  },

  // ---- users and roles
  "POST /api/admin/users": {
    errors: [[409, (s) => send(s, "POST", "/api/admin/users", { ...bodyOf(s, "POST /api/admin/users"), username: s.superAdmin.username })]],
  },
  // Not one's own account.
  "PUT /api/admin/users/{id}": { errors: [[400, (s) => send(s, "PUT", `/api/admin/users/${s.superAdmin.id}`, { isActive: false })]] },
  "DELETE /api/admin/users/{id}": { errors: [[400, (s) => send(s, "DELETE", `/api/admin/users/${s.superAdmin.id}`)]] },
  "POST /api/admin/roles": {
    errors: [
      // A name another custom role has (a built-in role's words are refused as input: 400).
      [
        409,
        async (s) => {
          const name = `Billing ${Date.now().toString(36)}`;
          await send(s, "POST", "/api/admin/roles", { name, permissions: [] });
          return send(s, "POST", "/api/admin/roles", { name: name.toUpperCase(), permissions: [] });
        },
      ],
      [400, (s) => send(s, "POST", "/api/admin/roles", { name: "marketing", permissions: [] })],
    ],
  },
  "PUT /api/admin/roles/{key}": {
    errors: [
      // A built-in role's permissions are fixed.
      [400, (s) => send(s, "PUT", "/api/admin/roles/front_desk", { permissions: ["inquiries.view"] })],
      [404, (s) => send(s, "PUT", "/api/admin/roles/custom_nothing", { assignedOnly: false })],
    ],
  },
  "DELETE /api/admin/roles/{key}": {
    errors: [
      [400, (s) => send(s, "DELETE", "/api/admin/roles/admin")],
      [404, (s) => send(s, "DELETE", "/api/admin/roles/custom_nothing")],
    ],
  },
};

/** Scenarios named after a route that does not exist (renamed or removed): they would never run. */
export const staleScenarios = (routes: readonly Route[]) =>
  Object.keys(SCENARIOS).filter((key) => !routes.some((route) => route.key === key));
