import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openPglite, openPostgres, type DatabaseHandle } from "../db/client";
import { loadConfig } from "../env";
import { answers, maintenanceSocketPath } from "../maintenance-socket";
import { describeReport, verifyChain } from "../services/audit-chain";
import { runCommand } from "./run-command";

/**
 * `npm run audit -- verify`: recomputes the activity log's hash chain and names the first entry that
 * does not verify (docs/operations.md, "Audit verification"). Exit code 0 when intact, 1 when broken.
 * - DATABASE_URL: reads PostgreSQL directly, while the server runs.
 * - The embedded database: opens DATA_DIR/db itself, so the server must be stopped (PGlite allows one
 *   process at a time); while it runs, the Activity Log screen shows the same verification.
 */
const USAGE = `Usage:
  npm run audit -- verify
Recomputes every hash of the activity log's chain; prints "Audit trail intact: N entries verified."
or names the first entry that does not verify (exit code 1).`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help || positionals[0] !== "verify") {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openPostgres(config.databaseUrl);
  } else {
    if (await answers(maintenanceSocketPath(config.dataDir))) {
      throw new Error(`A server is running on ${config.dataDir}: stop it first (the embedded database allows one process), or see the Activity Log screen, which verifies the same chain`);
    }
    if (!existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) throw new Error(`No database in ${config.dataDir}/db: check DATA_DIR`);
    handle = await openPglite({ dataDir: config.dataDir });
  }
  try {
    const started = performance.now();
    const report = await verifyChain(handle.db);
    const line = describeReport(report);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (report.intact) {
      console.log(`${line} (${seconds} s)`);
      return 0;
    }
    console.error(line);
    return 1;
  } finally {
    await handle.close();
  }
}

runCommand(main, "Audit verification failed");
