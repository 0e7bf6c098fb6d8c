import type { CacheBus } from "./live/cache-bus";
import type { EventStreams } from "./live/event-streams";
import type { VisitCounter } from "./services/analytics";
import type { AddressLog } from "./services/not-found-log";
import type { AppConfig } from "./env";
import type { DatabaseHandle, Database } from "./db/client";
import type { SecretBox } from "./auth/secret-box";
import type { RateLimitRules } from "./auth/throttle";
import type { MailHub } from "./mail/hub";
import type { FastLane } from "./http/fast-lane";
import type { PublicCache } from "./http/public-cache";
import type { MailTiming } from "./mail/timing";
import type { ServiceBooking } from "./services/booking-availability";
import type { FreeTimesCache } from "./services/free-times-cache";

/** Everything the app needs from the outside world; built once at start (or per test file). */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  secrets: SecretBox;
  uploadsDir: string;
  publicCache: PublicCache;
  /** Cached public answers served by node:http alone (see fast-lane.ts). */
  fastLane: FastLane;
  /** "Something public changed": empties the public cache here and on every instance. */
  cacheBus: CacheBus;
  /** The free times listed since the last change that can alter them (services/free-times-cache.ts). */
  freeTimesCache: FreeTimesCache<ServiceBooking>;
  /** Visit beacons counted in memory and written together (services/analytics.ts). */
  visitCounter: VisitCounter;
  /** Missing page addresses (the 404 log) and followed redirects, counted in memory and written together (services/not-found-log.ts). */
  addressLog: AddressLog;
  /** The portal's open event streams on this instance (live-events.ts). */
  eventStreams: EventStreams;
  /** Uploaded images' bytes (never emptied by staff changes: an image never changes under its name). */
  imageCache: PublicCache;
  limits: RateLimitRules;
  /**
   * The mail server in force (SMTP_URL, else the one set up in Settings > E-mail), read anew after a
   * change on any instance; none: no mail is queued or sent.
   */
  mail: MailHub;
  mailTiming: MailTiming;
}
