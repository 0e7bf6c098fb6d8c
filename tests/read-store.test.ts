import { describe, expect, it } from "vitest";
import { ApiError, publicQueries } from "../src/client/public/api";
import { ReadStore } from "../src/client/public/store";

/**
 * The public pages' read store (src/client/public/store.tsx), which replaced TanStack Query there:
 * one request however many components ask at once, a failure kept with its public message and status
 * (never fetched again by itself), and a snapshot the browser starts from without a request.
 */
describe("the public read store", () => {
  it("runs a read once for everyone who asks at the same time, then answers from what it holds", async () => {
    const calls: Array<[string, unknown]> = [];
    const store = new ReadStore(async (path, input) => {
      calls.push([path, input]);
      return [{ slug: "a" }];
    });
    const query = publicQueries.services();
    const [first, second] = await Promise.all([store.fetch(query), store.fetch(query)]);
    expect(first).toBe(second);
    await store.fetch(query);
    expect(calls).toEqual([["services.list", { lang: "en" }]]);
    expect(store.view(query)).toMatchObject({ status: "success", data: [{ slug: "a" }] });
  });

  it("keeps a failure as its message and status, tells subscribers, and does not run it again on ensure", async () => {
    let runs = 0;
    const store = new ReadStore(async () => {
      runs += 1;
      throw new ApiError("Service not found", { httpStatus: 404 });
    });
    let notified = 0;
    store.subscribe(() => (notified += 1));
    const query = publicQueries.service("nope");
    await expect(store.fetch(query)).rejects.toThrow("Service not found");
    store.ensure(query);
    expect(runs).toBe(1);
    expect(notified).toBe(1);
    const view = store.view(query);
    expect(view.status).toBe("error");
    expect(view.error?.data.httpStatus).toBe(404);
  });

  it("starts from a snapshot without a request: the page hydrates from what the server read", async () => {
    const server = new ReadStore(async (path) => {
      if (path === "services.bySlug") throw new ApiError("Database unavailable", { httpStatus: 503 });
      return { total: 1, items: [] };
    });
    await server.fetch(publicQueries.newsPage(1, 12));
    await server.fetch(publicQueries.service("x")).catch(() => {});
    const browser = new ReadStore(() => Promise.reject(new Error("no request may be made")), JSON.parse(JSON.stringify(server.snapshot())));
    expect(browser.view(publicQueries.newsPage(1, 12))).toMatchObject({ status: "success", data: { total: 1 } });
    const failed = browser.view(publicQueries.service("x"));
    expect(failed.status).toBe("error");
    expect(failed.error?.message).toBe("Database unavailable");
    expect(failed.error?.data.httpStatus).toBe(503);
    // Another page's read is still pending: only the pages read are in the snapshot.
    expect(browser.view(publicQueries.team()).status).toBe("pending");
  });

  it("reads the Book page's free times again on purpose (refresh): the last answer shows until the new one, and stays if that fails", async () => {
    let answer: unknown = { times: ["09:00", "10:00"] };
    const store = new ReadStore(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const query = publicQueries.freeTimes("ozone-therapy", "2026-03-02", "2026-03-08");
    await store.fetch(query);
    answer = { times: ["10:00"] };
    // fetch answers from what the store holds; refresh runs the read again.
    expect(await store.fetch(query)).toEqual({ times: ["09:00", "10:00"] });
    const refreshed = store.refresh(query);
    expect(store.view(query)).toMatchObject({ status: "success", data: { times: ["09:00", "10:00"] } });
    expect(await refreshed).toEqual({ times: ["10:00"] });
    expect(store.view(query)).toMatchObject({ status: "success", data: { times: ["10:00"] } });
    answer = new ApiError("Database unavailable", { httpStatus: 503 });
    await expect(store.refresh(query)).rejects.toThrow("Database unavailable");
    expect(store.view(query)).toMatchObject({ status: "success", data: { times: ["10:00"] } });
  });
});
