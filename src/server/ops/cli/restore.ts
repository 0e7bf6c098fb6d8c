import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../env";
import { protectDataDir } from "../../boot/data-dir";
import { runCommand } from "./run-command";
import { readArchiveHeader } from "../../services/backup-archive";
import { archiveKind, readPassphrase } from "../../services/backup-crypto";
import { archiveKeyring, restoreArchive, RestoreRefused } from "../../services/restore";

/**
 * `npm run restore -- FILE`: loads an archive of `npm run backup` into an EMPTY target, the same one the
 * server would use: DATABASE_URL (PostgreSQL), or else the embedded database in DATA_DIR/db. Moving
 * from the embedded database to PostgreSQL is a backup, then a restore with DATABASE_URL set (docs/operations.md).
 */
const USAGE = `Usage:
  npm run restore -- FILE [--passphrase-file FILE]
Loads the archive into an empty database: DATABASE_URL when set, else the embedded database in
DATA_DIR/db (stop the server first). An archive encrypted with a passphrase needs it: --passphrase-file
FILE (its first line) or the BACKUP_PASSPHRASE environment variable; one encrypted with the site key
needs that key (SECRET_KEY or DATA_DIR/secret.key); old unencrypted archives need neither. Refused when
the passphrase or key does not open the archive, when the target holds data, when the archive comes
from a newer version of the site, or when the key the site will run with (SECRET_KEY,
DATA_DIR/secret.key, or the archive's own) cannot open the archive's encrypted fields; nothing is
written then.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" }, "passphrase-file": { type: "string" } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const file = path.resolve(positionals[0]!);
  const config = loadConfig();
  const passphrase = readPassphrase(values["passphrase-file"]) ?? undefined;
  protectDataDir(config.dataDir);
  const started = Date.now();
  const target = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${config.dataDir}/db`;
  try {
    const kind = archiveKind(file);
    const header = await readArchiveHeader(file, archiveKeyring({ passphrase, secretKey: config.secretKey, dataDir: config.dataDir }));
    console.log(`Restoring ${file}`);
    console.log(
      kind.kind === "plain"
        ? "  an unencrypted archive (made before backups were encrypted)"
        : kind.header.protection === "passphrase"
          ? "  encrypted with a passphrase (argon2id, AES-256-GCM): the passphrase opens it"
          : `  encrypted with the site key (key id ${kind.header.keyId}): this site's key opens it`,
    );
    console.log(
      `  made ${header.createdAt} from ${header.engine} ${header.serverVersion}, schema ${header.schemaVersion}, ` +
        `${header.keyIncluded ? "with" : "without"} the key`,
    );
    console.log(`  into ${target}`);
  } catch {
    // restoreArchive says what is wrong with the file
  }
  try {
    const result = await restoreArchive({
      file,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      secretKey: config.secretKey,
      passphrase,
      log: (line) => console.log(line),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${result.rows} rows in ${result.tables} tables (schema ${result.schemaVersion}) in ${seconds} s.`);
    const keyLine = {
      SECRET_KEY: "The site will run with SECRET_KEY, which opens the archive's encrypted fields.",
      "secret.key": `The site will run with ${config.dataDir}/secret.key, which opens the archive's encrypted fields.`,
      archive: `The archive's key is now in ${config.dataDir}/secret.key${config.databaseUrl ? "; every instance on this database needs it: set SECRET_KEY to its content" : ""}.`,
      none: "The archive has no encrypted fields; the server generates a key at its first start.",
    }[result.keySource];
    console.log(keyLine);
    console.log("Start the server on it (npm start); it applies any newer migrations itself.");
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Restore refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

runCommand(main, "Restore failed");
