import { randomFillSync } from "node:crypto";
import type { Context as HonoContext } from "hono";
import pino from "pino";

/**
 * The server's log: structured JSON lines (pino) on stdout. One line per request (request id, method,
 * route, status, duration), one per failure (its class and SQLSTATE), and the server's own events.
 * Never an error message, a stack, SQL, its parameters, a query string or a request body: those can
 * hold the names, e-mails, phones and health details of inquiries, or passwords. The request id is also
 * in the X-Request-Id response header and in the JSON of a logged error, so a report can be matched to
 * its lines. LOG_LEVEL picks what is written (default info; warn leaves out the request lines).
 */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: queueLine },
);

/**
 * Lines leave in batches: 20 ms after the first line of a batch, or at once when 512 are waiting, and
 * at exit whatever is left is written synchronously. Under load that is one system call for hundreds
 * of request lines: a write per turn of the event loop (a few lines each) cost a busy server about as
 * much CPU as the rest of answering a cached request (`npm run bench:http`, with LOG_LEVEL=warn as
 * the reference). A line reaches the log at most 20 ms late.
 */
let queued: string[] = [];

function queueLine(line: string): void {
  const count = queued.push(line);
  if (count === 1) setTimeout(flushLog, 20).unref();
  else if (count >= 512) flushLog();
}

/**
 * Whether request lines are written (LOG_LEVEL info or below), kept up to date from pino's own
 * level-change event rather than asked of pino on every request.
 */
let requestLinesOn = logger.isLevelEnabled("info");
logger.on("level-change", () => {
  requestLinesOn = logger.isLevelEnabled("info");
});

/**
 * A request's line, written without pino's serializer: the same fields, in the same order and shape as
 * `logger.info({ requestId, method, route, status, durationMs }, "request")` writes them (the fast
 * lane's test compares the two), for both the app and the fast lane: one line per request is the
 * busiest thing the log does. Every value is escaped by JSON.stringify (a route is a path a visitor chose).
 */
export function logRequestLine(requestId: string, method: string, route: string, status: number, durationMs: number): void {
  if (!requestLinesOn) return;
  queueLine(
    `{"level":"info","time":"${isoTimeNow()}","requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},` +
      `"route":${JSON.stringify(route)},"status":${status},"durationMs":${durationMs},"msg":"request"}\n`,
  );
}

/**
 * Cached public answers (the fast lane's 200s and 304s) are counted, not logged one line each
 * (decision 0082): one line a second for each route and status that had any, with how many were sent,
 * e.g. `{"level":"info","time":"...","method":"GET","route":"/","status":200,"count":412,"msg":"cached answers"}`.
 * A line per cached answer was most of what such an answer cost beyond node:http's own work (0.84 of
 * a bare server at best, decision 0071); a count a second is nothing per answer. Every other answer
 * (the full path: misses, cookies, staff, errors) keeps its own request line.
 */
export interface CachedAnswerCount {
  readonly route: string;
  readonly status: number;
  count: number;
}

/** The counters made, by status and route, so that two addresses of one route share one. */
const cachedCounters = new Map<string, CachedAnswerCount>();
/** The counters with answers since the last count lines. */
let countedSinceFlush: CachedAnswerCount[] = [];

/**
 * The counter of a route and status, made once per remembered answer (the fast lane keeps it): an
 * answer then costs `countCachedAnswer(counter)`, an increment.
 */
export function cachedAnswerCounter(route: string, status: number): CachedAnswerCount {
  const key = `${status} ${route}`;
  let counter = cachedCounters.get(key);
  if (counter === undefined) {
    // Routes are the site's own pages and API patterns; a bound all the same (a counter let go here
    // still counts for the lane that holds it; only the sharing is lost).
    if (cachedCounters.size >= 10_000) cachedCounters.clear();
    counter = { route, status, count: 0 };
    cachedCounters.set(key, counter);
  }
  return counter;
}

/** Counts one cached answer; its line is written within a second (flushCachedAnswerCounts). */
export function countCachedAnswer(counter: CachedAnswerCount): void {
  if (!requestLinesOn) return;
  if (counter.count++ === 0 && countedSinceFlush.push(counter) === 1) setTimeout(flushCachedAnswerCounts, 1000).unref();
}

/** Queues the count lines of the cached answers sent since the last ones (the tests call it, then flushLog). */
export function flushCachedAnswerCounts(): void {
  if (countedSinceFlush.length === 0) return;
  const counted = countedSinceFlush;
  countedSinceFlush = [];
  const time = isoTimeNow();
  for (const counter of counted) {
    queueLine(
      `{"level":"info","time":"${time}","method":"GET","route":${JSON.stringify(counter.route)},"status":${counter.status},` +
        `"count":${counter.count},"msg":"cached answers"}\n`,
    );
    counter.count = 0;
  }
}

/**
 * The time as pino's isoTime writes it, made once per millisecond: formatting a Date was most of the
 * cost of a request line (1.7 µs of 2), and a busy server writes many lines in the same millisecond.
 * Within a second only the milliseconds change: the rest ("2026-12-07T09:54:51.") is made once a second.
 */
let isoTimeMs = 0;
let isoTime = "";
let isoSecond = -1;
let isoSecondPrefix = "";
function isoTimeNow(): string {
  const now = Date.now();
  if (now !== isoTimeMs) {
    isoTimeMs = now;
    const second = Math.floor(now / 1000);
    if (second !== isoSecond) {
      isoSecond = second;
      isoSecondPrefix = new Date(second * 1000).toISOString().slice(0, 20);
    }
    const ms = now - second * 1000;
    isoTime = `${isoSecondPrefix}${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
  }
  return isoTime;
}

/** Writes the queued lines now (the tests call it before reading what was logged). */
export function flushLog(): void {
  if (queued.length === 0) return;
  const lines = queued.join("");
  queued = [];
  process.stdout.write(lines);
}

process.on("exit", () => {
  flushCachedAnswerCounts();
  flushLog();
});

export interface ErrorLogEntry {
  requestId: string;
  method: string;
  route: string;
  status: number;
  errorClass: string;
  code?: string;
}

export function logRequestError(entry: ErrorLogEntry): void {
  if (entry.status >= 500) logger.error(entry, "request failed");
  else logger.warn(entry, "request refused by the database");
}

/** A failure of work the server does by itself (housekeeping, retention, mail): the same rules, no request. */
export function logTaskError(task: string, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  logger.error(
    { task, errorClass: error instanceof Error ? error.constructor.name : typeof error, ...(typeof code === "string" ? { code } : {}) },
    "task failed",
  );
}

const REQUEST_ID_KEY = "requestId";
const FORWARDED_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's id: the one a trusted proxy sent (X-Request-Id, e.g. nginx's $request_id), else a new one.
 * Made when first asked for.
 */
export function requestIdOf(c: HonoContext, trustProxy = false): string {
  let id = c.get(REQUEST_ID_KEY as never) as string | undefined;
  if (!id) {
    id = requestIdFrom(c.req.header("x-request-id"), trustProxy);
    c.set(REQUEST_ID_KEY as never, id as never);
  }
  return id;
}

/** A new request id, or the X-Request-Id a trusted proxy sent when it is a plausible one. */
export function requestIdFrom(forwarded: string | string[] | undefined, trustProxy: boolean): string {
  return trustProxy && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : newRequestId();
}

/**
 * Request ids are random UUIDs (version 4, as crypto.randomUUID makes them), made 256 at a time:
 * the random bytes of the batch at once, laid out as text into one buffer and turned into one string,
 * each id then a slice of it. crypto.randomUUID draws its bytes in batches too, but joins each id from
 * 20 pieces, which a cached answer (decision 0085) measurably paid for: about 0.05 of the bare
 * server's figure in `npm run bench:http`.
 */
const IDS_PER_BATCH = 256;
/** An id's text and the dash after it: 36 + 1 characters. */
const ID_STRIDE = 37;
const HEX = "0123456789abcdef";
const idBytes = Buffer.alloc(16 * IDS_PER_BATCH);
const idText = Buffer.alloc(ID_STRIDE * IDS_PER_BATCH);
let idBatch = "";
let idNext = IDS_PER_BATCH;

function newIdBatch(): void {
  randomFillSync(idBytes);
  let out = 0;
  for (let id = 0; id < IDS_PER_BATCH; id++) {
    const at = id * 16;
    idBytes[at + 6] = (idBytes[at + 6]! & 0x0f) | 0x40; // version 4
    idBytes[at + 8] = (idBytes[at + 8]! & 0x3f) | 0x80; // variant 10xx (RFC 9562)
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) idText[out++] = 0x2d; // "-"
      const byte = idBytes[at + i]!;
      idText[out++] = HEX.charCodeAt(byte >> 4);
      idText[out++] = HEX.charCodeAt(byte & 0x0f);
    }
    idText[out++] = 0x2d;
  }
  idBatch = idText.toString("latin1");
  idNext = 0;
}

/** A new request id: a random UUID (version 4), never the same twice in practice. */
export function newRequestId(): string {
  if (idNext === IDS_PER_BATCH) newIdBatch();
  const start = idNext++ * ID_STRIDE;
  return idBatch.slice(start, start + 36);
}

/**
 * The last guard: an exception thrown outside every promise and catch (or a rejection nobody handled)
 * is logged without its message, which may quote data (its class, code and stack frames only), and
 * ends the process with status 1, so that a supervisor (deploy/clinic.service: Restart=on-failure)
 * starts it again. Carrying on after one would leave the server in a state nothing was written for.
 */
export function exitOnUnexpectedErrors(): void {
  const fatal = (kind: string) => (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    const frames =
      error instanceof Error && error.stack
        ? error.stack
            .split("\n")
            .filter((line) => /^\s+at /.test(line))
            .slice(0, 12)
            .map((line) => line.trim())
        : [];
    logger.fatal(
      {
        kind,
        errorClass: error instanceof Error ? error.constructor.name : typeof error,
        ...(typeof code === "string" ? { code } : {}),
        frames,
      },
      "unexpected error: stopping (a supervisor restarts the server)",
    );
    process.exit(1);
  };
  process.on("uncaughtException", fatal("uncaughtException"));
  process.on("unhandledRejection", fatal("unhandledRejection"));
}
