import { and, isNull, lt, or } from "drizzle-orm";
import { resolveSecretKey } from "../auth/secret-box";
import { SESSION_IDLE_MS } from "../auth/sessions";
import type { Database } from "../db/client";
import {
  accessDeniedCounts,
  adminKnownDevices,
  adminSessions,
  analyticsDayKeys,
  analyticsSeen,
  conversionTokenUses,
  formTokenUses,
  rateLimits,
} from "../db/schema";
import { clinicDay } from "../../shared/clinic-date";
import { SEEN_KEPT_MS } from "./analytics";
import { REFUSAL_COUNTS_KEPT_DAYS } from "./activity";
import type { AppDeps } from "../deps";
import type { MaintenanceOperations } from "../ops/maintenance-socket";
import { loggedBackup } from "./backup-download";
import { deleteExpiredChallenges } from "./passkeys";
import { countNotCurrent, rotateSecretsForCommandLine, type RotationReport } from "./key-rotation";
import { KNOWN_DEVICE_DAYS } from "./sessions";
import { purgeNotFoundLog } from "./not-found-log";

/**
 * Removes ended sessions, stale throttle counters, expired form-token and conversion-token uses and
 * passkey challenges, devices not seen for 90 days, refusals' counts after 30 days, and analytics'
 * hashes and keys of past days, 404 log entries not seen for 90 days (run hourly by the server).
 */
export async function deleteExpiredRows(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(adminSessions)
    .where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastActiveAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, dayAgo), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now))));
  // A token this old is refused as expired whatever this table says.
  await db.delete(formTokenUses).where(lt(formTokenUses.expiresAt, now));
  await deleteExpiredChallenges(db, now);
  await db
    .delete(adminKnownDevices)
    .where(lt(adminKnownDevices.lastSeenAt, new Date(now.getTime() - KNOWN_DEVICE_DAYS * 24 * 60 * 60_000)));
  // Refusals' counts per minute (their access_denied lines stay, without the count).
  await db
    .delete(accessDeniedCounts)
    .where(lt(accessDeniedCounts.minute, new Date(now.getTime() - REFUSAL_COUNTS_KEPT_DAYS * 24 * 60 * 60_000)));
  // Analytics' visitor hashes: 23 hours, so that with this hourly sweep none is ever 24 hours old.
  await db.delete(analyticsSeen).where(lt(analyticsSeen.at, new Date(now.getTime() - SEEN_KEPT_MS)));
  // A day's visitor key once its (clinic) day is over: that day's visitors can never be hashed again.
  await db.delete(analyticsDayKeys).where(lt(analyticsDayKeys.day, clinicDay(now)));
  await db.delete(conversionTokenUses).where(lt(conversionTokenUses.expiresAt, now));
  await purgeNotFoundLog(db, now);
}

/**
 * What the running server does for the command line through DATA_DIR/maintenance.sock (embedded
 * database only): `npm run backup` gets the bare archive (logged here, encrypted by the command line),
 * `npm run keys -- status | rotate` the key ring's state or a rotation.
 */
export function maintenanceOperations(deps: AppDeps): MaintenanceOperations<RotationReport> {
  const via = "maintenance socket";
  return {
    engine: deps.database.kind,
    backup({ withKey, encryptedBy }) {
      // Resolved before the socket's answer line: a failure here ends the connection unanswered.
      const secretKey = withKey ? resolveSecretKey(deps.config.secretKey, deps.config.dataDir).key : null;
      return loggedBackup(deps, { adminId: null, username: "cli", ip: via }, { secretKey, via, encryption: null, encryptedBy });
    },
    keyStatus: async () => ({ keyId: deps.secrets.keyId, remaining: await countNotCurrent(deps.db, deps.secrets) }),
    rotateKeys: async () => ({ keyId: deps.secrets.keyId, report: await rotateSecretsForCommandLine(deps.db, deps.secrets, via) }),
  };
}
