import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushCachedAnswerCounts, flushLog, logger, newRequestId } from "../src/server/log";
import { createHttpServer } from "../src/server/http/http-server";
import { createTestApp, ORIGIN, type TestApp } from "./setup/test-app";

/**
 * The fast lane (src/server/http/fast-lane.ts) on the real node:http server: a cached public answer the app
 * sent once is sent again without the web framework, and nothing a visitor or staff can see differs:
 * the same bytes and headers, 304 and gzip alike; a staff change is seen at once; the contact page's
 * token is never reused; a request with a cookie, a HEAD or a POST takes the full path.
 */
let t: TestApp;
let server: Server;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  server = createHttpServer(t.app, t.deps);
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** The headers a visitor sees, without the ones that differ per answer. */
function visible(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!["date", "x-request-id", "connection", "keep-alive"].includes(name)) out[name] = value;
  });
  return out;
}

async function twice(path: string, headers: Record<string, string> = {}) {
  const before = t.deps.fastLane.hits;
  const first = await fetch(`${base}${path}`, { headers });
  const firstBody = Buffer.from(await first.arrayBuffer());
  const second = await fetch(`${base}${path}`, { headers });
  const secondBody = Buffer.from(await second.arrayBuffer());
  return { first, firstBody, second, secondBody, laneHits: t.deps.fastLane.hits - before };
}

/** A GET with header lines exactly as given (their case, repeated lines), as node:http sends them. */
function rawGet(path: string, headers: Record<string, string | string[]>): Promise<{ status: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, encoding: res.headers["content-encoding"] }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the fast lane", () => {
  // Issue 37: the lane reads its four headers from node's raw list, not req.headers: any case, and
  // repeated lines joined as req.headers joins them.
  it("reads the headers it needs in any case and from repeated lines, as the full path does", async () => {
    const first = await fetch(`${base}/api/team`, { headers: { "accept-encoding": "gzip" } });
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const before = t.deps.fastLane.hits;
    expect(await rawGet("/api/team", { "IF-NONE-MATCH": ['"not-this-one"', etag] })).toMatchObject({ status: 304 });
    expect(await rawGet("/api/team", { "Accept-Encoding": ["br", "gzip"] })).toMatchObject({ status: 200, encoding: "gzip" });
    expect(await rawGet("/api/team", { "Accept-Encoding": "br" })).toMatchObject({ status: 200, encoding: undefined });
    expect(t.deps.fastLane.hits).toBe(before + 3);
    // A cookie in any case takes the full path.
    expect(await rawGet("/api/team", { COOKIE: "theme=dark" })).toMatchObject({ status: 200 });
    expect(t.deps.fastLane.hits).toBe(before + 3);
  });

  it("sends a cached JSON answer again with the same bytes and headers, plain, gzip and 304", async () => {
    for (const headers of [{ "accept-encoding": "identity" }, { "accept-encoding": "gzip" }]) {
      const { first, firstBody, second, secondBody, laneHits } = await twice("/api/services", headers);
      expect(laneHits).toBeGreaterThanOrEqual(1);
      expect(second.status).toBe(200);
      expect(visible(second)).toEqual(visible(first));
      expect(secondBody.equals(firstBody)).toBe(true);
      expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    }
    const etag = (await fetch(`${base}/api/services`)).headers.get("etag")!;
    const before = t.deps.fastLane.hits;
    const notModified = await fetch(`${base}/api/services`, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(t.deps.fastLane.hits).toBe(before + 1);
    expect(notModified.headers.get("x-content-type-options")).toBe("nosniff");
  });

  // Decision 0085: request ids are made 256 at a time (log.ts, newRequestId), as random as
  // crypto.randomUUID's and in its form; every answer, the lane's and the full path's, gets a new one.
  it("gives every answer a new random UUID as its X-Request-Id, across the id maker's batches", async () => {
    const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const made = Array.from({ length: 1_000 }, () => newRequestId());
    const ids = new Set(made);
    const before = t.deps.fastLane.hits;
    for (let i = 0; i < 600; i++) {
      const answer = await fetch(`${base}/api/services`, { headers: i === 0 ? { cookie: "theme=dark" } : {} });
      await answer.arrayBuffer();
      ids.add(answer.headers.get("x-request-id")!);
    }
    expect(t.deps.fastLane.hits).toBe(before + 599); // the first (with a cookie) took the full path
    expect(ids.size).toBe(1_600);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    // The version's and variant's bits are the only fixed ones: every other hex digit takes many values.
    const digits = (at: number) => new Set(made.map((id) => id[at])).size;
    for (const at of [0, 9, 15, 20, 35]) expect(digits(at)).toBe(16);
    expect(digits(19)).toBe(4);
  });

  it("sends a cached page again with its Content-Security-Policy and security headers", async () => {
    const { first, second, secondBody, firstBody, laneHits } = await twice("/about", { "accept-encoding": "gzip" });
    expect(laneHits).toBe(1);
    expect(visible(second)).toEqual(visible(first));
    expect(second.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(secondBody.equals(firstBody)).toBe(true);
  });

  it("shows a staff change at once", async () => {
    await fetch(`${base}/api/team`);
    const before: Array<{ name: string }> = await (await fetch(`${base}/api/team`)).json();
    const cookie = await t.cookieFor(await t.createAdmin());
    const created = await fetch(`${base}/api/admin/team`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({
        name: "Fast Lane Tester",
        role: "Nurse",
        bio: "Checks that changes show at once.",
        imageUrl: "/images/team/dr-elena-marsh.svg",
      }),
    });
    expect(created.status).toBe(201);
    const after: Array<{ name: string }> = await (await fetch(`${base}/api/team`)).json();
    expect(after.length).toBe(before.length + 1);
    expect(after.map((m) => m.name)).toContain("Fast Lane Tester");
  });

  it("never sends the contact page's form token twice", async () => {
    const token = async () => /name="formToken" value="([^"]+)"/.exec(await (await fetch(`${base}/contact`)).text())?.[1];
    const [a, b, c] = [await token(), await token(), await token()];
    expect(a).toBeTruthy();
    expect(new Set([a, b, c]).size).toBe(3);
  });

  // Decision 0082: a cached answer is counted, not given a line of its own (the line was most of what
  // such an answer cost beyond node:http's work); the full path keeps its request line, as pino writes it.
  it("logs the full path's answers one line each, as pino would; counts the lane's 200s and 304s in a line a second per route and status", async () => {
    const lines: string[] = [];
    const level = logger.level;
    logger.level = "info"; // the tests run at warn
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString());
      return true;
    });
    const entries = () =>
      lines
        .join("")
        .trim()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const countsOf = (route: string) => entries().filter((e) => e.msg === "cached answers" && e.route === route);
    try {
      flushCachedAnswerCounts(); // the counts of earlier tests' answers
      flushLog();
      lines.length = 0;
      const route = "/news/lane-count-test";
      await fetch(`${base}${route}?x=1`); // a 404: the full path every time, one line each
      await fetch(`${base}/about?lane-log=1`); // remembered
      const etag = (await fetch(`${base}/about?lane-log=1`)).headers.get("etag")!; // fast lane, 200
      await fetch(`${base}/about?lane-log=2`); // remembered: another address, the same route
      await fetch(`${base}/about?lane-log=2`); // fast lane, 200
      const lanesBefore = t.deps.fastLane.hits;
      expect((await fetch(`${base}/about?lane-log=1`, { headers: { "if-none-match": etag } })).status).toBe(304); // fast lane, 304
      expect(t.deps.fastLane.hits).toBe(lanesBefore + 1);
      await fetch(`${base}/news/%22quoted%5C`); // a path with characters JSON escapes
      logger.info({ requestId: "pino-reference", method: "GET", route: "/about", status: 200, durationMs: 1.5 }, "request");
      // The counts are written by themselves within a second, then leave with the next batch.
      await expect
        .poll(
          () => {
            flushLog();
            return countsOf("/about").length;
          },
          { timeout: 5_000, interval: 50 },
        )
        .toBe(2);
    } finally {
      spy.mockRestore();
      logger.level = level;
    }
    const requests = entries().filter((e) => e.msg === "request");
    const reference = requests.find((e) => e.requestId === "pino-reference")!;
    // The full path's answers: a line each (the two first visits of /about, the 404s); none for the lane's.
    expect(requests.filter((e) => e.route === "/about" && e.requestId !== "pino-reference").map((e) => e.status)).toEqual([200, 200]);
    for (const entry of requests) {
      expect(Object.keys(entry)).toEqual(Object.keys(reference));
      expect(entry).toMatchObject({ level: "info", method: "GET", msg: "request" });
      expect(Date.parse(entry.time as string)).not.toBeNaN();
    }
    expect(requests.some((e) => e.route === '/news/"quoted\\')).toBe(true);
    // The lane's answers: per route and status, how many, whichever address of the route they answered.
    const counts = countsOf("/about").sort((a, b) => (a.status as number) - (b.status as number));
    expect(counts.map(({ time: _, ...rest }) => rest)).toEqual([
      { level: "info", method: "GET", route: "/about", status: 200, count: 2, msg: "cached answers" },
      { level: "info", method: "GET", route: "/about", status: 304, count: 1, msg: "cached answers" },
    ]);
    expect(Date.parse(counts[0]!.time as string)).not.toBeNaN();
  });

  it("leaves requests with a cookie, HEAD requests and unknown addresses to the full path", async () => {
    await fetch(`${base}/api/testimonials`);
    const before = t.deps.fastLane.hits;
    expect((await fetch(`${base}/api/testimonials`, { headers: { cookie: "theme=dark" } })).status).toBe(200);
    expect((await fetch(`${base}/api/testimonials`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    expect(t.deps.fastLane.hits).toBe(before);
  });
});
