// `npm run bench:http` with BENCH_BARE_INSIDE=1 preloads this into our server (node --require): a bare
// node:http listener inside our process, on BARE_INSIDE_PORT, sending the bytes and headers the bench
// PUTs to it first. Loaded instead of our port, it says what our process costs a request that does
// not go through any code of ours (the size of the heap, the runtime's state after our start).
const http = require("node:http");

// The server's own child processes (the first start's database, image work) inherit NODE_OPTIONS:
// the port is taken from the environment, so only the server listens.
const port = Number(process.env.BARE_INSIDE_PORT);
delete process.env.BARE_INSIDE_PORT;

let answer = { status: 200, headers: {}, body: Buffer.alloc(0) };
if (port)
  http
    .createServer((req, res) => {
      if (req.method === "PUT") {
        const chunks = [];
        req.on("data", (chunk) => chunks.push(chunk));
        req.on("end", () => {
          const given = JSON.parse(Buffer.concat(chunks).toString());
          answer = { status: given.status, headers: given.headers, body: Buffer.from(given.body, "base64") };
          res.end();
        });
        return;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    })
    .listen(port, "127.0.0.1");
