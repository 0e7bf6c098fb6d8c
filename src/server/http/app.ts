import { trpcServer } from "@hono/trpc-server";
import { Hono, type Context as HonoContext } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { BATCH_MESSAGES, MAX_TRPC_BATCH, mustTravelAlone } from "../../shared/trpc-batching";
import { createRequestContext, type Context } from "../context";
import type { AppDeps } from "../deps";
import { describeError, errors, HTTP_MESSAGES } from "../errors";
import { logRequestError, logRequestLine, requestIdOf } from "../log";
import { LEGACY_LOGOUT_BASE, REST_BASE, restRoutes } from "../rest";
import { appRouter } from "../routers";
import { serveUpload } from "./image-answers";
import { MAX_IMAGE_BYTES } from "../services/uploads";
import { securityHeaders } from "./fast-lane";

/**
 * The one HTTP app: REST mirror (/api), the spec's logout path (/admin/api), tRPC (/trpc), uploads,
 * and, when given, the web front ends (server-rendered public pages and the admin shell).
 * No listen here: tests call app.request().
 */
export interface WebHandlers {
  /** Registers static assets and pages on the app (added by src/server/site/web.ts). */
  register(app: Hono): void;
}

const JSON_BODY_LIMIT = 1024 * 1024;
/** A plain form post (the inquiry form without JavaScript): small text fields only. */
const FORM_BODY_LIMIT = 64 * 1024;
/** An image of at most 10 MB plus the other form fields. */
const MULTIPART_BODY_LIMIT = MAX_IMAGE_BYTES + 512 * 1024;

/** A request that may carry a body (its body is then either read by a handler or left unread). */
const mayHaveBody = (request: Request) =>
  request.method !== "GET" &&
  request.method !== "HEAD" &&
  (request.headers.has("transfer-encoding") || Number(request.headers.get("content-length") ?? 0) > 0);

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a request's fetch metadata (Sec-Fetch-*, sent by every current browser) says our own script
 * made it: fetch()/XHR from this origin (Site same-origin, Dest empty, Mode cors or same-origin). An
 * image, script or style load (Dest image..., Mode no-cors), a navigation (a link, a form, the address
 * bar: Mode navigate) or anything from another site is not. A header that is absent says nothing
 * (outside tools; old browsers, for which the SameSite=Strict cookie and the staff-HTML rule remain).
 */
export function madeByOwnScript(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  const mode = headers.get("sec-fetch-mode");
  const dest = headers.get("sec-fetch-dest");
  if (site !== null && site !== "same-origin" && site !== "none") return false;
  if (dest !== null && dest !== "empty") return false;
  if (mode !== null && mode !== "cors" && mode !== "same-origin") return false;
  return true;
}

export function createApp(deps: AppDeps, web?: WebHandlers): Hono {
  const app = new Hono();
  const security = Object.entries(securityHeaders(deps.config));

  // Security headers on every answer; pages add their own Content-Security-Policy. They are set on the
  // response's own Headers: Hono's c.header() after a response exists rebuilds the response from its
  // body stream, which takes it off @hono/node-server's fast path (measured: about 4x slower).
  app.use("*", async (c, next) => {
    const request = c.req.raw;
    const started = performance.now();
    const requestId = requestIdOf(c, deps.config.trustProxy);
    await next();
    const headers = c.res.headers;
    headers.set("X-Request-Id", requestId);
    // The route's pattern, never the query string (a search can hold a name); pages are logged by path.
    const route = c.req.routePath === "*" || c.req.routePath === "/*" ? c.req.path : c.req.routePath;
    logRequestLine(requestId, c.req.method, route, c.res.status, Math.round((performance.now() - started) * 10) / 10);
    // An answer sent before the request's body was read (a 413 above all; also a refused Origin, a
    // missing session or a wrong content type) ends the connection: the server will not read the rest
    // of that body, so a keep-alive client must not send its next request on the same socket.
    if (c.res.status === 413 || (mayHaveBody(request) && !request.bodyUsed && !c.req.raw.bodyUsed)) {
      headers.set("Connection", "close");
    }
    // An answer that says who may frame it keeps its word (the live preview's page: this site only).
    for (const [name, value] of security) if (!(name === "X-Frame-Options" && headers.has(name))) headers.set(name, value);
  });

  // Fetch Metadata: the back office's doors (/api/admin, /trpc, the spec's /admin/api) answer only what
  // our own script asked for. A browser marks every request: an <img> in a news body, a link or form on
  // another site, a typed address are refused here before anything runs or is logged. Tools that send
  // no fetch metadata (curl, scripts) are not browsers and keep working (they hold their own session).
  app.use("*", async (c, next) => {
    const p = c.req.path;
    if (
      (p.startsWith("/api/admin/") || p === "/api/admin" || p.startsWith("/trpc/") || p.startsWith("/admin/api/")) &&
      !madeByOwnScript(c.req.raw.headers)
    ) {
      throw errors.forbidden(HTTP_MESSAGES.notOwnScript);
    }
    await next();
  });

  // CSRF: a request that changes state must come from our own origin (docs/security.md, CSRF): the
  // API's and the inquiry form's plain post (POST /contact) alike.
  app.use("*", async (c, next) => {
    if (STATE_CHANGING.has(c.req.method)) {
      if (c.req.header("origin") !== deps.config.publicOrigin) {
        throw errors.forbidden(HTTP_MESSAGES.crossSite);
      }
    }
    await next();
  });

  // Nothing signed-in or per-user may be kept by a shared cache.
  app.use("*", async (c, next) => {
    await next();
    const p = c.req.path;
    if (p.startsWith("/api/admin") || p.startsWith("/admin/api") || p.startsWith("/trpc") || p === "/api/contact") {
      if (!c.res.headers.get("Cache-Control")?.startsWith("public")) c.res.headers.set("Cache-Control", "no-store");
    }
  });

  // Body size: 413 above the limit, decided before the body is read (or as it streams in).
  app.use("*", async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const type = c.req.header("content-type") ?? "";
    const multipart = /^multipart\/form-data\b/i.test(type);
    const maxSize = multipart
      ? MULTIPART_BODY_LIMIT
      : /^application\/x-www-form-urlencoded\b/i.test(type)
        ? FORM_BODY_LIMIT
        : JSON_BODY_LIMIT;
    return bodyLimit({
      maxSize,
      onError: () => {
        throw errors.payloadTooLarge(multipart ? HTTP_MESSAGES.fileTooLarge : HTTP_MESSAGES.bodyTooLarge);
      },
    })(c, next);
  });

  app.use(
    "/trpc/*",
    trpcServer({
      endpoint: "/trpc",
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: (opts, c) => {
        if (opts.info.isBatchCall && opts.info.calls.some((call) => mustTravelAlone(call.path))) {
          throw errors.badRequest(BATCH_MESSAGES.authInBatch);
        }
        return createRequestContext(deps, c, opts.resHeaders) as never;
      },
      onError: ({ error, ctx, path, req }) => {
        const described = describeError(error);
        if (!described.log) return;
        const requestId = (ctx as Context | undefined)?.requestId() ?? "none";
        logRequestError({ requestId, method: req.method, route: `/trpc/${path ?? ""}`, status: described.status, ...described.log });
      },
    }),
  );

  const { api, legacyLogout } = restRoutes(deps);
  app.route(REST_BASE, api);
  app.route(LEGACY_LOGOUT_BASE, legacyLogout);

  app.get("/uploads/:name", (c) => serveUpload(c, deps, c.req.param("name") ?? ""));

  web?.register(app);

  // Every JSON error of every door leaves through here, in the one shape of src/server/errors.ts.
  app.onError((error, c) => respondError(c, error));
  app.notFound((c) => respondError(c, errors.notFound(HTTP_MESSAGES.notFound)));
  return app;
}

/**
 * The JSON answer of an error: `{ message, fieldErrors?, requiresTwoFactor?, requiresPasswordChange?, requiresSecondFactor?,
 * requiresFreshCheck?, requestId? }` and its status.
 */
function respondError(c: HonoContext, error: unknown): Response {
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ message: error.message || "Bad request" }, error.status);
  }
  const described = describeError(error);
  for (const [name, value] of Object.entries(described.headers)) c.header(name, value);
  if (!described.log) return c.json(described.body, described.status as 400);
  const requestId = requestIdOf(c);
  logRequestError({ requestId, method: c.req.method, route: c.req.routePath, status: described.status, ...described.log });
  return c.json({ ...described.body, requestId }, described.status as 400);
}
