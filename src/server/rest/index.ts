import { z } from "zod";
import { DEFAULT_CLINIC } from "../../shared/clinic";
import { errorAnswer } from "../../shared/schemas/answers";
import { healthAnswer, openApiDocumentAnswer } from "../../shared/schemas/system";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { configWarnings } from "../env";
import { errors, HTTP_MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS } from "../errors";
import { answerCached } from "../http/fast-lane";
import { memoryReading } from "../ops/memory-guard";
import { makeCachedBody, type CachedBody } from "../http/public-cache";
import { appRouter, createCaller } from "../routers";
import { LOGOUT_DOOR } from "../routers/auth";
import { bindDoors, doorsOf, PUBLIC_JSON_CACHE_CONTROL } from "./bind";
import { DOCS_CSP, renderDocsPage } from "../openapi/docs-page";
import { buildOpenApiDocument, type OpenApiDocument } from "../openapi/document";
import { DescribedRoutes, OPERATION_TAGS, type RestOperation } from "./operations";
import { openEventStream } from "../live/live-events";
import { answerVisitBeacon } from "../http/visit-beacon";
import { visitBeacon, visitCountedAnswer } from "../../shared/schemas/analytics";
import { staffAccessOf } from "../services/roles";
import { feedText } from "../services/booking-feed";

/**
 * The REST mirror of the spec's call tables (public-site.md and admin-portal.md section 7, plus the
 * routes docs/rest-api.md adds). Every route of a procedure is declared on that procedure (`.meta({ rest })` in
 * src/server/routers) and registered by ./bind.ts; only what is not a procedure is written here:
 * liveness (the health check answers it without the database), the spec's logout path outside /api,
 * this description (GET /api/openapi.json and GET /api/docs) and the JSON 404. Errors become JSON in
 * app.ts's onError.
 */

/** Where app.ts mounts the mirror, and the spec's logout path outside it. */
export const REST_BASE = "/api";
export const LEGACY_LOGOUT_BASE = "/admin/api";

/** GET /api/health?probe=live: liveness only (the REST door answers it without the database). */
const healthQuery = z.object({
  probe: z.enum(["live"]).optional().describe("live: only whether the process answers (no database); absent (or anything else): readiness"),
});

export function restRoutes(deps: AppDeps) {
  const operations: RestOperation[] = [];
  const api = new DescribedRoutes(REST_BASE, operations);

  // Liveness (?probe=live): the process answers. Readiness (the default): the database answers and
  // every migration is applied; 503 otherwise, so a load balancer sends no traffic here yet.
  api.get(
    "/health",
    {
      tag: "Public site",
      summary: "Health check",
      description:
        "Readiness by default: `status` is ok when the database answers and every migration is applied (503 otherwise). " +
        "To anyone else than a signed-in staff member whose role holds settings.manage (the super admin) that " +
        "is all it says; to them it adds `database`, `migrations`, `memory` (the memory guard's state, resident " +
        "memory against MEMORY_CEILING_MB, the image work queued) and `warnings` (present only then: what the " +
        "configuration is unsafe for, such as production on an http:// PUBLIC_ORIGIN; it does not make the answer " +
        "fail). With `?probe=live`, liveness only.",
      access: "public",
      query: healthQuery,
      lenientQuery: true,
      answer: { status: 200, description: "Ready (or, with probe=live, alive).", schema: healthAnswer },
      otherAnswers: [
        {
          status: 503,
          description:
            "Not ready: the database does not answer or migrations are pending; `Retry-After` says when to ask again. " +
            "(A request with a session cookie gets the Error body, as the session cannot be read.)",
          schema: z.union([healthAnswer, errorAnswer]),
          retryAfter: true,
        },
      ],
    },
    async (c) => {
      if (c.req.query("probe") === "live") return c.json({ status: "ok" });
      const ctx = await createRequestContext(deps, c);
      const health = await createCaller(ctx).system.health();
      const status = health.ok ? "ok" : "unavailable";
      // What is inside (the database, the memory, what the configuration is unsafe for) only to the
      // super admin: to anyone else, and to a monitor, ready or not is enough (issue 34).
      const insider =
        ctx.auth !== null &&
        health.database === "up" &&
        (await staffAccessOf(deps.db, ctx.auth.user).catch(() => null))?.permissions.includes("settings.manage") === true;
      const warnings = configWarnings(deps.config);
      const answer = insider
        ? {
            status,
            database: health.database,
            migrations: health.migrations,
            memory: memoryReading(),
            ...(warnings.length > 0 ? { warnings } : {}),
          }
        : { status };
      return health.ok ? c.json(answer) : c.json(answer, 503, { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
    },
  );

  // The portal's live presence: a stream that stays open, not a procedure (live-events.ts).
  api.get(
    "/admin/events",
    {
      tag: "Inquiries",
      summary: "Live inquiry counts (server-sent events)",
      description:
        'A `text/event-stream` that stays open: `inquiries` (`{"new": n}`, the New inquiries the caller\'s role ' +
        "sees; at once and on every change), `arrived` (an inquiry arrived; nothing about it), `end` (the session " +
        "ended or the role no longer sees inquiries), and a comment every 25 s. It carries no name or detail, " +
        "and does not keep a session alive.",
      access: "inquiries.view",
      errors: [429],
      answer: { status: 200, description: "The event stream.", media: "text/event-stream" },
    },
    (c) => openEventStream(c, deps),
  );

  // A clinician's calendar feed (issue 38): iCalendar text at a secret address, not a procedure's JSON.
  api.get(
    "/booking/feed/:file",
    {
      tag: "Booking",
      summary: "A clinician's calendar feed (iCalendar)",
      description:
        "`file` is `<secret>.ics`, the address POST /api/admin/booking/clinicians/{teamMemberId}/feed made. Each booking " +
        'is "Requested" or "Booked" and its time (UTC), with its stable UID and sequence; it names no patient and ' +
        "no service. A revoked, replaced or unknown address answers 404. Never cached.",
      access: "public",
      errors: [404],
      answer: { status: 200, description: "The calendar.", media: "text/calendar" },
    },
    async (c) => {
      const text = await feedText(deps.db, c.req.param("file") ?? "");
      if (text === null) throw errors.notFound(HTTP_MESSAGES.notFound);
      return c.body(text, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      });
    },
  );

  // A public page's visit beacon (analytics): read by its own handler, which honours DNT and GPC.
  api.post(
    "/visit",
    {
      tag: "Analytics",
      summary: "Count a page view, or a step of the inquiry form",
      description:
        "Sent by the public pages' script. Not counted (`counted: false`) with `DNT: 1`, `Sec-GPC: 1`, or a robot's " +
        "browser string. Nothing identifying is stored: a visitor is a hash of address and browser under a random " +
        "key of the day, both deleted within 24 hours; only daily counts remain. A `sent` counts a conversion " +
        "only with `token`, the `conversionToken` of the inquiry's answer, once and within 10 minutes; the answer " +
        "does not say whether it did. A service slug the site does not have counts as no service. Counts are " +
        "written within a second. Sets no cookie.",
      access: "public",
      body: visitBeacon,
      // Counted in memory, written a second later (services/analytics.ts VisitCounter): the answer needs no database.
      noDatabase: true,
      errors: [413, 429],
      answer: { status: 200, description: "Whether it was counted.", schema: visitCountedAnswer },
    },
    (c) => answerVisitBeacon(c, deps),
  );

  const doors = doorsOf(appRouter);
  operations.push(...bindDoors(api.app, REST_BASE, deps, doors));

  /** The spec's logout path, outside /api: the same procedure as POST /api/admin/logout. */
  const legacyLogout = new DescribedRoutes(LEGACY_LOGOUT_BASE, []);
  const logout = doors.find((bound) => bound.door === LOGOUT_DOOR)!;
  const legacyDoor = {
    ...LOGOUT_DOOR,
    path: "/logout",
    description: `${LOGOUT_DOOR.description} The spec's path; the same as POST /api/admin/logout.`,
  };
  operations.push(...bindDoors(legacyLogout.app, LEGACY_LOGOUT_BASE, deps, [{ ...logout, door: legacyDoor }]));

  // The description of every route above (and of these two), built the first time it is asked for,
  // after every route is registered; answered like the cached public JSON (ETag, 304, gzip, fast lane).
  let document: OpenApiDocument | null = null;
  let json: CachedBody | null = null;
  let page: CachedBody | null = null;
  const tagOrder = Object.keys(OPERATION_TAGS);
  const describeAll = () =>
    (document ??= buildOpenApiDocument(
      operations.toSorted((a, b) => tagOrder.indexOf(a.tag) - tagOrder.indexOf(b.tag)),
      { publicOrigin: deps.config.publicOrigin, clinicName: DEFAULT_CLINIC.name },
    ));
  const reference = { tag: "Reference", access: "public", noDatabase: true, cached: true } as const;
  api.get(
    "/openapi.json",
    {
      ...reference,
      summary: "This OpenAPI 3.1 description",
      answer: { status: 200, description: "The OpenAPI document.", schema: openApiDocumentAnswer },
    },
    (c) => {
      json ??= makeCachedBody(JSON.stringify(describeAll()), "application/json; charset=UTF-8");
      return answerCached(c, deps, json, PUBLIC_JSON_CACHE_CONTROL, null);
    },
  );
  api.get(
    "/docs",
    {
      ...reference,
      summary: "This description as a readable page",
      answer: { status: 200, description: "An HTML page (no scripts).", media: "text/html", headers: ["Content-Security-Policy"] },
    },
    (c) => {
      page ??= makeCachedBody(renderDocsPage(describeAll()), "text/html; charset=UTF-8");
      return answerCached(c, deps, page, PUBLIC_JSON_CACHE_CONTROL, null, {
        "Content-Security-Policy": DOCS_CSP,
      });
    },
  );

  // Not a route: any other /api path is a JSON 404.
  api.app.all("*", () => {
    throw errors.notFound(HTTP_MESSAGES.notFound);
  });

  return { api: api.app, legacyLogout: legacyLogout.app, operations };
}
