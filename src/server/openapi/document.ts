import { PERMISSION_LABELS } from "../../shared/permissions";
import { z } from "zod";
import { HTTP_MESSAGES } from "../errors";
import { sessionCookieName } from "../auth/sessions";
import { errorAnswer } from "../../shared/schemas/answers";
import { OPERATION_TAGS, type Access, type ErrorStatus, type ResponseHeader, type RestOperation } from "../rest/operations";

/**
 * The OpenAPI 3.1 description of the REST mirror (GET /api/openapi.json), built from the routes' own
 * descriptions (src/server/rest/operations.ts, made by src/server/rest/bind.ts from each procedure's
 * door): their input schemas are the procedures' zod schemas from src/shared, their answers the
 * procedures' output schemas (each domain's answers in src/shared/schemas/, built of answers.ts), both turned into JSON Schema by
 * z.toJSONSchema. Built once per app, when first asked for.
 */

export type JsonSchema = Record<string, unknown>;
type Ref = { $ref: string };

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, Ref>;
  content?: Record<string, { schema: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /** Who may call it: public, staff (any signed-in staff member) or the permission the caller's role must hold. */
  "x-access": Access;
  security: Array<Record<string, string[]>>;
  parameters?: Array<OpenApiParameter | Ref>;
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse | Ref>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    parameters: Record<string, OpenApiParameter>;
    securitySchemes: Record<string, { type: "apiKey"; in: "cookie"; name: string; description: string }>;
  };
}

/** The version of this description (bump it when a route's contract changes). */
const DOCUMENT_VERSION = "1.0.0";
const SECURITY_SCHEME = "session";
const STATE_CHANGING = new Set(["post", "put", "patch", "delete"]);

/** One shared answer per error status: the REST contract (docs/rest-api.md), as src/server/http/app.ts answers it. */
const ERROR_RESPONSES: Record<
  ErrorStatus,
  { name: string; description: string; schema?: JsonSchema; headers?: ResponseHeader[] | "Retry-After" }
> = {
  400: {
    name: "BadRequest",
    description:
      "Invalid input: `message` is the first failing field's message and `fieldErrors` lists each field's messages. " +
      "Also malformed JSON or multipart, and a rule the request breaks (e.g. deleting one's own account).",
  },
  401: { name: "Unauthorized", description: "Not signed in (no session cookie, or the session ended), or wrong credentials at sign-in." },
  403: {
    name: "Forbidden",
    description:
      `Not allowed: the route needs a super admin; or the account must first choose a new password (\`requiresPasswordChange\`) ` +
      `or set up the second factor its role requires (\`requiresSecondFactor\`), and only those steps, the ` +
      `session check and sign-out answer meanwhile; or a sensitive act came without a fresh check in the last ` +
      `5 minutes (\`requiresFreshCheck\`: POST /api/admin/confirm, then again); or a request that changes something ` +
      `came without \`Origin\` equal to the site's address ("${HTTP_MESSAGES.crossSite}").`,
  },
  404: { name: "NotFound", description: "Unknown record, or a record id that is not a plain positive decimal." },
  409: {
    name: "Conflict",
    description:
      "A duplicate (URL slug, username, content or image key): `fieldErrors` names the field. Also: two-factor " +
      "authentication already enabled.",
  },
  413: { name: "PayloadTooLarge", description: "The body is over its limit: 1 MB for JSON, 10 MB for an image (multipart)." },
  415: {
    name: "UnsupportedMediaType",
    description:
      "Wrong Content-Type (JSON routes take `application/json` only), or an uploaded file that is not an image (SVG is refused).",
  },
  422: {
    name: "TwoFactorRequired",
    description:
      "The password is right and the account has a second factor (`secondFactors`): send it again with `twoFactorToken` " +
      "(or `backupCode`), or, for a passkey, with `passkey: { attemptId, response }` answering `passkeyStep`.",
    schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { type: "object", required: ["requiresTwoFactor"] }] },
  },
  429: {
    name: "TooManyRequests",
    description: "Throttled (failed sign-ins, inquiries from one network): `Retry-After` says in how many seconds to try again.",
    headers: "Retry-After",
  },
  503: {
    name: "ServiceUnavailable",
    description:
      "The database does not answer (a restart or an outage): `Retry-After` says in how many seconds to try " +
      "again; the server reconnects by itself.",
    headers: "Retry-After",
  },
};

const HEADERS: Record<ResponseHeader | "Retry-After" | "ETag" | "Cache-Control", { description: string; schema: JsonSchema }> = {
  "X-Total-Count": { description: "How many records match, over all pages.", schema: { type: "integer", minimum: 0 } },
  Link: {
    description: 'RFC 8288 links to the neighbouring pages: `<url>; rel="next"`, `<url>; rel="prev"` (absent when there is none).',
    schema: { type: "string" },
  },
  "Content-Disposition": { description: 'A download: `attachment; filename="..."`.', schema: { type: "string" } },
  "Set-Cookie": {
    description: "The session cookie (set at sign-in, cleared at sign-out): HttpOnly, SameSite=Strict, Path=/.",
    schema: { type: "string" },
  },
  "Content-Security-Policy": { description: "The page's policy: no scripts, its one stylesheet by hash.", schema: { type: "string" } },
  "Retry-After": { description: "Seconds until the next attempt may succeed.", schema: { type: "integer", minimum: 1 } },
  ETag: { description: "The body's tag, for If-None-Match.", schema: { type: "string" } },
  "Cache-Control": { description: "How long a browser may keep the answer.", schema: { type: "string" } },
};

/** The Origin rule, said once for the document's description and every state-changing operation. */
function originRule(publicOrigin: string): string {
  return (
    `Every POST, PUT, PATCH and DELETE must carry \`Origin: ${publicOrigin}\` (the site's own address), else ` +
    `it is refused with 403 before anything is read. Browsers send it themselves; outside tools must add ` +
    `it.`
  );
}

function describeDocument(publicOrigin: string, cookie: string): string {
  return [
    "The REST mirror of the clinic's website and back office: the same procedures the web pages call over " +
      "tRPC, with the same rules, reached by plain HTTP and JSON. This document is built from the routes the " +
      "server registers, with the schemas the procedures check.",
    `Sign in with \`POST /api/admin/login\` and keep the session cookie (\`${cookie}\`, HttpOnly, SameSite=Strict; ` +
      `30 minutes idle, 12 hours at most). Each operation's \`x-access\` says who may call it: \`public\` (nothing ` +
      `needed), \`staff\` (any signed-in staff member) or a permission such as \`inquiries.view\` (403 for ` +
      `staff whose role does not hold it; the roles and their permissions: GET /api/admin/roles).`,
    originRule(publicOrigin),
    "Requests under `/api/admin` that a browser marks as not sent by this site's own script (fetch metadata: " +
      "`Sec-Fetch-Site` other than `same-origin` or `none`, `Sec-Fetch-Dest` other than `empty`, `Sec-Fetch-Mode` " +
      "`navigate` or `no-cors`: an image, a link, a form, another site) are refused with 403 before anything " +
      "runs or is logged. Outside tools send no such headers and are not affected.",
    "Bodies are JSON (`Content-Type: application/json`, at most 1 MB); the admin forms that carry an image " +
      "also take `multipart/form-data` (an image of at most 10 MB). Input is typed strictly: JSON numbers and " +
      "booleans must be JSON numbers and booleans, and a multipart field becomes a boolean only from `true`/`false` " +
      "and a number only from a plain decimal.",
    "Every error is JSON `{ message, fieldErrors?, requiresTwoFactor?, secondFactors?, passkeyStep?, requiresPasswordChange?, " +
      "requiresSecondFactor?, requiresFreshCheck?, requestId? }` (components.schemas.Error) with its status: " +
      "400 invalid input, 401 not signed in or bad credentials, 403 not allowed, a required password change " +
      "or second factor first, a sensitive act without a fresh check (`requiresFreshCheck`: confirm with POST " +
      "/api/admin/confirm, then retry), or foreign Origin, 404 unknown record or path, 409 duplicate, 413 body " +
      "too large, 415 wrong content type, 422 sign-in needs its second step (the 2FA code, or the account's " +
      "passkey), 429 throttled (with Retry-After), 503 database unavailable.",
    "Lists that come a page at a time answer the page's records as the body, the total in `X-Total-Count` " +
      "and the neighbouring pages in `Link` (RFC 8288). Public reads are cached briefly: they carry an `ETag` " +
      "and answer 304 to a matching `If-None-Match`.",
  ].join("\n\n");
}

/** GET /api/admin/services/:id -> getAdminServicesById (unique over the document). */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "/")
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split("-"))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method + words.join("");
}

/** Error statuses a route gives by its shape: who may call it, whether it changes state, what it reads. */
export function impliedErrors(op: RestOperation): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(op.errors ?? []);
  if (op.access !== "public") statuses.add(401);
  // Staff routes: also the account-setup gate's 403 (a new password to choose, a second factor to enrol).
  if (op.access !== "public") statuses.add(403);
  if (STATE_CHANGING.has(op.method)) {
    statuses.add(403);
    statuses.add(413);
  }
  if (op.body) {
    statuses.add(400);
    statuses.add(415);
  }
  if (op.query && !op.lenientQuery) statuses.add(400);
  if (op.path.includes("/:id")) statuses.add(404);
  if (op.path.includes("/:slug")) {
    statuses.add(400);
    statuses.add(404);
  }
  if (!op.noDatabase) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * zod -> JSON Schema for the document. Inputs are described as callers send them (io: "input"), answers
 * as the server writes them (io: "output"). What JSON cannot carry is mapped: a Date input is ISO 8601
 * text, a File is a multipart file part (marked with contentMediaType, which JSON bodies then drop).
 */
function toJsonSchema(schema: z.core.$ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      const type = ctx.zodSchema._zod.def.type;
      if (type === "date")
        Object.assign(ctx.jsonSchema, {
          type: "string",
          format: "date-time",
          ...(io === "output" ? { pattern: ISO_DATE_TIME_PATTERN } : {}),
        });
      if (type === "custom")
        Object.assign(ctx.jsonSchema, { type: "string", contentMediaType: "application/octet-stream", description: "A file part" });
    },
  }) as JsonSchema;
  // Named answers (their .meta ids in src/shared/schemas/) become shared components; z.toJSONSchema puts them in $defs.
  const text = JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _dialect, $defs, ...rest } = JSON.parse(text) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  Object.assign(components, $defs ?? {});
  return rest;
}

/** What a Date becomes on the wire (JSON.stringify): ISO 8601 in UTC, as zod's own check describes it. */
const ISO_DATE_TIME_PATTERN = (z.toJSONSchema(z.iso.datetime()) as { pattern: string }).pattern;

/** A body schema without the fields the path carries, and (for JSON) without file parts. */
function bodySchema(schema: JsonSchema, pathParams: string[], dropFiles: boolean): JsonSchema {
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const [name, property] of Object.entries(properties)) {
    if (pathParams.includes(name) || (dropFiles && "contentMediaType" in property)) delete properties[name];
  }
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => name in properties);
  const { required: _required, ...rest } = schema;
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}

function queryParameters(schema: JsonSchema): OpenApiParameter[] {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: "query",
      required: required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

function pathParameters(path: string): OpenApiParameter[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    ...(name === "id" || name === "version"
      ? {
          description:
            `The ${name === "id" ? "record's id" : "version's number"}: a plain positive decimal (any other form is an ` +
            "unknown record, 404, once the caller may call the route: without a session it is 401 first).",
          schema: { type: "integer", minimum: 1, maximum: 2147483647 },
        }
      : { description: "The record's URL slug.", schema: { type: "string", minLength: 1, maxLength: 255 } }),
  }));
}

const headerRefs = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

function operationObject(op: RestOperation, publicOrigin: string, components: Record<string, JsonSchema>): OpenApiOperation {
  const pathParams = [...op.path.matchAll(/:(\w+)/g)].map(([, name]) => name!);
  const changesState = STATE_CHANGING.has(op.method);
  const parameters: Array<OpenApiParameter | Ref> = [
    ...pathParameters(op.path),
    ...(op.query ? queryParameters(toJsonSchema(op.query, "input", components)) : []),
    ...(changesState ? [{ $ref: "#/components/parameters/Origin" }] : []),
    ...(op.cached ? [{ $ref: "#/components/parameters/IfNoneMatch" }] : []),
  ];

  let requestBody: OpenApiOperation["requestBody"];
  if (op.body) {
    const schema = toJsonSchema(op.body, "input", components);
    const content: Record<string, { schema: JsonSchema }> = {};
    if (op.multipart !== "only") content["application/json"] = { schema: bodySchema(schema, pathParams, true) };
    if (op.multipart) content["multipart/form-data"] = { schema: bodySchema(schema, pathParams, false) };
    requestBody = { required: true, content };
  }

  const { answer } = op;
  const successHeaders = [...(answer.headers ?? []), ...(op.cached ? ["ETag", "Cache-Control"] : [])];
  const responses: OpenApiOperation["responses"] = {
    [answer.status]: {
      description: answer.description,
      ...(successHeaders.length ? { headers: headerRefs(successHeaders) } : {}),
      content: answer.schema
        ? { "application/json": { schema: toJsonSchema(answer.schema, "output", components) } }
        : {
            [answer.media ?? "application/octet-stream"]: {
              schema: answer.media?.startsWith("text/") ? { type: "string" } : { type: "string", contentMediaType: answer.media },
            },
          },
    },
  };
  if (op.cached)
    responses["304"] = { description: "Not modified: the If-None-Match tag is current.", headers: headerRefs(["ETag", "Cache-Control"]) };
  for (const other of op.otherAnswers ?? []) {
    responses[other.status] = {
      description: other.description,
      ...(other.retryAfter ? { headers: headerRefs(["Retry-After"]) } : {}),
      content: { "application/json": { schema: toJsonSchema(other.schema, "output", components) } },
    };
  }
  for (const status of impliedErrors(op)) {
    if (!(status in responses)) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }

  // Who may call it is in `security` and x-access; a permission needs words.
  const description = [
    op.description,
    op.access !== "public" && op.access !== "staff"
      ? `Needs the permission \`${op.access}\` (${PERMISSION_LABELS[op.access]}); 403 for staff whose role does not hold it.`
      : undefined,
    changesState ? `Send \`Origin: ${publicOrigin}\` (403 otherwise).` : undefined,
  ]
    .filter(Boolean)
    .join("\n\n");
  return {
    operationId: operationIdOf(op.method, op.path),
    tags: [op.tag],
    summary: op.summary,
    description,
    "x-access": op.access,
    security: op.access === "public" ? [] : [{ [SECURITY_SCHEME]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export function buildOpenApiDocument(
  operations: readonly RestOperation[],
  config: { publicOrigin: string; clinicName: string },
): OpenApiDocument {
  const cookie = sessionCookieName(config.publicOrigin);
  const schemas: Record<string, JsonSchema> = {};
  toJsonSchema(errorAnswer, "output", schemas);

  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    paths[path][op.method] = operationObject(op, config.publicOrigin, schemas);
  }

  const responses: Record<string, OpenApiResponse> = {};
  for (const { name, description, schema, headers } of Object.values(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      ...(headers ? { headers: headerRefs(typeof headers === "string" ? [headers] : headers) } : {}),
      content: { "application/json": { schema: schema ?? { $ref: "#/components/schemas/Error" } } },
    };
  }

  return {
    openapi: "3.1.1",
    info: {
      title: `${config.clinicName}: REST API`,
      version: DOCUMENT_VERSION,
      description: describeDocument(config.publicOrigin, cookie),
    },
    servers: [{ url: config.publicOrigin }],
    tags: Object.entries(OPERATION_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses,
      headers: HEADERS,
      parameters: {
        Origin: {
          name: "Origin",
          in: "header",
          required: true,
          description: originRule(config.publicOrigin),
          schema: { type: "string", const: config.publicOrigin },
        },
        IfNoneMatch: {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "An ETag from an earlier answer: 304 while it is current.",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: cookie,
          description:
            "The session cookie set by POST /api/admin/login (HttpOnly, SameSite=Strict; Secure and the __Host- prefix " +
            "on https). A cookie that names no live session is cleared (Set-Cookie) by whatever route it reaches.",
        },
      },
    },
  };
}
