import { register } from "node:module";
import { createServer as createViteServer } from "vite";

// Page modules import their CSS, empty on the server; the public pages render with Preact (dev-loader.mjs).
register("./dev-loader.mjs", import.meta.url);
const { startServer } = await import("./start");

/**
 * `npm run dev`: the same server, with Vite in middleware mode in front of it (client modules with
 * Fast Refresh). tsx restarts the server when server code changes.
 */
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

startServer({
  web: { mode: "dev" },
  before: (req, res, next) => vite.middlewares(req, res, next),
  onStop: () => vite.close(),
}).catch((error) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
