import { startServer } from "./boot/start";

/** Production: serves the client build in dist/client (npm run build). */
startServer({ web: { mode: "build" } }).catch((error) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
