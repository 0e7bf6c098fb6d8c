import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushLog, logger } from "../src/server/log";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The server's error log holds the error's class, the route, the status and a request id that the
 * JSON error also carries; never SQL, its parameters, a request body, or the inquirer's name, e-mail,
 * phone or health details. A failure is made for real: the inquiries table is renamed away, so the
 * database refuses the insert and the driver's error (whose message quotes the SQL and every
 * parameter) reaches the error handler.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.execute(sql`alter table contact_submissions rename to contact_submissions_away`);
});
afterAll(async () => {
  await t.deps.db.execute(sql`alter table contact_submissions_away rename to contact_submissions`);
  await t.close();
});

const inquiry = {
  name: "Quinn Marlowe-Secret",
  email: "quinn.secret@example.com",
  phone: "801-555-0199",
  servicesInterested: ["Ozone Therapy"],
  healthConditions: "Private diagnosis XYZ",
  privacyPolicy: true,
  hipaaConsent: true,
  termsAndConditions: true,
};
const PRIVATE = ["Quinn", "quinn.secret", "555-0199", "Private diagnosis", "insert", "contact_submissions", "params"];

/** Runs `act` and returns what the server logged meanwhile (its log is JSON lines on stdout). */
async function stderrDuring(act: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString());
    return true;
  });
  try {
    await act();
    flushLog();
  } finally {
    spy.mockRestore();
  }
  return lines.join("");
}

describe("a database failure while saving an inquiry", () => {
  it("REST: answers 500 with a request id; the log line has that id, the route, the status and the error class, and nothing private", async () => {
    let body: { message: string; requestId?: string } = { message: "" };
    let status = 0;
    const logged = await stderrDuring(async () => {
      const res = await t.request("/api/contact", { json: inquiry });
      status = res.status;
      body = await res.json();
    });
    expect(status).toBe(500);
    expect(body.message).toBe("Something went wrong. Please try again.");
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logged.trim().split("\n");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: "error",
      msg: "request failed",
      requestId: body.requestId,
      method: "POST",
      route: "/api/contact",
      status: 500,
      code: "42P01",
    });
    expect(entry.errorClass).toEqual(expect.any(String));
    for (const secret of PRIVATE) expect(logged.toLowerCase()).not.toContain(secret.toLowerCase());
    for (const secret of PRIVATE) expect(JSON.stringify(body).toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it("tRPC: the error's data carries the request id of its log line, and nothing private is logged", async () => {
    let json: { error: { message: string; data: { requestId?: string; httpStatus: number } } } | undefined;
    const logged = await stderrDuring(async () => {
      const res = await t.request("/trpc/contact.submit", { json: inquiry });
      json = await res.json();
    });
    expect(json!.error.data.httpStatus).toBe(500);
    const requestId = json!.error.data.requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const entry = JSON.parse(logged.trim());
    expect(entry).toMatchObject({ requestId, route: "/trpc/contact.submit", status: 500, code: "42P01" });
    for (const secret of PRIVATE) expect(logged.toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it("ordinary refusals (400, 401, 404) are not logged and carry no request id", async () => {
    let body: Record<string, unknown> = {};
    const logged = await stderrDuring(async () => {
      body = await (await t.request("/api/contact", { json: { ...inquiry, email: "nope" } })).json();
      await t.request("/api/admin/me");
      await t.request("/api/admin/services/0x4");
    });
    expect(logged).toBe("");
    expect(body).toEqual({
      message: "Please enter a valid email address.",
      fieldErrors: { email: ["Please enter a valid email address."] },
    });
  });
});

describe("the request lines", () => {
  it("one per request: its id (also in X-Request-Id), method, route, status and duration; never the query string", async () => {
    const previous = logger.level;
    logger.level = "info";
    let headerId: string | null = null;
    try {
      const logged = await stderrDuring(async () => {
        const res = await t.request("/api/services?q=Quinn%20Marlowe");
        headerId = res.headers.get("x-request-id");
        await t.request("/api/admin/contact?q=Quinn&page=1");
      });
      const lines = logged
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({
        level: "info",
        msg: "request",
        requestId: headerId,
        method: "GET",
        route: "/api/services",
        status: 200,
      });
      expect(lines[0].durationMs).toEqual(expect.any(Number));
      expect(lines[1]).toMatchObject({ route: "/api/admin/contact", status: 401 });
      expect(logged).not.toContain("Quinn");
    } finally {
      logger.level = previous;
    }
  });
});
