import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { adminSessions } from "../src/server/db/schema";
import { openPostgres } from "../src/server/db/client";
import { inquiryJson } from "./setup/inquiry";
import { auditKeyOf, createTestApp, type TestApp } from "./setup/test-app";

/**
 * The portal's live presence (issue 25 item 1): GET /api/admin/events tells a signed-in staff member
 * whose role sees inquiries how many are New (their scope), and that one arrived, the moment it
 * happens, on this instance or another; it says nothing about anyone, keeps no session alive, and ends
 * when the session does or the server stops.
 */
let t: TestApp;
let ownerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerCookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
});
afterAll(() => t.close());

interface ServerEvent {
  event: string;
  data: string;
}

/** Reads a stream's events as they come; `next(name)` waits for the next event of that name (others are kept). */
function eventsOf(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const seen: ServerEvent[] = [];
  const raw: string[] = [];
  let buffer = "";
  let done = false;
  const pull = async () => {
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      return;
    }
    raw.push(chunk.value);
    buffer += chunk.value;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice(7);
      const data = lines.find((line) => line.startsWith("data: "))?.slice(6) ?? "";
      if (event) seen.push({ event, data });
    }
  };
  return {
    raw,
    async next(name: string): Promise<ServerEvent> {
      for (;;) {
        const index = seen.findIndex((entry) => entry.event === name);
        if (index >= 0) return seen.splice(index, 1)[0]!;
        if (done) throw new Error(`The stream ended before an "${name}" event`);
        await pull();
      }
    },
    async newCount(): Promise<number> {
      return (JSON.parse((await this.next("inquiries")).data) as { new: number }).new;
    },
    /** Waits until the stream has said it is still there `times` times (its heartbeat comment). */
    async heartbeats(times: number): Promise<void> {
      while (raw.join("").split(": still here").length - 1 < times) {
        if (done) throw new Error("The stream ended before its heartbeats");
        await pull();
      }
    },
    /** Resolves when the server has closed the stream. */
    async ended(): Promise<void> {
      while (!done) await pull();
    },
    stop: () => reader.cancel(),
  };
}

const open = (app: TestApp, cookie: string) =>
  app.request("/api/admin/events", {
    cookie,
    headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" },
  });
const sendInquiry = (app: TestApp, tag: string, ip = "203.0.113.20") =>
  app.request("/api/contact", {
    method: "POST",
    body: inquiryJson(app.deps.secrets, tag),
    headers: { "content-type": "application/json" },
    ip,
  });

describe("GET /api/admin/events", () => {
  it("is refused without a session (401) and to a role that does not see inquiries (403)", async () => {
    expect((await open(t, "")).status).toBe(401);
    const marketing = await t.cookieFor(await t.createAdmin({ role: "marketing" }));
    const refused = await open(t, marketing);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/Access Denied/);
  });

  it("counts New inquiries at once, announces an arrival and a status change, and says nothing about anyone", async () => {
    const response = await open(t, ownerCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const stream = eventsOf(response);
    try {
      const before = await stream.newCount();
      const sent = await sendInquiry(t, "Live Arrival Person");
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: number };
      await stream.next("arrived");
      expect(await stream.newCount()).toBe(before + 1);
      // Spam (a form without its token) is stored but not announced: the next event is the status change's.
      const spam = await t.request("/api/contact", {
        method: "POST",
        json: { ...JSON.parse(inquiryJson(t.deps.secrets, "Spam Person")), formToken: undefined },
        ip: "203.0.113.21",
      });
      expect(spam.status).toBe(201);
      const changed = await t.request(`/api/admin/contact/${id}`, { method: "PATCH", json: { status: "contacted" }, cookie: ownerCookie });
      expect(changed.status).toBe(200);
      expect(await stream.newCount()).toBe(before);
      const text = stream.raw.join("");
      expect(text).not.toMatch(/Live Arrival|live\.arrival|801-555|Ozone/);
      expect(text).toMatch(/^retry: \d+/);
    } finally {
      await stream.stop();
    }
    expect(t.deps.eventStreams.size).toBe(0);
  });

  it("counts every inquiry too, for the dashboard's Contact Inquiries card: an arrival and a deletion move it (issue 36)", async () => {
    const response = await open(t, ownerCookie);
    const stream = eventsOf(response);
    const counts = async () => JSON.parse((await stream.next("inquiries")).data) as { new: number; total: number };
    try {
      const before = await counts();
      expect(before.total).toBeGreaterThanOrEqual(before.new);
      const sent = await sendInquiry(t, "Live Total Person", "203.0.113.22");
      expect(sent.status).toBe(201);
      const { id } = (await sent.json()) as { id: number };
      expect(await counts()).toEqual({ new: before.new + 1, total: before.total + 1 });
      // Contacted: New goes down, the total stays; deleted: the total goes down.
      await t.request(`/api/admin/contact/${id}`, { method: "PATCH", json: { status: "contacted" }, cookie: ownerCookie });
      expect(await counts()).toEqual({ new: before.new, total: before.total + 1 });
      const deleted = await t.request(`/api/admin/contact/${id}`, { method: "DELETE", cookie: ownerCookie });
      expect(deleted.status).toBe(200);
      expect(await counts()).toEqual(before);
    } finally {
      await stream.stop();
    }
  });

  it("a role that sees only its own inquiries counts those assigned to its holder or to nobody", async () => {
    const desk = await t.createAdmin({ role: "front_desk" });
    const deskCookie = await t.cookieFor(desk);
    const other = await t.createAdmin({ role: "admin" });
    await t.request("/api/admin/roles/front_desk", { method: "PUT", json: { assignedOnly: true }, cookie: ownerCookie });
    try {
      const stream = eventsOf(await open(t, deskCookie));
      try {
        const before = await stream.newCount();
        const theirs = await t.addInquiry({ assigneeId: other.id });
        await t.deps.cacheBus.inquiries("changed");
        const mine = await t.addInquiry({ assigneeId: desk.id });
        await t.deps.cacheBus.inquiries("changed");
        // Only the one assigned to the front desk's holder moves their count.
        expect(await stream.newCount()).toBe(before + 1);
        expect(theirs.status).toBe("new");
        expect(mine.status).toBe("new");
      } finally {
        await stream.stop();
      }
    } finally {
      await t.request("/api/admin/roles/front_desk", { method: "PUT", json: { assignedOnly: false }, cookie: ownerCookie });
    }
  });

  it("ends when the session ends (checked at each heartbeat), and checking it keeps no session alive", async () => {
    const admin = await t.createAdmin();
    const cookie = await t.cookieFor(admin);
    t.deps.eventStreams.heartbeatMs = 50;
    try {
      const response = await open(t, cookie);
      const stream = eventsOf(response);
      await stream.newCount();
      // Last active ten minutes ago: an ordinary request would mark it active now; the heartbeats' checks do not.
      const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
      await t.deps.db.update(adminSessions).set({ lastActiveAt: tenMinutesAgo }).where(eq(adminSessions.adminId, admin.id));
      await stream.heartbeats(3);
      const [after] = await t.deps.db
        .select({ at: adminSessions.lastActiveAt })
        .from(adminSessions)
        .where(eq(adminSessions.adminId, admin.id));
      expect(after!.at.getTime()).toBe(tenMinutesAgo.getTime());
      expect((await t.request("/api/admin/logout", { method: "POST", cookie })).status).toBe(200);
      await stream.next("end");
      await stream.ended();
    } finally {
      t.deps.eventStreams.heartbeatMs = 25_000;
    }
  });

  it("a stop ends every open stream (the browsers reconnect, behind a load balancer elsewhere)", async () => {
    const stream = eventsOf(await open(t, ownerCookie));
    await stream.newCount();
    expect(t.deps.eventStreams.size).toBe(1);
    t.deps.eventStreams.closeAll();
    await stream.ended();
    expect(t.deps.eventStreams.size).toBe(0);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two instances on one PostgreSQL", () => {
  it("an inquiry sent through one is announced on the other's stream, through NOTIFY", async () => {
    if (t.engine !== "postgres") return;
    const [current] = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const handle = await openPostgres(url.toString(), auditKeyOf());
    const b = await createTestApp({ database: { handle, drop: () => handle.close(), engine: "postgres" } });
    const stops = [await t.deps.cacheBus.connect(t.deps.database), await b.deps.cacheBus.connect(b.deps.database)];
    const stream = eventsOf(await open(t, ownerCookie));
    try {
      const before = await stream.newCount();
      expect((await sendInquiry(b, "Other Instance Person", "203.0.113.30")).status).toBe(201);
      await stream.next("arrived");
      expect(await stream.newCount()).toBe(before + 1);
    } finally {
      await stream.stop();
      for (const stop of stops) await stop();
      await b.close();
    }
  });
});
