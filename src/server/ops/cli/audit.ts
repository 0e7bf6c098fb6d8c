import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openPglite, openPostgres, type DatabaseHandle } from "../../db/client";
import { loadConfig } from "../../env";
import { answers, maintenanceSocketPath } from "../maintenance-socket";
import { chainHead, describeReport, formatHead, parseHead, verifyChain } from "../../services/audit-chain";
import { commandKeys, runCommand } from "./run-command";

/**
 * `npm run audit -- verify | head` (docs/operations.md, "Audit verification").
 * - verify: recomputes the activity log's hash chain with the key ring's audit keys and names the first
 *   entry that does not verify; with --head, also checks the chain against a head kept outside the
 *   database (the newest entries removed show then). Exit code 0 when intact, 1 when broken.
 * - head: prints the chain's head, "seq:hash", to keep where the database cannot rewrite it.
 * - DATABASE_URL: reads PostgreSQL directly, while the server runs.
 * - The embedded database: opens DATA_DIR/db itself, so the server must be stopped (PGlite allows one
 *   process at a time); while it runs, the Activity Log screen shows the same verification, and the
 *   server's log has the head (at start, then daily).
 */
const USAGE = `Usage:
  npm run audit -- verify [--head SEQ:HASH]
  npm run audit -- head
verify recomputes every hash of the activity log's chain (with the key ring: SECRET_KEY, SECRET_KEYS_OLD,
SECRET_KEY_FILE or DATA_DIR/secret.key); prints "Audit trail intact: N entries verified." or names the
first entry that does not verify (exit code 1). With --head, a head kept before (from \`audit head\`, a
backup's manifest or the server's log): the entry at that place must hold that hash and the chain must
reach it; without one, newest entries removed from the end go unnoticed.
head prints the chain's last place and hash (SEQ:HASH): keep it outside the database.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" }, head: { type: "string" } },
  });
  const command = positionals[0];
  if (values.help || (command !== "verify" && command !== "head") || (command === "head" && values.head !== undefined)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const kept = values.head === undefined ? undefined : parseHead(values.head.trim());
  if (kept === null) {
    console.error(`--head must be SEQ:HASH as npm run audit -- head prints it (got "${values.head}").`);
    return 2;
  }
  const config = loadConfig();
  const { secrets, open } = commandKeys(config);
  let handle: DatabaseHandle;
  if (config.databaseUrl) {
    handle = await openPostgres(config.databaseUrl, open);
  } else {
    if (await answers(maintenanceSocketPath(config.dataDir))) {
      throw new Error(
        `A server is running on ${config.dataDir}: stop it first (the embedded database allows one process), ` +
          `or see the Activity Log screen, which verifies the same chain`,
      );
    }
    if (!existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) throw new Error(`No database in ${config.dataDir}/db: check DATA_DIR`);
    handle = await openPglite({ dataDir: config.dataDir }, open);
  }
  try {
    if (command === "head") {
      const head = await chainHead(handle.db);
      if (!head) {
        console.error("The activity log is empty: it has no head yet.");
        return 1;
      }
      console.log(formatHead(head));
      return 0;
    }
    const started = performance.now();
    // Without a key ring, entries chained with a key cannot be checked: the report names the first.
    const report = await verifyChain(handle.db, secrets ?? { auditKey: () => undefined }, { head: kept });
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
