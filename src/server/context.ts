import { randomUUID } from "node:crypto";
import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { serialize } from "hono/utils/cookie";
import type { AppDeps } from "./deps";
import { requestIdOf } from "./log";
import { SESSION_ABSOLUTE_MS, sessionCookieName, sessionCookieOptions, validateSessionToken, type SessionAuth } from "./auth/sessions";

/** What every procedure receives. Tests build it with createContextInner; requests with createRequestContext. */
export interface Context {
  deps: AppDeps;
  ip: string;
  userAgent: string | null;
  auth: SessionAuth | null;
  /**
   * Sets or clears the session cookie on the response being built: a browser-session cookie (no
   * Max-Age, gone when the browser closes) unless `persistent` ("Keep me signed in on this device").
   */
  sessionCookie: { set(token: string, persistent?: boolean): void; clear(): void };
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
      set: (token, persistent = false) =>
        append(serialize(name, token, persistent ? { ...attributes, maxAge: SESSION_ABSOLUTE_MS / 1000 } : attributes)),
      clear: () => append(serialize(name, "", { ...attributes, maxAge: 0 })),
    },
    requestId: opts.requestId ?? (() => (ownRequestId ??= randomUUID())),
  };
}

/**
 * The client's address as our proxies saw it, from an X-Forwarded-For value: each proxy appends the
 * address it was reached from, so the right-most `hops` entries are our proxies' and the entry `hops`
 * places from the right is what the outermost one appended: the client. Anything further left is
 * whatever the client sent and is never believed (a rotated header would otherwise pick its own
 * address for every limit and every log line). A shorter list (a request that skipped an outer proxy)
 * gives its left-most entry, still one a proxy of ours wrote.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header) return null;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)]!.slice(0, 64);
}

/** The client's address: the socket's, or the one our proxy appended to X-Forwarded-For when TRUST_PROXY is on. */
export function clientIp(c: HonoContext, trustProxy: boolean, hops = 1): string {
  if (trustProxy) {
    const forwarded = forwardedClient(c.req.header("x-forwarded-for"), hops);
    if (forwarded) return forwarded;
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
    ip: clientIp(c, deps.config.trustProxy, deps.config.trustProxyHops),
    userAgent: c.req.header("user-agent") ?? null,
    appendSetCookie: append,
    requestId: () => requestIdOf(c),
  });
  if (token && !auth) ctx.sessionCookie.clear();
  c.set(CONTEXT_KEY as never, ctx as never);
  return ctx;
}
