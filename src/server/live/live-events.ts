import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { validateSessionToken, sessionCookieName } from "../auth/sessions";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { logTaskError } from "../log";
import { inquiryScopeOf, liveInquiryCounts, type InquiryScope } from "../services/inquiry-desk";
import { staffAccessOf } from "../services/roles";
import { refuseUnfinishedAccount, requirePermission } from "../trpc";

/**
 * The portal's live presence (issue 25): GET /api/admin/events, a server-sent event stream for a
 * signed-in staff member whose role sees inquiries. It says only counts and moments, never who wrote or
 * what:
 *
 * - `event: inquiries`, `data: {"new":N,"total":M}`: how many New inquiries, and how many in all, the
 *   caller's scope holds (the menu's count; the dashboard's Contact Inquiries and New cards, issue 36);
 *   sent when the stream opens and whenever either number changes (an inquiry arrived, changed status or
 *   assignee, or was deleted, on this instance or another: cache-bus.ts).
 * - `event: arrived`, `data: {}`: an inquiry arrived (the list's "n new inquiries: Refresh" banner, the
 *   desktop notification). Arrivals are unassigned, so every scope holds them.
 * - `event: end`: the session ended or the role no longer sees inquiries; the stream closes and the
 *   browser's next ordinary call finds out why.
 * - a comment every 25 s keeps proxies from closing a quiet stream; the session is checked then too,
 *   without counting as activity (an open tab keeps no one signed in).
 *
 * The browser's EventSource reconnects by itself after a dropped connection (`retry`); the portal also
 * reopens one the server refused or stopped (live.tsx). Nothing runs while no stream is open: the
 * bus's handler is added by the first stream and each count is one small read per open stream.
 */
const RECONNECT_MS = 3_000;
/** Streams one staff member may hold open at once (one per tab; more is a runaway script). */
const STREAMS_PER_USER = 12;

export const EVENTS_MESSAGES = {
  tooManyStreams: "Too many open portal tabs: close some and reload",
} as const;

export async function openEventStream(c: HonoContext, deps: AppDeps): Promise<Response> {
  const ctx = await createRequestContext(deps, c);
  if (!ctx.auth) throw errors.unauthorized();
  const auth = ctx.auth;
  await refuseUnfinishedAccount(deps.db, auth.user);
  const access = await requirePermission({ ...ctx, auth }, "inquiries.view", "events");
  if (deps.eventStreams.countFor(auth.user.id) >= STREAMS_PER_USER)
    throw errors.tooManyRequests(EVENTS_MESSAGES.tooManyStreams, RECONNECT_MS / 1000);
  const token = getCookie(c, sessionCookieName(deps.config.publicOrigin))!;
  const encoder = new TextEncoder();
  let scope: InquiryScope = inquiryScopeOf(access, auth.user.id);
  let closed = false;
  let lastCounts: string | null = null;
  let counting: Promise<void> | null = null;
  let countAgain = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};
  let unregister = () => {};
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const send = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    unregister();
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  };
  /** Still signed in, and still a role that sees inquiries (its scope read again): else `end`. */
  const stillAllowed = async () => {
    const current = await validateSessionToken(deps.db, token, new Date(), { touch: false });
    if (!current) return false;
    const now = await staffAccessOf(deps.db, current.user);
    if (!now.permissions.includes("inquiries.view")) return false;
    scope = inquiryScopeOf(now, current.user.id);
    return true;
  };
  const end = () => {
    send("event: end\ndata: {}\n\n");
    close();
  };
  // One count at a time; changes during a count are counted once more after it.
  const recount = () => {
    if (closed) return;
    if (counting) {
      countAgain = true;
      return;
    }
    counting = (async () => {
      do {
        countAgain = false;
        if (!(await stillAllowed())) return end();
        const counts = JSON.stringify(await liveInquiryCounts(deps.db, deps.secrets, scope));
        if (counts !== lastCounts) {
          lastCounts = counts;
          send(`event: inquiries\ndata: ${counts}\n\n`);
        }
      } while (countAgain && !closed);
    })()
      .catch((error) => logTaskError("live-events", error))
      .finally(() => {
        counting = null;
      });
  };

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      unregister = deps.eventStreams.add({ userId: auth.user.id, close });
      unsubscribe = deps.cacheBus.onInquiries((change) => {
        if (change === "arrived") send("event: arrived\ndata: {}\n\n");
        recount();
      });
      heartbeat = setInterval(() => {
        send(": still here\n\n");
        void stillAllowed()
          .then((allowed) => {
            if (!allowed) end();
          })
          .catch((error) => logTaskError("live-events", error));
      }, deps.eventStreams.heartbeatMs);
      heartbeat.unref();
      send(`retry: ${RECONNECT_MS}\n\n`);
      recount();
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      // nginx passes each event on at once instead of filling its buffer first.
      "X-Accel-Buffering": "no",
    },
  });
}
