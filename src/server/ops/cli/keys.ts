import { existsSync } from "node:fs";
import path from "node:path";
import { createSecretBox, existingSecretKey, newSecretKey } from "../../auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../../db/client";
import { loadConfig } from "../../env";
import { maintenanceSocketPath, requestKeyStatus, requestRotation } from "../maintenance-socket";
import { countNotCurrent, rotateSecretsForCommandLine, type RotationReport } from "../../services/key-rotation";
import { auditKeySetting } from "../../services/audit-chain";
import { runCommand } from "./run-command";

/**
 * `npm run keys -- rotate | status | generate` (see docs/operations.md, Keys and rotation).
 * - rotate: every encrypted value (TOTP keys, identities and health details of inquiries, notes)
 *   re-encrypted with the newest key of the ring, in batches, while the server runs. With
 *   DATABASE_URL the command does it itself; with the embedded database it asks the running server
 *   (DATA_DIR/maintenance.sock), or opens DATA_DIR/db when no server runs.
 * - status: how many values are not under the newest key yet.
 * - generate: prints a new random key (put it first in the key file, or in SECRET_KEY with the
 *   former key in SECRET_KEYS_OLD, on every instance, then rotate).
 */
const USAGE = `Usage:
  npm run keys -- generate   print a new key (64 hex digits)
  npm run keys -- rotate     re-encrypt everything with the newest key (the server may keep running)
  npm run keys -- status     count the values not under the newest key yet
Keys: SECRET_KEY (newest) with SECRET_KEYS_OLD, or SECRET_KEY_FILE (one key per line, newest first),
else DATA_DIR/secret.key. The newest key encrypts; every key listed decrypts.`;

async function main(): Promise<number> {
  const command = process.argv[2];
  if (command === "generate") {
    console.log(newSecretKey());
    return 0;
  }
  if (command !== "rotate" && command !== "status") {
    console.error(USAGE);
    return command === "--help" || command === "-h" ? 0 : 2;
  }
  const config = loadConfig();
  const ring = existingSecretKey(config.secretKey, config.dataDir);
  if (!ring) throw new Error(`No key: set SECRET_KEY or SECRET_KEY_FILE (or keep ${config.dataDir}/secret.key)`);
  const secrets = createSecretBox(ring.key);
  console.log(`Newest key: ${secrets.keyId}; keys loaded: ${secrets.keyIds.join(", ")}`);

  // The embedded database allows one process: while a server runs on it, the server does the work.
  if (!config.databaseUrl && command === "rotate") {
    const asked = await requestRotation<RotationReport>(maintenanceSocketPath(config.dataDir));
    if (asked) {
      console.log(`Asked the running server (embedded database in ${config.dataDir}/db); its newest key is ${asked.keyId}.`);
      return printReport(asked.report);
    }
  }
  if (!config.databaseUrl && command === "status") {
    const asked = await requestKeyStatus(maintenanceSocketPath(config.dataDir));
    if (asked) {
      console.log(`Asked the running server; its newest key is ${asked.keyId}.`);
      return printStatus(asked.remaining);
    }
  }
  let handle: DatabaseHandle;
  // The rotation's activity-log line is chained with the newest key's audit key, as the server's are.
  const open = { auditKey: auditKeySetting(secrets) };
  if (config.databaseUrl) handle = await openPostgres(config.databaseUrl, open);
  else {
    if (!existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) throw new Error(`No database in ${config.dataDir}/db: check DATA_DIR`);
    handle = await openPglite({ dataDir: config.dataDir }, open);
  }
  try {
    if (command === "status") return printStatus(await countNotCurrent(handle.db, secrets));
    return printReport(await rotateSecretsForCommandLine(handle.db, secrets, "cli", (line) => console.log(`  ${line}`)));
  } finally {
    await handle.close();
  }
}

function printStatus(left: number): number {
  console.log(
    left === 0
      ? "Every encrypted value is under the newest key: the older keys can be removed."
      : `${left} encrypted values are not under the newest key yet: run npm run keys -- rotate`,
  );
  return 0;
}

function printReport(report: RotationReport): number {
  for (const [name, count] of Object.entries(report.rewritten)) {
    const unreadable = report.unreadable[name] ?? 0;
    console.log(`${name}: ${count} re-encrypted${unreadable ? `, ${unreadable} that no loaded key opens (left as they are)` : ""}`);
  }
  if (report.remaining === 0) {
    console.log("Done: every encrypted value is under the newest key. The older keys can be removed (from every instance).");
    return 0;
  }
  console.log(
    `${report.remaining} values are still not under the newest key (unreadable, or written meanwhile by an ` +
      `instance with an older key ring): run it again once every instance has the new ring.`,
  );
  return 1;
}

runCommand(main, "Keys");
