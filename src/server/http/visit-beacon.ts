import { TRPCError } from "@trpc/server";
import type { Context as HonoContext } from "hono";
import { visitBeacon } from "../../shared/schemas/analytics";
import { findInputProblem } from "../../shared/storable-text";
import { clientIp } from "../context";
import type { AppDeps } from "../deps";
import { errors } from "../errors";
import { readJson } from "../rest/bind";
import { matchPublicRoute } from "../../client/public/routes";
import { NOT_FOUND_PAGE, notCountedBecause } from "../services/analytics";
import { splitLanguagePath } from "../../shared/languages";

/** A path no page of the site answers is the 404 page's (the route table the pages render by; a service's slug is checked by the batch). */
function pageOf(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    return NOT_FOUND_PAGE;
  }
  return matchPublicRoute(decoded).route.key === "notFound" ? NOT_FOUND_PAGE : path;
}

/**
 * POST /api/visit: a public page's beacon (src/client/public/analytics.ts), a JSON body like every
 * other (rest/bind.ts readJson), counted by services/analytics.ts unless the browser asks not to be
 * (DNT, GPC) or is a robot. The answer says whether it counts, and sets nothing (no cookie); it does not
 * say whether a conversion's token counted (a bot must not learn which of its inquiries were judged spam).
 * A visit beacon is small: more than 2 KB is refused. A path no page answers counts as the 404 page,
 * "(not found)", so made-up addresses add no rows. The beacon is counted with the next batch, a second
 * later: the answer needs no database.
 * One address may send at most 120 a minute to an instance (VisitCounter.admit).
 */
const MAX_BEACON_BYTES = 2048;

export const VISIT_MESSAGES = {
  tooLarge: "A visit beacon is at most 2 KB",
  tooMany: "Too many visits from this address: try again in a minute",
} as const;

export async function answerVisitBeacon(c: HonoContext, deps: AppDeps): Promise<Response> {
  if (Number(c.req.header("content-length") ?? 0) > MAX_BEACON_BYTES) throw errors.payloadTooLarge(VISIT_MESSAGES.tooLarge);
  const raw = await readJson(c);
  const problem = findInputProblem(raw);
  if (problem) throw errors.invalidField(problem.path, problem.message);
  // Also without a Content-Length (a chunked body): measured as read (its nesting is bounded above).
  if (JSON.stringify(raw).length > MAX_BEACON_BYTES) throw errors.payloadTooLarge(VISIT_MESSAGES.tooLarge);
  const parsed = visitBeacon.safeParse(raw);
  if (!parsed.success)
    throw new TRPCError({ code: "BAD_REQUEST", message: parsed.error.issues[0]?.message ?? "Invalid visit", cause: parsed.error });

  const request = {
    userAgent: c.req.header("user-agent") ?? null,
    doNotTrack: c.req.header("dnt") ?? null,
    globalPrivacyControl: c.req.header("sec-gpc") ?? null,
    ownHost: new URL(deps.config.publicOrigin).hostname,
  };
  // Not counted (DNT, GPC, a robot): nothing else is looked at, and no limit is spent.
  if (notCountedBecause(request)) return c.json({ counted: false });
  const ip = clientIp(c, deps.config.trustProxy, deps.config.trustProxyHops);
  if (!deps.visitCounter.admit(ip)) throw errors.tooManyRequests(VISIT_MESSAGES.tooMany, 60);
  const beacon = parsed.data;
  // The page's language is its address's, also where the path becomes the 404 page's.
  deps.visitCounter.add(
    { ...request, ip, pageLanguage: splitLanguagePath(beacon.path).language },
    { ...beacon, path: pageOf(beacon.path), ...(beacon.entryPath ? { entryPath: pageOf(beacon.entryPath) } : {}) },
  );
  return c.json({ counted: true });
}
