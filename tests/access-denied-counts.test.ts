import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { accessDeniedCounts, adminActivityLog } from "../src/server/db/schema";
import { REFUSAL_COUNTS_KEPT_DAYS } from "../src/server/services/activity";
import { verifyChain } from "../src/server/services/audit-chain";
import { deleteExpiredRows } from "../src/server/services/maintenance";
import { createTestApp, type TestAdmin, type TestApp } from "./setup/test-app";

/**
 * Refused requests (issue 34, item 8): each account's refusals are counted per minute, so any staff
 * member refused again and again adds one append-only activity line a minute, not one per request.
 * The minute's first refusal writes the line (what it refused); the activity list shows it with the
 * minute's count. The app's clock is held still (only Date is faked), so the 50 requests fall in one
 * minute whatever the moment the test runs, and the next minute is one step of it.
 */
let t: TestApp;
let marketing: TestAdmin;
let chief: TestAdmin;
let marketingCookie: string;
let chiefCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  marketing = await t.createAdmin({ role: "marketing" });
  chief = await t.createAdmin({ role: "super_admin" });
  marketingCookie = await t.cookieFor(marketing);
  chiefCookie = await t.cookieFor(chief);
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  // The start of this minute, so the sessions made just now are not in the future.
  vi.setSystemTime(Math.floor(now / 60_000) * 60_000);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

async function refusedLines() {
  return t.deps.db
    .select()
    .from(adminActivityLog)
    .where(and(eq(adminActivityLog.adminId, marketing.id), eq(adminActivityLog.action, "access_denied")))
    .orderBy(adminActivityLog.chainSeq);
}

async function listed(): Promise<Array<{ id: number; resourceId: string; refusals: number | null; details: Record<string, unknown> }>> {
  const res = await t.request(`/api/admin/activity?adminId=${marketing.id}&action=access_denied&pageSize=200`, { cookie: chiefCookie });
  expect(res.status).toBe(200);
  return (await res.json()).items;
}

it("50 refusals of one account within a minute leave one access_denied line, listed with a count of 50", async () => {
  // At once: on PostgreSQL through several connections, all counting the same minute's row.
  const answers = await Promise.all(Array.from({ length: 50 }, () => t.request("/api/admin/contact?page=1", { cookie: marketingCookie })));
  expect(answers.map((res) => res.status)).toEqual(Array(50).fill(403));
  const lines = await refusedLines();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    resourceType: "permission",
    resourceId: "inquiries.view",
    details: { procedure: "contact.list", role: "marketing" },
  });
  expect(await listed()).toEqual([expect.objectContaining({ id: lines[0]!.id, resourceId: "inquiries.view", refusals: 50 })]);
  // The line is in the chain like any other.
  expect(await verifyChain(t.deps.db, t.deps.secrets)).toMatchObject({ intact: true });
});

it("a refusal in the next minute adds one more line; lines of other kinds carry no count", async () => {
  vi.setSystemTime(Date.now() + 60_000);
  // Another permission this time: the new minute's line says what it refused.
  expect((await t.request("/api/admin/settings", { cookie: marketingCookie })).status).toBe(403);
  const lines = await refusedLines();
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatchObject({ resourceId: "settings.manage" });
  const items = await listed();
  expect(items.map((item) => [item.resourceId, item.refusals])).toEqual([
    ["settings.manage", 1],
    ["inquiries.view", 50],
  ]);
  const all = await (await t.request("/api/admin/activity?pageSize=200", { cookie: chiefCookie })).json();
  for (const item of all.items) if (item.action !== "access_denied") expect(item.refusals).toBeNull();
});

it("the housekeeping removes counts after 30 days; their lines stay, without a count", async () => {
  await deleteExpiredRows(t.deps.db, new Date(Date.now() + (REFUSAL_COUNTS_KEPT_DAYS - 1) * 24 * 60 * 60_000));
  expect(await t.deps.db.$count(accessDeniedCounts, eq(accessDeniedCounts.adminId, marketing.id))).toBe(2);
  await deleteExpiredRows(t.deps.db, new Date(Date.now() + (REFUSAL_COUNTS_KEPT_DAYS + 1) * 24 * 60 * 60_000));
  expect(await t.deps.db.$count(accessDeniedCounts, eq(accessDeniedCounts.adminId, marketing.id))).toBe(0);
  expect(await refusedLines()).toHaveLength(2);
  // The sweep also ended the sessions, a month on: a new one to read the list.
  chiefCookie = await t.cookieFor(chief);
  expect((await listed()).map((item) => item.refusals)).toEqual([null, null]);
});
