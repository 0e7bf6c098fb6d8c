import type { Context as HonoContext, Hono } from "hono";
import { TRPCError, type AnyTRPCRouter } from "@trpc/server";
import type { z } from "zod";
import { parsePathId } from "../../shared/schemas/fields";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { errors, HTTP_MESSAGES } from "../errors";
import { answerCached } from "../http/fast-lane";
import { createCaller } from "../routers";
import type { Access, ProcedureMeta, RestDoor, RestOperation } from "./operations";

/**
 * The one binder of the REST mirror: it walks the tRPC router and registers every door a procedure
 * declares in its metadata (`.meta({ rest })`), so a route is written once, on its procedure. A door's
 * handler only turns the request into the procedure's input (path and query parameters as the input
 * schema types them, the body as JSON or multipart), calls the procedure through the caller (every
 * rule, permission and check is the procedure's), and writes the result as the door says (JSON,
 * cached JSON, a page, a stream, a download). The same walk describes each door for the OpenAPI document.
 */

/** Public JSON: short browser cache, ETag revalidation; the server keeps the serialized body until staff change something. */
export const PUBLIC_JSON_CACHE_CONTROL = "public, max-age=30, must-revalidate";

/** A procedure's door, with what the procedure itself says: who may call it, its input and output schemas. */
export interface BoundDoor {
  /** The procedure's path in the router: "services.update". */
  procedure: string;
  door: RestDoor;
  access: Access;
  input: z.ZodType | undefined;
  output: z.ZodType;
}

type ProcedureDef = { meta?: ProcedureMeta; inputs: unknown[]; output?: unknown };

/**
 * Every door of every procedure of `router`. A door on a procedure without an output schema or without
 * `access` (a procedure not built on src/server/trpc.ts's base procedures) is a programming error: it
 * throws here, at start, and in tests/rest-doors.test.ts.
 */
export function doorsOf(router: AnyTRPCRouter): BoundDoor[] {
  const bound: BoundDoor[] = [];
  for (const [name, procedure] of Object.entries(router._def.procedures as Record<string, { _def: ProcedureDef }>)) {
    const { meta, inputs, output } = procedure._def;
    if (!meta?.rest) continue;
    for (const door of [meta.rest].flat()) {
      const where = `${door.method.toUpperCase()} ${door.path} (${name})`;
      if (!output) throw new Error(`REST door ${where} has no output schema: add .output() to the procedure`);
      const access = meta.accessByInput ? meta.accessByInput.permissions[door.fixedInput?.[meta.accessByInput.field] ?? ""] : meta.access;
      if (!access) throw new Error(`REST door ${where} has no permission: build the procedure on a base procedure of src/server/trpc.ts`);
      if (inputs.length > 1) throw new Error(`REST door ${where}: one .input() per procedure`);
      bound.push({ procedure: name, door, access, input: inputs[0] as z.ZodType | undefined, output: output as z.ZodType });
    }
  }
  return bound;
}

/** Registers every door below `app` (mounted at `base`), static paths before parameters; answers their descriptions. */
export function bindDoors(app: Hono, base: string, deps: AppDeps, doors: BoundDoor[]): RestOperation[] {
  const groups = new Map<string, BoundDoor[]>();
  for (const bound of doors) {
    const key = `${bound.door.method} ${bound.door.path}`;
    groups.set(key, [...(groups.get(key) ?? []), bound]);
  }
  const operations: RestOperation[] = [];
  for (const group of [...groups.values()].sort((a, b) => comparePaths(a[0]!.door.path, b[0]!.door.path))) {
    const described = group.filter((bound) => !bound.door.onlyWithQuery);
    if (described.length !== 1)
      throw new Error(
        `REST route ${group[0]!.door.method} ${group[0]!.door.path}: exactly one door must answer requests without query parameters`,
      );
    const main = described[0]!;
    const others = group.filter((bound) => bound !== main);
    app.on(main.door.method.toUpperCase(), main.door.path, async (c) => {
      // A twin answers when the request names a query parameter only the twin reads (?lang= is both's).
      const mainKeys = new Set(queryKeysOf(main));
      const chosen =
        others.find((bound) => queryKeysOf(bound).some((name) => !mainKeys.has(name) && c.req.query(name) !== undefined)) ?? main;
      return answer(c, deps, chosen);
    });
    operations.push(describe(base, main, others));
  }
  return operations;
}

// ---- a request in, an answer out

async function answer(c: HonoContext, deps: AppDeps, bound: BoundDoor): Promise<Response> {
  const { door } = bound;
  const call = async () => {
    const ctx = await createRequestContext(deps, c);
    // No session, no further: a protected door answers 401 before it reads or judges its path, query or
    // body (docs/rest-api.md, "401 before 404"); which staff member may do what stays the procedure's.
    if (bound.access !== "public" && !ctx.auth) throw errors.unauthorized();
    const caller = createCaller(ctx);
    const procedure = bound.procedure.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
      input: unknown,
    ) => Promise<unknown>;
    const input = await readInput(c, bound);
    if (!(input instanceof UnknownRecord)) return procedure(input);
    // A path's record id that is no id: the procedure still checks who calls first (401, 403), and its
    // input schema then refuses the id, which is an unknown record (404), never a 400.
    try {
      return await procedure(input.fields);
    } catch (error) {
      if (error instanceof TRPCError && error.code === "BAD_REQUEST") throw errors.notFound(HTTP_MESSAGES.notFound);
      throw error;
    }
  };
  const status = door.answer.status ?? 200;
  switch (door.reply) {
    case undefined:
    case "json":
      if (door.cached) return cachedBody(c, deps, bound, async () => ({ body: JSON.stringify(await call()) }));
      return c.json(await call(), status, door.noStore ? { "Cache-Control": "no-store" } : {});
    case "page": {
      const pageOf = async () => {
        const page = (await call()) as Page;
        return { body: JSON.stringify(page.items), headers: pageHeaders(deps.config.publicOrigin, new URL(c.req.url), page) };
      };
      if (door.cached) return cachedBody(c, deps, bound, pageOf);
      const { body, headers } = await pageOf();
      return new Response(body, { status, headers: { "Content-Type": "application/json; charset=UTF-8", ...headers } });
    }
    case "jsonArrayStream":
      return streamed(jsonArrayChunks((await call()) as AsyncIterable<unknown[]>), "application/json; charset=UTF-8");
    case "download": {
      const { filename, contentType, chunks } = (await call()) as Download;
      return streamed(await started(chunks), contentType ?? door.answer.media ?? "application/octet-stream", {
        "Content-Disposition": `attachment; filename="${filename}"`,
      });
    }
  }
}

interface Page {
  items: unknown[];
  total: number;
  page: number;
  pageSize: number;
}
interface Download {
  filename: string;
  contentType?: string;
  chunks: AsyncIterable<string | Uint8Array>;
}

/**
 * A public read answered from the serialized-body cache. The key is the path and only the query
 * parameters the procedure reads, so made-up parameters (`?x=1`, `?x=2`...) share one entry.
 */
async function cachedBody(
  c: HonoContext,
  deps: AppDeps,
  bound: BoundDoor,
  read: () => Promise<{ body: string; headers?: Record<string, string> }>,
) {
  const query = new URLSearchParams();
  for (const name of queryKeysOf(bound)) {
    const value = c.req.query(name);
    if (value !== undefined) query.set(name, value);
  }
  const key = `json:${c.req.path}${query.size ? `?${query}` : ""}`;
  const entry = await deps.publicCache.getOrCreate(key, async () => ({
    ...(await read()),
    contentType: "application/json; charset=UTF-8",
  }));
  return answerCached(c, deps, entry, PUBLIC_JSON_CACHE_CONTROL, { cache: deps.publicCache, key });
}

/**
 * A request whose path names a record id that is no id (`abc`, `0x4`): the procedure's input with NaN
 * in its place (no schema takes it), neither query nor body read. The procedure's own checks of who
 * calls run first, so a protected route answers 401 or 403 before anything of the path is judged
 * (docs/rest-api.md, "401 before 404").
 */
class UnknownRecord {
  constructor(readonly fields: Record<string, unknown>) {}
}

/**
 * The procedure's input from the request: the path's parameters (a record id not a plain positive
 * decimal is an unknown record, 404, once the caller passed the procedure's access checks: UnknownRecord),
 * the door's fixed fields, then the query string (reads) or the body (writes). It is typed loosely on
 * purpose: the procedure's schema validates it, and its errors are the ones the caller sees.
 */
async function readInput(c: HonoContext, bound: BoundDoor): Promise<unknown> {
  const { door, input } = bound;
  if (!input) return undefined;
  const shape = objectShape(input);
  const fields: Record<string, unknown> = { ...door.fixedInput };
  let unknownRecord = false;
  for (const name of pathParams(door.path)) {
    const field = door.pathInput?.[name] ?? name;
    const value = c.req.param(name);
    if (shape[field] && acceptsNumber(shape[field])) {
      const id = parsePathId(value);
      if (id === null) unknownRecord = true;
      fields[field] = id ?? Number.NaN;
    } else fields[field] = value ?? "";
  }
  if (unknownRecord) return new UnknownRecord(fields);
  if (door.method === "get" || door.method === "delete") {
    for (const name of queryKeysOf(bound)) {
      const value = c.req.query(name);
      if (value === undefined || value === "") continue;
      fields[name] = acceptsNumber(shape[name]!) && /^-?(?:0|[1-9][0-9]{0,15})$/.test(value) ? Number(value) : value;
    }
    return fields;
  }
  if (bodyKeysOf(bound).length === 0) return fields;
  if (door.multipart) return readForm(c, fields);
  return { ...(await readJson(c)), ...fields };
}

/** The fields of an object schema, through optional, default, pipe and the like (`jsonOrForm`'s preprocessing). */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const def = schema?._zod.def as
    | { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType }
    | undefined;
  if (!def) return {};
  if (def.type === "object") return def.shape ?? {};
  if (def.innerType) return objectShape(def.innerType);
  if (def.type === "pipe") {
    const inner = objectShape(def.in);
    return Object.keys(inner).length > 0 ? inner : objectShape(def.out);
  }
  return {};
}

/** Whether a field's schema takes a number (then a plain decimal in a path or query string is sent as one). */
function acceptsNumber(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType };
  if (def.type === "number" || def.type === "int") return true;
  if (def.options) return def.options.some(acceptsNumber);
  if (def.innerType) return acceptsNumber(def.innerType);
  if (def.type === "pipe" && def.in) return acceptsNumber(def.in);
  return false;
}

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map(([, name]) => name!);

/** Input fields neither the path nor the door sets. */
function freeKeys(bound: BoundDoor): string[] {
  const taken = new Set([
    ...pathParams(bound.door.path).map((name) => bound.door.pathInput?.[name] ?? name),
    ...Object.keys(bound.door.fixedInput ?? {}),
  ]);
  return Object.keys(objectShape(bound.input)).filter((name) => !taken.has(name));
}
/** The query parameters a door reads (reads and deletes), and the body fields it reads (writes). */
export const queryKeysOf = (bound: BoundDoor) => (bound.door.method === "get" || bound.door.method === "delete" ? freeKeys(bound) : []);
export const bodyKeysOf = (bound: BoundDoor) => (bound.door.method === "get" || bound.door.method === "delete" ? [] : freeKeys(bound));

/** JSON bodies: application/json only (415 otherwise); malformed JSON is a 400. */
export async function readJson(c: HonoContext): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw errors.unsupportedMediaType("Send the body as application/json");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw errors.badRequest("Malformed JSON body");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw errors.badRequest("The body must be a JSON object");
  return body as Record<string, unknown>;
}

/** Multipart (as the spec's admin forms send) or JSON, with the path's fields set. */
async function readForm(c: HonoContext, fields: Record<string, unknown>): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw errors.badRequest("Malformed multipart body");
    }
    for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
    return form;
  }
  if (/^application\/json\b/i.test(type)) return { ...(await readJson(c)), ...fields };
  throw errors.unsupportedMediaType("Send the body as multipart/form-data or application/json");
}

/** The total in X-Total-Count, and RFC 8288 links to the next and previous pages (the same query, another page number). */
function pageHeaders(origin: string, url: URL, { page, pageSize, total }: Page): Record<string, string> {
  const link = (target: number, rel: string) => {
    const next = new URL(url.pathname + url.search, origin);
    next.searchParams.set("page", String(target));
    next.searchParams.set("pageSize", String(pageSize));
    return `<${next.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page * pageSize < total) links.push(link(page + 1, "next"));
  if (page > 1) links.push(link(Math.min(page - 1, Math.max(1, Math.ceil(total / pageSize))), "prev"));
  return { "X-Total-Count": String(total), ...(links.length > 0 ? { Link: links.join(", ") } : {}) };
}

/** A JSON array written batch by batch. */
async function* jsonArrayChunks(batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? "" : ",") + batch.map((row) => JSON.stringify(row)).join(",");
    first = false;
  }
  yield "]";
}

/**
 * The same chunks, after the first has been made: a source that fails at once (before any byte) throws
 * here, so the caller still answers a JSON error instead of a cut-off 200.
 */
async function started<T>(chunks: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = chunks[Symbol.asyncIterator]();
  let first: IteratorResult<T> | null = await iterator.next();
  const rest: AsyncIterator<T> = {
    next: () => {
      const value = first;
      first = null;
      return value ? Promise.resolve(value) : iterator.next();
    },
    return: async (value?: unknown) => (await iterator.return?.(value)) ?? { done: true, value: undefined },
  };
  return { [Symbol.asyncIterator]: () => rest };
}

/**
 * A response whose body is written as the chunks come (a stream, not a buffer). A client that goes
 * away stops the source, whose cleanup (the export's log line) still runs.
 */
function streamed(chunks: AsyncIterable<string | Uint8Array>, contentType: string, headers: Record<string, string> = {}): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": contentType, ...headers } });
}

// ---- the description

/** Static segments before parameters (Hono answers with the first route registered that matches). */
function comparePaths(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i]!, right[i]!];
    if (x === y) continue;
    if (x.startsWith(":") !== y.startsWith(":")) return x.startsWith(":") ? 1 : -1;
    return x.localeCompare(y);
  }
  return left.length - right.length;
}

/** What the OpenAPI document says of a route: the described door, with the query of its query-only twin. */
function describe(base: string, main: BoundDoor, others: BoundDoor[]): RestOperation {
  const { door } = main;
  const withQuery = [main, ...others].find((bound) => queryKeysOf(bound).length > 0);
  const body = bodyKeysOf(main).length > 0 ? (door.body ?? main.input) : undefined;
  return {
    method: door.method,
    path: base + door.path,
    tag: door.tag,
    summary: door.summary,
    ...(door.description ? { description: door.description } : {}),
    access: main.access,
    ...(withQuery ? { query: withQuery.input } : {}),
    ...(body ? { body } : {}),
    ...(door.multipart ? { multipart: door.multipart } : {}),
    answer: {
      status: door.answer.status ?? 200,
      description: door.answer.description,
      ...(door.answer.media ? { media: door.answer.media } : { schema: door.answer.schema ?? main.output }),
      ...(door.answer.headers ? { headers: door.answer.headers } : {}),
    },
    ...(door.errors ? { errors: door.errors } : {}),
    ...(door.cached ? { cached: true } : {}),
  };
}
