import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * The REST mirror's contract, kept as two snapshots: the OpenAPI document (GET /api/openapi.json) and
 * the set of routes Hono serves, each with the statuses its document lists. A change to either shows in
 * review as a diff of tests/snapshots/; update them on purpose with `npx vitest run -u tests/rest-contract.test.ts`.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

it("the OpenAPI document is unchanged", async () => {
  const response = await t.request("/api/openapi.json");
  expect(response.status).toBe(200);
  // Keys sorted: the order of paths and fields in the JSON text is not part of the contract.
  const text = JSON.stringify(sortedKeys(await response.json()), null, 2);
  await expect(text).toMatchFileSnapshot("snapshots/openapi.json");
});

it("the set of routes (method, path, statuses) is unchanged", async () => {
  const doc = (await (await t.request("/api/openapi.json")).json()) as Doc;
  const statuses = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      statuses.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`, Object.keys(operation.responses).sort());
    }
  }
  const served = [
    ...new Set(
      t.app.routes
        .filter((route) => route.method !== "ALL" && (route.path.startsWith("/api/") || route.path.startsWith("/admin/api/")))
        .map((route) => `${route.method} ${route.path}`),
    ),
  ].sort();
  const lines = served.map((route) => `${route} ${(statuses.get(route) ?? ["(undocumented)"]).join(",")}`);
  await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot("snapshots/rest-routes.txt");
});

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
