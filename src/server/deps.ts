import type { AppConfig } from "./env";
import type { DatabaseHandle, Database } from "./db/client";
import type { SecretBox } from "./auth/secret-box";
import type { RateLimitRules } from "./auth/throttle";
import type { PublicCache } from "./public-cache";

/** Everything the app needs from the outside world; built once at start (or per test file). */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  secrets: SecretBox;
  uploadsDir: string;
  publicCache: PublicCache;
  limits: RateLimitRules;
}
