// `npm run bench:http` with BENCH_BARE_HISTORY=1 preloads this into the bare server (node --import): before
// it listens, the process does once what any application process does besides answering (decision
// 0087): gzip, a few kinds of streams, a child process with pipes, a Unix socket, a Hono app behind
// node:http answering some requests, and node:http and fetch as clients. None of it runs during the
// rounds. V8 keeps one record of the types each function of node's own code has seen (its inline
// caches) for the whole process, shared by every caller: after such work node:http's and the streams'
// code runs on mixed records, as it does in our server, and the bare listener's figure says what
// node:http costs in a process that has done something else first.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, createReadStream } from "node:fs";
import { createServer, get } from "node:http";
import { connect, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { gunzip, gzip, gzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";

const folder = mkdtempSync(path.join(tmpdir(), "bench-history-"));
const bytes = Buffer.alloc(4096, "clinic ");
const drain = async (stream) => {
  for await (const _ of stream);
};

for (let i = 0; i < 50; i++) {
  await new Promise((resolve) => gunzip(gzipSync(bytes), resolve));
  await new Promise((resolve) => gzip(bytes, resolve));
}
writeFileSync(path.join(folder, "file"), bytes);
for (let i = 0; i < 30; i++) {
  const through = new PassThrough();
  through.end("x");
  await drain(through);
  const transform = new Transform({ transform: (chunk, _encoding, done) => done(null, chunk) });
  transform.end(bytes);
  await drain(transform);
  await drain(Readable.from(["a", "b"]));
  await drain(createReadStream(path.join(folder, "file")));
}
for (let i = 0; i < 5; i++) {
  const child = spawn(process.execPath, ["-e", "console.log('x'.repeat(1000))"], { stdio: ["ignore", "pipe", "pipe"] });
  await drain(child.stdout);
}
const unix = createNetServer((socket) => socket.end("hello")).listen(path.join(folder, "socket"));
await new Promise((resolve) => unix.once("listening", resolve));
for (let i = 0; i < 30; i++) await drain(connect(path.join(folder, "socket")));
unix.close();

// A Hono app behind node:http, asked by another process (its requests are not this process's client code).
const app = new Hono();
app.get("/json", (c) => c.json({ a: 1 }));
app.get("/text", (c) => c.text("t", 201, { "x-a": "b" }));
app.get("/stream", (c) => c.body(Readable.toWeb(Readable.from([bytes]))));
app.post("/echo", async (c) => c.json(await c.req.json()));
const server = createServer(getRequestListener(app.fetch));
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const asker = spawn(
  process.execPath,
  [
    "-e",
    `(async () => { for (let i = 0; i < 200; i++) { for (const p of ["/json", "/text", "/stream", "/missing"]) await (await fetch("${base}" + p)).arrayBuffer();
      await (await fetch("${base}/echo", { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } })).arrayBuffer(); } })()`,
  ],
  { stdio: "ignore" },
);
await new Promise((resolve) => asker.once("exit", resolve));
// node:http and fetch as clients of this process.
for (let i = 0; i < 200; i++) {
  await new Promise((resolve) => get(`${base}/json`, (res) => res.resume().on("end", resolve)));
  await (await fetch(`${base}/text`)).text();
}
server.close();
server.closeAllConnections();
rmSync(folder, { recursive: true, force: true });
