import { Hono, type Handler } from "hono";
import type { z } from "zod";
import type { Permission } from "../../shared/permissions";

/**
 * The REST mirror's routes carry their own description: registering a route and describing it are one
 * call (DescribedRoutes below), so the OpenAPI document (../openapi/document.ts) is built from the very routes
 * Hono serves and cannot miss one or describe one that does not exist.
 */

/**
 * Who may call a route: anyone ("public"), any signed-in staff member ("staff"), or a signed-in staff
 * member whose role holds the permission named (src/shared/permissions.ts; 403 for other staff).
 */
export type Access = "public" | "staff" | Permission;

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The error statuses of the REST contract (docs/rest-api.md), as the code answers them. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** Response headers the document describes (components.headers in ../openapi/document.ts). */
export type ResponseHeader = "X-Total-Count" | "Link" | "Content-Disposition" | "Set-Cookie" | "Content-Security-Policy";

/** The tags of the document, in the order the reference page shows them. */
export const OPERATION_TAGS = {
  "Public site": "What the public website reads, and the appointment inquiry form. No session needed.",
  "Sign-in and account": "The session (sign-in, sign-out), and the signed-in staff member's own password, 2FA and mail choice.",
  Dashboard: "The dashboard's counts, the activity log and the site backup.",
  Services: "The treatments the clinic offers (staff).",
  News: "News articles (staff).",
  Inquiries:
    "The inquiry desk: appointment inquiries, their notes, history and export; each needs its permission (see each operation's x-access).",
  Testimonials: "Client testimonials (staff).",
  Team: "The clinic's team (staff).",
  "Website content": "The texts of the pages (staff).",
  "Website images": "The image slots of the pages (staff).",
  Uploads: "The uploaded images, for choosing one again (staff).",
  "Social media": "The footer's social media links (staff).",
  Users: "Staff accounts (super admins).",
  Roles: "Roles and what they allow: the permission matrix, and custom roles (staff.manage).",
  "Settings and mail": "Retention, mail and who receives new-inquiry mail (super admins).",
  Translations:
    "Staff's Spanish and Chinese translations of services, news articles, team members, website texts and " +
    "images, each beside its English, with its own status (published or draft) and a needs-update flag when " +
    "the English changed since.",
  "Legal texts":
    "The Privacy Policy, the Terms and Conditions and the HIPAA authorization: their versions, and publishing a new one (super admins).",
  Booking:
    "Booking a time (issue 38): availability per clinician, resource and the clinic, services' booking settings " +
    "(availability.edit), and the calendar with its acts on bookings (bookings.work).",
  Analytics:
    "Visitor figures counted on the clinic's own server, as daily counts that name no one: the beacon public " +
    "pages send, and the report (analytics.view).",
  Redirects: "Old addresses that keep working (301, or 410 for a deleted page) and the 404 log of missing page addresses (content.edit).",
  Reference: "This description of the REST mirror.",
} as const;
export type OperationTag = keyof typeof OPERATION_TAGS;

/** The answer a route gives when it succeeds. */
export interface SuccessAnswer {
  status: 200 | 201;
  description: string;
  /** The JSON body's schema (an answer schema of src/shared/schemas/, kept beside its domain's inputs); absent when the body is not JSON (`media`). */
  schema?: z.core.$ZodType;
  /** A body that is not JSON: its media type (a CSV file, a gzip archive, an HTML page). */
  media?: string;
  headers?: readonly ResponseHeader[];
}

export interface OperationDoc {
  tag: OperationTag;
  summary: string;
  description?: string;
  access: Access;
  /** The query parameters: an object schema from src/shared (the same the procedure checks). */
  query?: z.core.$ZodType;
  /** The query is read by the REST door itself, which ignores what it does not know: no 400 for it. */
  lenientQuery?: true;
  /** The JSON body: the procedure's input schema (path parameters are left out of the document). */
  body?: z.core.$ZodType;
  /** The body may also be multipart/form-data ("also"), or must be ("only"). */
  multipart?: "also" | "only";
  answer: SuccessAnswer;
  /** Answers besides the success and the errors (the readiness check's 503 has the health body). */
  otherAnswers?: ReadonlyArray<{ status: number; description: string; schema: z.core.$ZodType; retryAfter?: true }>;
  /** Error statuses this route gives beyond those its shape implies (impliedErrors in ../openapi/document.ts). */
  errors?: readonly ErrorStatus[];
  /** A public read answered from the serialized-body cache: ETag, Cache-Control, 304 on If-None-Match. */
  cached?: true;
  /** Answered without the database (so never 503 for a database that does not answer). */
  noDatabase?: true;
}

export interface RestOperation extends OperationDoc {
  method: HttpMethod;
  /** The full path in Hono's form, e.g. /api/admin/services/:id. */
  path: string;
}

/**
 * A procedure's REST door, declared on the procedure itself (`.meta({ rest: { ... } })`, see
 * src/server/trpc.ts): ./bind.ts registers it and the OpenAPI document describes it. Who may call it is
 * the procedure's (its base procedure sets `access`); the input schema is the procedure's; the answer's
 * schema is the procedure's `.output()` unless `answer.schema` says what the wire carries instead.
 */
export interface RestDoor {
  method: HttpMethod;
  /**
   * Below /api, in Hono's form: "/admin/services/:id". `:id` (and any name in `pathInput`) is a record id: not a plain positive decimal is
   * a 404.
   */
  path: string;
  tag: OperationTag;
  summary: string;
  description?: string;
  answer: Omit<SuccessAnswer, "status"> & { status?: 200 | 201 };
  /**
   * How the procedure's result is written: as JSON (default); one page
   * (`{ items, total, page, pageSize }`: the items as the body, the total in X-Total-Count, the
   * neighbours in Link); a stream of batches written as one JSON array; a download
   * (`{ filename, contentType?, chunks }`, streamed as the chunks come).
   */
  reply?: "json" | "page" | "jsonArrayStream" | "download";
  /** The body may also be multipart/form-data ("also"), or must be ("only"); JSON otherwise. */
  multipart?: "also" | "only";
  /** Path parameters whose input field has another name: { id: "recordId" }. */
  pathInput?: Readonly<Record<string, string>>;
  /** Input fields the door itself sets (the versions' `kind`). */
  fixedInput?: Readonly<Record<string, string>>;
  /**
   * This door answers only requests that carry one of its query parameters; the door of another procedure on the same method and path
   * answers the others, and is the one described.
   */
  onlyWithQuery?: true;
  /** A public read answered from the serialized-body cache: ETag, Cache-Control, 304 on If-None-Match. */
  cached?: true;
  /** Never kept by a browser (Cache-Control: no-store). */
  noStore?: true;
  /** Error statuses beyond those the door's shape implies (impliedErrors in ../openapi/document.ts). */
  errors?: readonly ErrorStatus[];
  /**
   * The body as the document describes it, where the procedure's input says less than the door takes
   * (a translation's `fields`, whose names depend on the kind the path fixes); the procedure's input
   * schema still checks every call.
   */
  body?: z.core.$ZodType;
}

/** What a procedure's metadata holds (initTRPC.meta in src/server/trpc.ts). */
export interface ProcedureMeta {
  /** Who may call it; set by the base procedure it is built on, never by hand. */
  access?: Access;
  /** The permission depends on an input field (src/server/trpc.ts permittedByInput); a door's fixed input picks it. */
  accessByInput?: { field: string; permissions: Readonly<Record<string, Permission>> };
  /** Its REST doors, if the REST mirror has any. */
  rest?: RestDoor | readonly RestDoor[];
}

/** A Hono sub-app whose every route is registered with its description. */
export class DescribedRoutes {
  readonly app = new Hono();

  /**
   * @param mountedAt where the app is finally mounted (the prefixes of every app.route() above it)
   * @param operations the list every route's description is added to
   */
  constructor(
    private readonly mountedAt: string,
    private readonly operations: RestOperation[],
  ) {}

  get(path: string, doc: OperationDoc, handler: Handler): void {
    this.add("get", path, doc, handler);
  }
  post(path: string, doc: OperationDoc, handler: Handler): void {
    this.add("post", path, doc, handler);
  }
  put(path: string, doc: OperationDoc, handler: Handler): void {
    this.add("put", path, doc, handler);
  }
  patch(path: string, doc: OperationDoc, handler: Handler): void {
    this.add("patch", path, doc, handler);
  }
  delete(path: string, doc: OperationDoc, handler: Handler): void {
    this.add("delete", path, doc, handler);
  }

  private add(method: HttpMethod, path: string, doc: OperationDoc, handler: Handler): void {
    this.app.on(method.toUpperCase(), path, handler);
    this.operations.push({ ...doc, method, path: this.mountedAt + path });
  }
}
