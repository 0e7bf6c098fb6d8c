import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "../src/server/http/http-server";
import { createTestApp, type TestApp } from "./setup/test-app";

/**
 * No answer's Location leaves the site (issue 34, item 6). The canonical redirect (no trailing slash)
 * answered `GET //evil.example/path/?x=1` with `301 Location: //evil.example/path?x=1`, which a browser
 * follows to another host: a link on the clinic's own domain that lands anywhere. The paths go to the
 * real node:http server as typed (a URL parser would read "//host" as a host before the app saw it).
 */
let t: TestApp;
let server: Server;
let port = 0;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  server = createHttpServer(t.app, t.deps);
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** The status and Location of a GET whose request line carries `path` exactly. */
function rawGet(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET", headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Where a browser on the site would go for that Location. */
const followed = (location: string) => new URL(location, `http://127.0.0.1:${port}/somewhere`);

describe("redirects stay on the site", () => {
  const cases = [
    "//evil.example/path/?x=1",
    "///evil.example/path/",
    "/\\evil.example/path/",
    "/\\/evil.example/",
    "/%2F%2Fevil.example/path/",
    "/%2f/evil.example/",
    "/%5Cevil.example/path/",
    "/%5C%5Cevil.example/",
    "//evil.example",
    "/es//evil.example/",
  ];
  for (const path of cases) {
    it(`GET ${path}`, async () => {
      const { status, location } = await rawGet(path);
      if (location === undefined) {
        expect(status).not.toBe(301);
        return;
      }
      expect(location.startsWith("//"), location).toBe(false);
      expect(location.startsWith("/\\"), location).toBe(false);
      expect(followed(location).host).toBe(`127.0.0.1:${port}`);
    });
  }

  it("the canonical redirect itself still works: one slash, no trailing slash, the query kept", async () => {
    expect(await rawGet("/about/?x=1")).toEqual({ status: 301, location: "/about?x=1" });
    expect(await rawGet("//about/")).toEqual({ status: 301, location: "/about" });
    expect(await rawGet("/es")).toEqual({ status: 301, location: "/es/" });
  });
});
