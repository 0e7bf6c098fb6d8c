import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, type TestApp } from "./setup/test-app";

/**
 * The real HTTP server (@hono/node-server) with a keep-alive client (Node's fetch, which reuses its
 * connections): an answer given before the request's body was read (a refused Origin) first reads the
 * rest of it, up to its limit, and keeps the connection; a body above the limit gets 413 with
 * `Connection: close`, so the client's next request goes out on a fresh connection instead of one the
 * server is about to cut (tests/refused-upload.test.ts: uploads).
 */
let t: TestApp;
let server: ServerType;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe("answers sent before the body was read", () => {
  it("an oversized body gets 413 with Connection: close, and the client's next request is answered", async () => {
    // 70 MB: more than the server would ever drain (64 MB), so without Connection: close the server
    // cuts the socket the client would reuse.
    const big = new Uint8Array(70 * 1024 * 1024);
    const first = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: big,
    });
    expect(first.status).toBe(413);
    expect(first.headers.get("connection")).toBe("close");
    await first.arrayBuffer();
    const next = await fetch(`${base}/api/health`);
    expect(next.status).toBe(200);
  });

  it("a refused Origin reads (and discards) a body within the limit, answers 403 and keeps the connection", async () => {
    const refused = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ name: "x" }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("connection")).not.toBe("close");
    await refused.arrayBuffer();
    const read = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ name: "x" }),
    });
    expect(read.status).toBe(400);
    expect(read.headers.get("connection")).not.toBe("close");
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});
