import { afterEach, describe, expect, it, vi } from "vitest";
import { ENTRY_OVERHEAD_BYTES, PublicCache } from "../src/server/http/public-cache";

/**
 * The cache of public bodies on its own: bounded by bytes, least recently used out first, never
 * emptied whole when full (a flood of one-off entries must not cost the hot pages their entries),
 * emptied by clear() when staff change something.
 */
const text = (body: string) => async () => ({ body, contentType: "text/plain" });
/** Bytes one uncompressed entry takes (bodies under 1 KB get no gzip). */
const sizeOf = (key: string, body: string) => Buffer.byteLength(body) + Buffer.byteLength(key) + ENTRY_OVERHEAD_BYTES;

afterEach(() => vi.useRealTimers());

describe("PublicCache", () => {
  it("evicts the least recently used entry first: a read counts as a use", async () => {
    const cache = new PublicCache({ maxBytes: 3 * sizeOf("a", "x".repeat(100)) });
    for (const key of ["a", "b", "c"]) await cache.getOrCreate(key, text("x".repeat(100)));
    expect(cache.get("a")).toBeDefined();
    expect(cache.keys()).toEqual(["b", "c", "a"]);

    await cache.getOrCreate("d", text("x".repeat(100)));
    expect(cache.keys()).toEqual(["c", "a", "d"]);
  });

  it("holds at most maxBytes, counting bodies, their gzip and keys, and evicts only as much as it must", async () => {
    const maxBytes = 20_000;
    const cache = new PublicCache({ maxBytes });
    const big = "<p>clinic news</p>".repeat(200); // 3.6 KB: stored with its gzip
    const small = "y".repeat(500);
    const first = await cache.getOrCreate("big", text(big));
    expect(first.gzip).toBeDefined();
    expect(cache.bytes).toBe(first.body.byteLength + first.gzip!.byteLength + Buffer.byteLength("big") + ENTRY_OVERHEAD_BYTES);

    for (let i = 0; i < 100; i++) {
      await cache.getOrCreate(`small-${i}`, text(small));
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Full, not emptied: as many entries as fit remain, the newest ones.
    const perEntry = sizeOf("small-10", small);
    expect(cache.size).toBeGreaterThanOrEqual(Math.floor(maxBytes / perEntry) - 1);
    expect(cache.has("small-99")).toBe(true);
    expect(cache.has("big")).toBe(false);
    expect(cache.bytes).toBe(cache.keys().reduce((sum, key) => sum + sizeOf(key, small), 0));
  });

  it("keeps a hot entry through a flood of one-off entries, and is never emptied whole", async () => {
    const cache = new PublicCache({ maxBytes: 10_000 });
    await cache.getOrCreate("html:/", text("home page"));
    let fewest = Infinity;
    for (let i = 0; i < 1000; i++) {
      await cache.getOrCreate(`html:/no-such-page-${i}`, text("x".repeat(300)));
      if (i > 100) fewest = Math.min(fewest, cache.size);
      // Visitors keep reading the home page meanwhile.
      if (i % 5 === 0) expect(cache.get("html:/"), `after ${i} one-off entries`).toBeDefined();
    }
    expect(cache.has("html:/")).toBe(true);
    expect(fewest).toBeGreaterThan(10);
  });

  it("serves a body larger than the whole budget without keeping it", async () => {
    const cache = new PublicCache({ maxBytes: 2_000 });
    await cache.getOrCreate("small", text("s"));
    const huge = await cache.getOrCreate("huge", async () => ({ body: Buffer.alloc(50_000, 1), contentType: "application/octet-stream" }));
    expect(huge.body.byteLength).toBe(50_000);
    expect(cache.keys()).toEqual(["small"]);
  });

  it("clear() empties it; a body computed across a clear() is served once, not kept", async () => {
    const cache = new PublicCache();
    await cache.getOrCreate("a", text("old"));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);

    let release!: () => void;
    const started = cache.getOrCreate("b", async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: "rendered before the change", contentType: "text/plain" };
    });
    await Promise.resolve();
    cache.clear();
    release();
    expect((await started).body.toString()).toBe("rendered before the change");
    expect(cache.has("b")).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  it("computes a missing body once for concurrent requests, but not across a clear()", async () => {
    const cache = new PublicCache();
    let renders = 0;
    const produce = async () => {
      const render = ++renders;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { body: `render ${render}`, contentType: "text/plain" };
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.getOrCreate("html:/", produce)));
    expect(renders).toBe(1);
    expect(new Set(bodies.map((b) => b.etag)).size).toBe(1);

    cache.clear();
    const before = cache.getOrCreate("html:/about", produce);
    cache.clear();
    const after = cache.getOrCreate("html:/about", produce);
    expect((await before).body.toString()).not.toBe((await after).body.toString());
    expect(renders).toBe(3);
  });

  it("does not keep server failures, and lets entries expire after ttlMs", async () => {
    vi.useFakeTimers();
    const cache = new PublicCache({ ttlMs: 60_000 });
    await cache.getOrCreate("failed", async () => ({ body: "unavailable", contentType: "text/plain", status: 503 }));
    expect(cache.has("failed")).toBe(false);
    await cache.getOrCreate("page", text("hello"));
    vi.advanceTimersByTime(61_000);
    expect(cache.get("page")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});
