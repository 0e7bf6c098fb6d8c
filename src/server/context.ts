import { randomUUID } from "node:crypto";
import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { AppDeps } from "./deps";
import { requestIdOf } from "./log";
import {
  SESSION_ABSOLUTE_MS,
  sessionCookieName,
  sessionCookieOptions,
  validateSessionToken,
  type SessionAuth,
} from "./auth/sessions";

/** What every procedure receives. Tests build it with createContextInner; requests with createRequestContext. */
export interface Context {
  deps: AppDeps;
  ip: string;
  userAgent: string | null;
  auth: SessionAuth | null;
  /** Sets or clears the session cookie on the response being built. */
  sessionCookie: { set(token: string): void; clear(): void };
  /** The request's id, shared by the error log line and the JSON error answer. */
  requestId(): string;
}

export function createContextInner(opts: {
  deps: AppDeps;
  auth?: SessionAuth | null;
  ip?: string;
  userAgent?: string | null;
  appendSetCookie?: (value: string) => void;
  requestId?: () => string;
}): Context {
  const { deps } = opts;
  const name = sessionCookieName(deps.config.publicOrigin);
  const attributes = sessionCookieOptions(deps.config.publicOrigin);
  const append = opts.appendSetCookie ?? (() => {});
  let ownRequestId: string | undefined;
  return {
    deps,
    ip: opts.ip ?? "unknown",
    userAgent: opts.userAgent ?? null,
    auth: opts.auth ?? null,
    sessionCookie: {
      set: (token) => append(serialize(name, token, { ...attributes, maxAge: SESSION_ABSOLUTE_MS / 1000 })),
      clear: () => append(serialize(name, "", { ...attributes, maxAge: 0 })),
    },
    requestId: opts.requestId ?? (() => (ownRequestId ??= randomUUID())),
  };
}

/** The client's address: the socket's, or the first X-Forwarded-For entry when TRUST_PROXY is on. */
export function clientIp(c: HonoContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}

const CONTEXT_KEY = "trpcContext";

/**
 * The context for one HTTP request, made once and shared by the REST handlers and the tRPC mount.
 * Set-Cookie values go to `resHeaders` when given (the tRPC adapter's response), else onto `c`.
 */
export async function createRequestContext(deps: AppDeps, c: HonoContext, resHeaders?: Headers): Promise<Context> {
  const cached = c.get(CONTEXT_KEY as never) as Context | undefined;
  if (cached && !resHeaders) return cached;
  const append = resHeaders
    ? (value: string) => resHeaders.append("Set-Cookie", value)
    : (value: string) => c.header("Set-Cookie", value, { append: true });
  const token = getCookie(c, sessionCookieName(deps.config.publicOrigin));
  const auth = token ? await validateSessionToken(deps.db, token) : null;
  const ctx = createContextInner({
    deps,
    auth,
    ip: clientIp(c, deps.config.trustProxy),
    userAgent: c.req.header("user-agent") ?? null,
    appendSetCookie: append,
    requestId: () => requestIdOf(c),
  });
  if (token && !auth) ctx.sessionCookie.clear();
  c.set(CONTEXT_KEY as never, ctx as never);
  return ctx;
}
