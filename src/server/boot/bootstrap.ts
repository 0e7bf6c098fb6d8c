import path from "node:path";
import { createSecretBox, resolveSecretKey } from "../auth/secret-box";
import { DEFAULT_LIMITS, type RateLimitRules } from "../auth/throttle";
import { openDatabase, type DatabaseHandle } from "../db/client";
import type { AppDeps } from "../deps";
import type { AppConfig } from "../env";
import { CacheBus } from "../live/cache-bus";
import { EventStreams } from "../live/event-streams";
import { logTaskError } from "../log";
import { VisitCounter } from "../services/analytics";
import { AddressLog } from "../services/not-found-log";
import { MailHub } from "../mail/hub";
import { loadMailServer } from "../services/mail-server";
import { FastLane } from "../http/fast-lane";
import { protectDataDir } from "./data-dir";
import { PublicCache } from "../http/public-cache";
import { auditKeySetting } from "../services/audit-chain";
import type { ServiceBooking } from "../services/booking-availability";
import { FreeTimesCache } from "../services/free-times-cache";
import { DEFAULT_MAIL_TIMING, type MailTiming } from "../mail/timing";

/** Builds the app's dependencies from the configuration (used by the server and the admin CLI). */
export async function buildDeps(
  config: AppConfig,
  options: { database?: DatabaseHandle; limits?: RateLimitRules; mailTiming?: MailTiming; smtpCa?: string } = {},
): Promise<{ deps: AppDeps; secretGenerated: boolean }> {
  protectDataDir(config.dataDir);
  const secret = resolveSecretKey(config.secretKey, config.dataDir);
  const secrets = createSecretBox(secret.key);
  // Every connection carries the audit chain's key: without it no activity-log line can be written.
  const database = options.database ?? (await openDatabase(config, { auditKey: auditKeySetting(secrets) }));
  const publicCache = new PublicCache({ maxBytes: config.pageCacheMb * 1024 * 1024 });
  const cacheBus = new CacheBus();
  const fastLane = new FastLane(config);
  cacheBus.onChange(() => {
    publicCache.clear();
    fastLane.clear();
  });
  // Free times change with any staff change and with any booking made or changed (a booking is an
  // inquiry: the "inquiries" topic), here or on another instance.
  const freeTimesCache = new FreeTimesCache<ServiceBooking>();
  cacheBus.onChange(() => freeTimesCache.clear());
  cacheBus.onInquiries(() => freeTimesCache.clear());
  const mail = new MailHub({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFromSet ? config.mailFrom : undefined,
    defaultFrom: config.mailFrom,
    load: () => loadMailServer(database.db, secrets),
    ca: options.smtpCa,
  });
  // Settings > E-mail saved here or on another instance: the next message goes through the new server.
  cacheBus.onMail(() => mail.changed());
  return {
    secretGenerated: secret.generated,
    deps: {
      config,
      database,
      db: database.db,
      secrets,
      uploadsDir: path.join(config.dataDir, "uploads"),
      publicCache,
      fastLane,
      cacheBus,
      freeTimesCache,
      eventStreams: new EventStreams(),
      visitCounter: new VisitCounter(database.db, secrets, (error) => logTaskError("analytics", error)),
      addressLog: new AddressLog(database.db, (error) => logTaskError("not-found-log", error)),
      imageCache: new PublicCache({ maxBytes: config.imageCacheMb * 1024 * 1024, ttlMs: Number.POSITIVE_INFINITY, compress: false }),
      limits: options.limits ?? { ...DEFAULT_LIMITS, contactIp: { ...DEFAULT_LIMITS.contactIp, limit: config.contactLimitPerHour } },
      mail,
      mailTiming: options.mailTiming ?? DEFAULT_MAIL_TIMING,
    },
  };
}
