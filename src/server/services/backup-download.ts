import type { AppDeps } from "../deps";
import { logTaskError } from "../log";
import { logActivity } from "./activity";
import { backupFilename } from "./backup-archive";
import type { ArchiveSecret } from "./backup-crypto";
import { backupArchive, newBackupStats } from "./backup-snapshot";

/**
 * The backup of the server's own database, with its line in the activity log: the portal's download
 * (backupDownload) and the maintenance socket's backup for npm run backup (loggedBackup).
 */

/** How an archive is protected, for the activity log. */
export function protectionOf(encryption: ArchiveSecret | "passphrase" | "site-key" | null): "passphrase" | "site key" | "none" {
  const kind = typeof encryption === "string" ? encryption : encryption?.kind;
  return kind === "passphrase" ? "passphrase" : kind === "site-key" ? "site key" : "none";
}

/**
 * The portal's download (super admins, once their password and 2FA code are checked again; never with
 * the key): the archive encrypted with the passphrase they typed, produced only as it is read. When it
 * ends (finished or cut off) the activity log gets one "backup" line with the row count, nothing of the
 * content and never the passphrase.
 */
export function backupDownload(deps: AppDeps, actor: { adminId: number; username: string; ip: string }, passphrase: string) {
  return {
    filename: backupFilename(),
    contentType: "application/octet-stream",
    chunks: loggedBackup(deps, actor, { secretKey: null, via: "portal", encryption: { kind: "passphrase", passphrase } }),
  };
}

/**
 * The archive of the server's own database, with its activity log line. `encryption` null: the bare
 * gzip, only for the maintenance socket, whose command line encrypts it before it reaches a file
 * (`encryptedBy` then says how, for the log).
 */
export async function* loggedBackup(
  deps: AppDeps,
  actor: { adminId: number | null; username: string; ip: string },
  options: { secretKey: string | null; via: string; encryption: ArchiveSecret | null; encryptedBy?: "passphrase" | "site-key" | null },
): AsyncGenerator<Uint8Array> {
  const stats = newBackupStats();
  try {
    yield* backupArchive(deps.database, { secretKey: options.secretKey, live: true, stats, encryption: options.encryption });
  } finally {
    await logActivity(deps.db, {
      adminId: actor.adminId,
      username: actor.username,
      action: "backup",
      resourceType: null,
      details: {
        rows: stats.rows,
        tables: stats.tables,
        complete: stats.complete,
        withKey: options.secretKey !== null,
        encrypted: protectionOf(options.encryption ?? options.encryptedBy ?? null),
        via: options.via,
      },
      ipAddress: actor.ip,
    }).catch((error) => logTaskError("backup-log", error));
  }
}
