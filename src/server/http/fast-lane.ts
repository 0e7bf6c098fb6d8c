import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context as HonoContext } from "hono";
import type { AppConfig } from "../env";
import { cachedAnswerCounter, countCachedAnswer, requestIdFrom, type CachedAnswerCount } from "../log";
import { respondCached, type CachedBody, type PublicCache } from "./public-cache";

/** The security headers of every answer (docs/security.md, Headers); pages add a Content-Security-Policy. */
export function securityHeaders(config: Pick<AppConfig, "publicOrigin">): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(config.publicOrigin.startsWith("https:") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

interface Answer {
  /** Whether the cached body is still the one to send (the cache was not emptied, the entry not expired). */
  current: () => boolean;
  entry: CachedBody;
  /** The answer's own headers (the security headers are the lane's), as the full path sent them. */
  headers: Record<string, string>;
  /** What the request line names as the route (the path, or the REST route's pattern). */
  route: string;
}

/**
 * An answer with its header lines laid out once, as node:http takes them (name, value, name, value...),
 * the last value being the request id's slot: each answer writes its id there just before writeHead,
 * which reads the lines at once (no copy of the list per request).
 */
interface Remembered extends Answer {
  notModified: string[];
  plain: string[];
  gzip: string[] | null;
  /** The log's counters of this route's cached 200s and 304s (log.ts, decision 0082): no line per answer. */
  countOk: CachedAnswerCount;
  countNotModified: CachedAnswerCount;
}

function headerLines(headers: Record<string, string | number>): string[] {
  return [...Object.entries(headers).flatMap(([name, value]) => [name, String(value)]), "X-Request-Id", ""];
}

interface LaneHeaders {
  cookie: boolean;
  requestId: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

/**
 * The four request headers the lane reads, from the raw list node:http keeps (name, value, name,
 * value...), as req.headers would give them (repeated lines joined with ", "; a repeated
 * X-Request-Id is not one id) without building req.headers, which copies every header of the request.
 */
function readHeaders(raw: string[]): LaneHeaders {
  const found: LaneHeaders = { cookie: false, requestId: undefined, ifNoneMatch: undefined, acceptEncoding: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    switch (name.length) {
      case 6:
        if (name.toLowerCase() === "cookie") found.cookie = true;
        break;
      case 12:
        if (name.toLowerCase() === "x-request-id")
          found.requestId = found.requestId === undefined ? raw[i + 1] : `${found.requestId}, ${raw[i + 1]}`;
        break;
      case 13:
        if (name.toLowerCase() === "if-none-match")
          found.ifNoneMatch = found.ifNoneMatch === undefined ? raw[i + 1] : `${found.ifNoneMatch}, ${raw[i + 1]}`;
        break;
      case 15:
        if (name.toLowerCase() === "accept-encoding")
          found.acceptEncoding = found.acceptEncoding === undefined ? raw[i + 1] : `${found.acceptEncoding}, ${raw[i + 1]}`;
        break;
    }
  }
  return found;
}

/** Whether an Accept-Encoding takes gzip (a whole word, as respondCached reads it). */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding?.includes("gzip") === true && /\bgzip\b/.test(acceptEncoding);
}

function withRequestId(lines: string[], requestId: string): string[] {
  lines[lines.length - 1] = requestId;
  return lines;
}

/**
 * The fast lane for cached public answers. The first time the app answers a GET from a cache with
 * exactly the cached bytes (public JSON, pages other than the contact page, built files), it tells the
 * lane the address, the entry and its headers; the next GET of that exact address (path and query),
 * from a visitor without cookies, is answered here with node:http alone, before the web framework sees
 * it: the same bytes, headers, ETag, 304 and gzip; the log counts it (a line a second per route and
 * status, decision 0082) instead of giving it a request line of its own. Anything else
 * (a changed or expired entry, a cookie, another method, HEAD) takes the full path, which answers it
 * and remembers it again. Measured by `npm run bench:http`.
 */
export class FastLane {
  private answers = new Map<string, Remembered>();
  private readonly security: Record<string, string>;
  /** Answers sent here (tests and diagnostics). */
  hits = 0;

  constructor(
    private readonly config: Pick<AppConfig, "publicOrigin" | "trustProxy">,
    /** How many addresses it holds at most; the oldest goes first (a flood of new addresses cannot grow it). */
    private readonly maxAddresses = 2_000,
  ) {
    this.security = securityHeaders(config);
  }

  remember(url: string, answer: Answer): void {
    if (answer.entry.status !== 200) return;
    // Already laid out for this very entry (a visitor with a cookie takes the full path every time).
    if (this.answers.get(url)?.entry === answer.entry) return;
    const entry = answer.entry;
    const headers = { ...answer.headers, ...this.security };
    this.answers.delete(url);
    this.answers.set(url, {
      ...answer,
      notModified: headerLines(headers),
      plain: headerLines({ ...headers, "Content-Length": entry.body.byteLength }),
      gzip: entry.gzip ? headerLines({ ...headers, "Content-Encoding": "gzip", "Content-Length": entry.gzip.byteLength }) : null,
      countOk: cachedAnswerCounter(answer.route, 200),
      countNotModified: cachedAnswerCounter(answer.route, 304),
    });
    if (this.answers.size > this.maxAddresses) this.answers.delete(this.answers.keys().next().value!);
  }

  /** Answers the request if it can; false when the full path must. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const url = req.url!;
    const answer = this.answers.get(url);
    if (answer === undefined) return false;
    const headers = readHeaders(req.rawHeaders);
    if (headers.cookie) return false;
    if (!answer.current()) {
      this.answers.delete(url);
      return false;
    }
    this.hits += 1;
    const requestId = requestIdFrom(headers.requestId, this.config.trustProxy);
    const entry = answer.entry;
    const ifNoneMatch = headers.ifNoneMatch;
    if (ifNoneMatch !== undefined && (ifNoneMatch === entry.etag || ifNoneMatch.split(/\s*,\s*/).includes(entry.etag))) {
      countCachedAnswer(answer.countNotModified);
      res.writeHead(304, withRequestId(answer.notModified, requestId));
      res.end();
    } else if (answer.gzip !== null && acceptsGzip(headers.acceptEncoding)) {
      res.writeHead(200, withRequestId(answer.gzip, requestId));
      res.end(entry.gzip);
      countCachedAnswer(answer.countOk);
    } else {
      res.writeHead(200, withRequestId(answer.plain, requestId));
      res.end(entry.body);
      countCachedAnswer(answer.countOk);
    }
    return true;
  }

  /** Staff changed something: nothing remembered is current (the entries say so too; this frees them). */
  clear(): void {
    this.answers.clear();
  }

  /** How many addresses it holds (tests). */
  get size(): number {
    return this.answers.size;
  }
}

/**
 * Answers a GET from a cached body (as respondCached does) and remembers the answer on the fast lane.
 * `cache` and `key` say where the entry lives (it stays current while the cache holds that very entry);
 * none for a built file, which never changes while the server runs. `extra` headers are added (a
 * page's Content-Security-Policy).
 */
export function answerCached(
  c: HonoContext,
  deps: { fastLane: FastLane },
  entry: CachedBody,
  cacheControl: string,
  where: { cache: PublicCache; key: string } | null,
  extra: Record<string, string> = {},
): Response {
  const response = respondCached(c.req.raw, entry, cacheControl);
  for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
  if (c.req.method === "GET") {
    const url = new URL(c.req.url);
    const route = c.req.routePath === "*" || c.req.routePath === "/*" ? c.req.path : c.req.routePath;
    deps.fastLane.remember(url.pathname + url.search, {
      current: where ? () => where.cache.get(where.key) === entry : () => true,
      entry,
      route,
      headers: {
        "Content-Type": entry.contentType,
        ETag: entry.etag,
        "Cache-Control": cacheControl,
        Vary: "Accept-Encoding",
        ...entry.headers,
        ...extra,
      },
    });
  }
  return response;
}
