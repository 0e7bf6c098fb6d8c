import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../paths";

/**
 * The built first-start step (vite.server.config.ts builds src/server/ops/cli/first-start.ts into it):
 * creates the embedded database in DATA_DIR/db, migrates and seeds it, in a process that exits.
 */
export const FIRST_START_SCRIPT = path.join(PROJECT_ROOT, "dist", "server", "first-start.js");

/** Whether the embedded database in DATA_DIR/db has not been created yet (PostgreSQL writes PG_VERSION first). */
export function embeddedDatabaseMissing(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, "db", "PG_VERSION"));
}

/**
 * The embedded database's first start, in a child process. Creating a database with PGlite runs a
 * second PostgreSQL (initdb) beside the first and copies the new folder through memory, and
 * WebAssembly memory never shrinks: the server that did it held about twice what a restart holds
 * (measured: 885 MB at its peak and 852 MB kept, against 411 MB for a restart). The child creates the
 * folder from the build's template (no initdb: EMBEDDED_DB_TEMPLATE in db/client.ts), migrates and
 * seeds it, and exits, giving its memory back; the server then opens the folder as a restart does.
 * It inherits the environment and writes its log lines to the server's output. Nothing to do on
 * PostgreSQL, on an existing folder, or without a build (development creates the folder in its own
 * process).
 */
export async function createEmbeddedDatabaseApart(config: { databaseUrl?: string; dataDir: string }): Promise<void> {
  if (config.databaseUrl || !embeddedDatabaseMissing(config.dataDir) || !existsSync(FIRST_START_SCRIPT)) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [FIRST_START_SCRIPT], { stdio: ["ignore", "inherit", "inherit"], env: process.env });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}
