import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../src/shared/schemas/uploads";
import { createTestApp, ORIGIN, type TestApp } from "./setup/test-app";

/**
 * A multipart upload refused for its foreign Origin (issue 39: a contract run saw EPIPE where the
 * document says 403): the server reads the body (discarding it) up to the upload limit, then answers, so
 * a client that streams its whole body gets the status. Above the limit it answers 413 and closes. The
 * real HTTP server and Node's own HTTP client, writing the body in chunks as a tool's upload does.
 */
let t: TestApp;
let server: ServerType;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const BOUNDARY = "----clinic-upload-test";
const CHUNK = 64 * 1024;

interface Outcome {
  status?: number;
  connection?: string;
  body?: string;
  /** An error of the request (EPIPE, ECONNRESET): what the client must not see. */
  error?: string;
  /** The whole body went out. */
  sent?: boolean;
}

/**
 * POSTs a multipart body of an image part of `size` bytes to `path`, streamed chunk by chunk (with its
 * length declared, or chunked), and waits for the answer and the end of the exchange. `paced`: a chunk
 * every 20 ms, as over a slower link than this machine's loopback (the body then takes longer than the
 * half second @hono/node-server gives an unread body before it closes the connection).
 */
function upload(path: string, size: number, origin: string, { chunked = false, paced = false } = {}): Promise<Outcome> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = head.length + size + tail.length;
  return new Promise((resolve) => {
    const outcome: Outcome = {};
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: {
        origin,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? {} : { "content-length": String(total) }),
      },
    });
    // The exchange is over when the request closes: after the whole body went out and the answer came
    // in, or at an error on either (a write to a connection the server reset: EPIPE, ECONNRESET).
    req.on("close", () => resolve(outcome));
    req.on("error", (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message;
    });
    req.on("response", (res) => {
      outcome.status = res.statusCode;
      outcome.connection = res.headers.connection;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => (body += part));
      res.on("end", () => {
        outcome.body = body;
      });
      res.on("error", (error: NodeJS.ErrnoException) => {
        outcome.error ??= error.code ?? error.message;
      });
    });
    const chunk = Buffer.alloc(CHUNK, 7);
    let sent = 0;
    req.write(head);
    const write = () => {
      if (!req.writable || outcome.error) return;
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(CHUNK, size - sent));
        sent += part.length;
        if (paced) return void (req.write(part) ? setTimeout(write, 20) : req.once("drain", () => setTimeout(write, 20)));
        if (!req.write(part)) return void req.once("drain", write);
      }
      req.end(tail, () => {
        outcome.sent = true;
      });
    };
    write();
  });
}

describe("an upload refused for its Origin", () => {
  it("answers 403 to a client that streams its whole body (length declared), without a reset", async () => {
    const outcome = await upload("/api/admin/team/upload-image", MAX_IMAGE_BYTES - 1024 * 1024, "https://evil.example");
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(true);
    expect(outcome.status).toBe(403);
    expect(JSON.parse(outcome.body!).message).toBeTruthy();
  });

  it("answers 403 to a body that takes its time to arrive, without a reset", async () => {
    const outcome = await upload("/api/admin/team/upload-image", 3 * 1024 * 1024, "https://evil.example", { paced: true });
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(true);
    expect(outcome.status).toBe(403);
    expect(JSON.parse(outcome.body!).message).toBeTruthy();
  });

  it("answers 403 to a chunked body too, and keeps the connection (the body was read)", async () => {
    const outcome = await upload("/api/admin/team/upload-image", 4 * 1024 * 1024, "https://evil.example", { chunked: true });
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(true);
    expect(outcome.status).toBe(403);
    expect(outcome.connection).not.toBe("close");
  });

  it("answers 413 with Connection: close to a body above the upload limit", async () => {
    const outcome = await upload("/api/admin/team/upload-image", MAX_IMAGE_BYTES + 2 * 1024 * 1024, "https://evil.example", {
      chunked: true,
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(true);
    expect(outcome.status).toBe(413);
    expect(outcome.connection).toBe("close");
  });

  it("answers the same upload from the site's own Origin without a session with 401, not a reset", async () => {
    const outcome = await upload("/api/admin/team/upload-image", 3 * 1024 * 1024, ORIGIN, { paced: true });
    expect(outcome.error).toBeUndefined();
    expect(outcome.sent).toBe(true);
    expect(outcome.status).toBe(401);
  });
});
