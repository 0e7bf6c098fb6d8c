import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { existingSecretKey } from "../../auth/secret-box";
import { openPglite, openPostgres, type DatabaseHandle } from "../../db/client";
import { loadConfig } from "../../env";
import { protectDataDir } from "../../boot/data-dir";
import { commandKeys, runCommand } from "./run-command";
import { maintenanceSocketPath, requestBackup } from "../maintenance-socket";
import { logActivity } from "../../services/activity";
import { summarizeArchive } from "../../services/backup-archive";
import { protectionOf } from "../../services/backup-download";
import { backupArchive, newBackupStats } from "../../services/backup-snapshot";
import { encryptArchive, passphraseProblem, readPassphrase, siteKeyId, type ArchiveSecret } from "../../services/backup-crypto";

/**
 * `npm run backup -- --out FILE [--passphrase-file FILE] [--with-key]`: one encrypted archive of the
 * whole site (see docs/operations.md, Backups and restore). Encrypted with the passphrase from --passphrase-file or
 * BACKUP_PASSPHRASE (argon2id), else with the site key (SECRET_KEY or DATA_DIR/secret.key).
 * --with-key puts the site key inside, so it is allowed with a passphrase only: inside an archive that
 * only the same key opens, it would be of no use to anyone.
 * - DATABASE_URL: reads PostgreSQL directly, in one snapshot, while the server runs.
 * - The embedded database: asks the running server through DATA_DIR/maintenance.sock; when no server
 *   answers there, opens DATA_DIR/db itself (PGlite allows one process at a time).
 * The file is written under a temporary name, checked (every table's rows and the end line), then
 * renamed, so FILE is either a whole archive or not there. Mode 0600: it holds health information.
 */
const USAGE = `Usage:
  npm run backup -- --out FILE [--passphrase-file FILE] [--with-key]
Writes one encrypted archive of every table (AES-256-GCM). The key comes from a passphrase of at least
12 characters, read from --passphrase-file FILE (its first line) or the BACKUP_PASSPHRASE environment
variable; without either, from the site key (SECRET_KEY or DATA_DIR/secret.key), which a restore then
needs. Encrypted fields stay encrypted inside; --with-key (with a passphrase only) also puts the site
key into the archive, so the passphrase alone opens everything: keep the passphrase as safe as the key.
Restore with: npm run restore -- FILE (and the same passphrase)`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      out: { type: "string", short: "o" },
      "with-key": { type: "boolean", default: false },
      "passphrase-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.out) {
    console.error(`--out FILE is required.\n${USAGE}`);
    return 2;
  }
  const out = path.resolve(values.out);
  const withKey = values["with-key"] === true;
  const config = loadConfig();
  const passphrase = readPassphrase(values["passphrase-file"]);
  if (passphrase !== null) {
    const problem = passphraseProblem(passphrase);
    if (problem) {
      console.error(`${problem}.`);
      return 2;
    }
  }
  if (withKey && passphrase === null) {
    console.error(
      "--with-key needs a passphrase (--passphrase-file FILE or BACKUP_PASSPHRASE): an archive encrypted with " +
        "the site key that carried the site key would only open for whoever has the key already.",
    );
    return 2;
  }
  let encryption: ArchiveSecret;
  if (passphrase !== null) {
    encryption = { kind: "passphrase", passphrase };
  } else {
    const siteKey = existingSecretKey(config.secretKey, config.dataDir);
    if (!siteKey) {
      console.error(
        `No passphrase (--passphrase-file FILE or BACKUP_PASSPHRASE) and no site key (SECRET_KEY or ${config.dataDir}/secret.key) ` +
          `to encrypt the backup with.`,
      );
      return 2;
    }
    encryption = { kind: "site-key", key: siteKey.key };
  }
  protectDataDir(config.dataDir, { create: false });
  // The backup's activity-log line is chained with the ring's audit key, as the server's lines are.
  const { open } = commandKeys(config);
  const started = Date.now();
  const partial = `${out}.partial-${process.pid}`;
  let source: string;
  try {
    if (config.databaseUrl) {
      source = "PostgreSQL (DATABASE_URL), one snapshot";
      await backupDirectly(
        await openPostgres(config.databaseUrl, open),
        partial,
        withKey ? keyToInclude(config.secretKey, config.dataDir) : null,
        true,
        encryption,
      );
    } else if (
      await requestBackup(maintenanceSocketPath(config.dataDir), { withKey, encryptedBy: encryption.kind }, (archive) =>
        writeArchive(encryptArchive(archive, encryption), partial),
      )
    ) {
      source = `the running server (embedded database in ${config.dataDir}/db)`;
    } else {
      if (!existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) {
        throw new Error(
          `No database in ${config.dataDir}/db, and no server answers on ${maintenanceSocketPath(config.dataDir)}: check DATA_DIR`,
        );
      }
      source = `the embedded database in ${config.dataDir}/db (no server running)`;
      await backupDirectly(
        await openPglite({ dataDir: config.dataDir }, open),
        partial,
        withKey ? keyToInclude(config.secretKey, config.dataDir) : null,
        false,
        encryption,
      );
    }
    // Read back whole: it decrypts, every table's rows and the end line are there.
    const summary = await summarizeArchive(
      partial,
      encryption.kind === "passphrase" ? { passphrase: encryption.passphrase } : { siteKeys: [encryption.key] },
    );
    renameSync(partial, out);
    const size = statSync(out).size;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Backup written to ${out}`);
    console.log(
      `  ${summary.totalRows} rows in ${Object.keys(summary.rows).length} tables, ${formatBytes(size)}, schema ` +
        `${summary.header.schemaVersion}, from ${source}, in ${seconds} s`,
    );
    if (summary.header.auditHead)
      console.log(
        `  Audit trail head: ${summary.header.auditHead} (in the archive's manifest; npm run audit -- verify ` +
          `--head checks the chain against it)`,
      );
    console.log(
      encryption.kind === "passphrase"
        ? "  Encrypted with the passphrase (argon2id, AES-256-GCM): without it the file cannot be read, nor restored. " +
            "Keep it apart from the file."
        : `  Encrypted with the site key (key id ${siteKeyId(encryption.key)}): a restore needs that key (SECRET_KEY ` +
            `or DATA_DIR/secret.key). Keep the key apart from the file.`,
    );
    console.log(
      summary.header.keyIncluded
        ? "  THE SECRET KEY IS IN THIS ARCHIVE: whoever has the file and its passphrase can read the health details, " +
            "notes and TOTP keys. Keep the passphrase as safe as the key."
        : "  The secret key is NOT in the archive: keep SECRET_KEY (or DATA_DIR/secret.key) safe and apart; a restore needs it.",
    );
    return 0;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function keyToInclude(configured: string | undefined, dataDir: string): string {
  const found = existingSecretKey(configured, dataDir);
  if (!found) throw new Error(`--with-key: there is no key to include (neither SECRET_KEY nor ${dataDir}/secret.key)`);
  return found.key;
}

/** The command line reads the database itself; the backup goes into the activity log afterwards. */
async function backupDirectly(
  database: DatabaseHandle,
  file: string,
  secretKey: string | null,
  live: boolean,
  encryption: ArchiveSecret,
): Promise<void> {
  try {
    const stats = newBackupStats();
    await writeArchive(backupArchive(database, { secretKey, live, stats, encryption }), file);
    await logActivity(database.db, {
      adminId: null,
      username: "cli",
      action: "backup",
      details: {
        rows: stats.rows,
        tables: stats.tables,
        complete: stats.complete,
        withKey: secretKey !== null,
        encrypted: protectionOf(encryption),
        via: "command line",
      },
      ipAddress: "cli",
    });
  } finally {
    await database.close();
  }
}

/** The encrypted archive into `file`, mode 0600 (it holds health information). */
function writeArchive(bytes: AsyncIterable<Uint8Array>, file: string): Promise<void> {
  return pipeline(Readable.from(bytes), createWriteStream(file, { mode: 0o600 }));
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

runCommand(main, "Backup failed");
