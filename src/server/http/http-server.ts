import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { FastLane } from "./fast-lane";

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The node:http server in front of the app: cached public answers leave by the fast lane
 * (fast-lane.ts), everything else goes to the app. `before` (development) puts Vite's middleware in
 * front instead. Idle connections are kept longer than a load balancer or a client keeps them (nginx:
 * 60 s), so the server never closes one just as the other side sends a request on it.
 */
export function createHttpServer(app: Hono, deps: { fastLane: FastLane }, before?: Middleware): Server {
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (before) before(req, res, () => listener(req, res));
    else if (!deps.fastLane.serve(req, res)) void listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
