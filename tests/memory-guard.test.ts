import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryReading, startMemoryGuard } from "../src/server/ops/memory-guard";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The memory guard (MEMORY_CEILING_MB): near the ceiling it empties the page and image caches and
 * holds image work back, and the health answer says so. Here the ceiling is set below what the
 * process already holds, so the first check sheds. Its figures (resident memory, ceiling, image work)
 * go to a signed-in staff member only; anyone else reads its state (decision 0055).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the memory guard", () => {
  it("reports no ceiling when none is set", async () => {
    const cookie = await t.cookieFor(await t.createAdmin({ role: "super_admin" }));
    const health = await (await t.request("/api/health", { cookie })).json();
    expect(health.memory).toMatchObject({ ceilingMb: null, state: "ok", imageTasks: 0 });
  });

  it("tells anyone else nothing of it: no resident memory, ceiling or image work (issue 34)", async () => {
    expect(await (await t.request("/api/health")).json()).toEqual({ status: "ok" });
    expect(await (await t.request("/api/health", { cookie: await t.cookieFor(await t.createAdmin()) })).json()).toEqual({ status: "ok" });
  });

  it("near its ceiling empties the page and image caches, and the health answer reports it shedding", async () => {
    await t.deps.publicCache.getOrCreate("page:/guard-test", async () => ({ body: "<p>cached</p>", contentType: "text/html" }));
    await t.deps.imageCache.getOrCreate("image:/guard-test", async () => ({ body: Buffer.alloc(1024), contentType: "image/png" }));
    expect(t.deps.publicCache.get("page:/guard-test")).toBeDefined();

    const stop = startMemoryGuard({ ...t.deps, config: { ...t.deps.config, memoryCeilingMb: 1 } });
    try {
      expect(t.deps.publicCache.get("page:/guard-test")).toBeUndefined();
      expect(t.deps.imageCache.get("image:/guard-test")).toBeUndefined();
      expect(memoryReading()).toMatchObject({ ceilingMb: 1, state: "shedding" });
      const health = await (
        await t.request("/api/health", { cookie: await t.cookieFor(await t.createAdmin({ role: "super_admin" })) })
      ).json();
      expect(health.status).toBe("ok");
      expect(health.memory).toMatchObject({ ceilingMb: 1, state: "shedding" });
      expect(health.memory.residentMb).toBeGreaterThan(1);
      expect(await (await t.request("/api/health")).json()).toEqual({ status: "ok" });
    } finally {
      stop();
    }
  });
});
