import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { urlOf } from "../shared/schemas/fields";
import type { SecuritySettings } from "../shared/schemas/settings";
import { ADMIN_ROLES, passwordSchema, usernameSchema } from "../shared/schemas/users";
import { DEFAULT_CLINIC } from "../shared/clinic";
import { defaultMemoryCeilingMb, memoryLimitMb } from "./boot/memory-limit";

/**
 * The server's configuration, read once at start from the environment (all variables optional).
 * A bad value stops the server with one line per bad variable, naming it.
 */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  adminUsername: string;
  adminPassword: string | undefined;
  /** REQUIRE_SECOND_FACTOR: the roles that must have a second factor, written into Settings at the first start. */
  requireSecondFactor: SecuritySettings | undefined;
  /**
   * The key ring when configured (SECRET_KEY then SECRET_KEYS_OLD, or SECRET_KEY_FILE's lines), one key
   * per line, newest first; undefined: DATA_DIR/secret.key (see auth/secret-box.ts).
   */
  secretKey: string | undefined;
  trustProxy: boolean;
  /**
   * How many proxies of ours stand in front (TRUST_PROXY_HOPS): the client's address is the entry that
   * many places from the right of X-Forwarded-For, the one our outermost proxy appended. Entries to its
   * left were sent by the client and are never believed.
   */
  trustProxyHops: number;
  isProduction: boolean;
  /** The mail server (smtp:// or smtps://, user and password in the URL); unset: no mail is sent. */
  smtpUrl: string | undefined;
  /** The sender of every mail the site sends (with SMTP_URL; Settings > E-mail's sender otherwise, unless MAIL_FROM is set). */
  mailFrom: string;
  /** Whether MAIL_FROM is set: then it wins over the sender of Settings > E-mail. */
  mailFromSet: boolean;
  /** Inquiries one address may send per hour (the contact form's limit). */
  contactLimitPerHour: number;
  /** The embedded database's own page cache (PostgreSQL's shared_buffers), in MB. */
  embeddedDbCacheMb: number;
  /** The bound of the cache of public pages and answers, in MB. */
  pageCacheMb: number;
  /** The bound of the cache of served images (uploads' variants, share images), in MB. */
  imageCacheMb: number;
  /** Resident memory the server keeps under by shedding its caches and image work, in MB; undefined: no guard. */
  memoryCeilingMb: number | undefined;
}

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** A whole number of megabytes within bounds, with a default. */
function megabytes(min: number, max: number, fallback: number) {
  const message = `must be a whole number of megabytes from ${min} to ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );
}

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number between 1 and 65535" })
      .int("must be a whole number between 1 and 65535")
      .min(1, "must be a whole number between 1 and 65535")
      .max(65535, "must be a whole number between 1 and 65535")
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a PostgreSQL connection string (postgres://user@host:port/database)")
      .optional(),
  ),
  PUBLIC_ORIGIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => urlOf(value, ["http:", "https:"])?.origin === value.replace(/\/$/, ""),
        "must be an origin such as https://clinic.example.com (scheme and host, no path)",
      )
      .optional(),
  ),
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, usernameSchema.default("admin")),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, passwordSchema.optional()),
  // Written into Settings (Sign-in security) at the first start only; Settings decides afterwards.
  REQUIRE_SECOND_FACTOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => value === "none" || value.split(",").every((role) => (ADMIN_ROLES as readonly string[]).includes(role.trim())),
        "must be roles separated by commas (super_admin,admin), or none",
      )
      .optional(),
  ),
  SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (for example 64 hex digits from `openssl rand -hex 32`)").optional(),
  ),
  SECRET_KEYS_OLD: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) =>
          value
            .split(/[\s,]+/)
            .filter(Boolean)
            .every((key) => key.length >= 32),
        "must be older keys separated by commas, each at least 32 characters",
      )
      .optional(),
  ),
  SECRET_KEY_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).default("false")),
  TRUST_PROXY_HOPS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number from 1 to 10" })
      .int("must be a whole number from 1 to 10")
      .min(1, "must be a whole number from 1 to 10")
      .max(10, "must be a whole number from 1 to 10")
      .default(1),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => urlOf(value, ["smtp:", "smtps:"]) !== null,
        "must be a mail server address such as smtp://user:password@mail.example.com:587 (or smtps:// for port 465)",
      )
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an address such as clinic@example.com or "Clinic" <clinic@example.com>',
      )
      .optional(),
  ),
  CONTACT_LIMIT_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number from 1 to 10000" })
      .int("must be a whole number from 1 to 10000")
      .min(1, "must be a whole number from 1 to 10000")
      .max(10_000, "must be a whole number from 1 to 10000")
      .default(8),
  ),
  EMBEDDED_DB_CACHE_MB: megabytes(4, 1024, 16),
  PAGE_CACHE_MB: megabytes(1, 1024, 16),
  IMAGE_CACHE_MB: megabytes(1, 1024, 16),
  MEMORY_CEILING_MB: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number of megabytes from 200 to 65536" })
      .int("must be a whole number of megabytes from 200 to 65536")
      .min(200, "must be a whole number of megabytes from 200 to 65536")
      .max(65_536, "must be a whole number of megabytes from 200 to 65536")
      .optional(),
  ),
  NODE_ENV: z.string().optional(),
});

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = env[name];
      const shown = name === "ADMIN_PASSWORD" || name.startsWith("SECRET_KEY") || name === "SMTP_URL" ? "" : ` (got "${got ?? ""}")`;
      return `Invalid configuration: ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(lines);
  }
  const e = parsed.data;
  const secretKey = secretKeyRing(e);
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    requireSecondFactor: e.REQUIRE_SECOND_FACTOR === undefined ? undefined : rolesRequiringSecondFactor(e.REQUIRE_SECOND_FACTOR),
    secretKey,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    trustProxyHops: e.TRUST_PROXY_HOPS,
    isProduction: e.NODE_ENV === "production",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${DEFAULT_CLINIC.name}" <no-reply@${new URL(publicOrigin).hostname}>`,
    mailFromSet: e.MAIL_FROM !== undefined,
    contactLimitPerHour: e.CONTACT_LIMIT_PER_HOUR,
    embeddedDbCacheMb: e.EMBEDDED_DB_CACHE_MB,
    pageCacheMb: e.PAGE_CACHE_MB,
    imageCacheMb: e.IMAGE_CACHE_MB,
    // Unset: derived on a process with 1 GB or less (a 512 MB machine gets the documented 400 MB).
    memoryCeilingMb: e.MEMORY_CEILING_MB ?? defaultMemoryCeilingMb(memoryLimitMb()),
  };
}

/** REQUIRE_SECOND_FACTOR as Settings' sign-in security section. */
function rolesRequiringSecondFactor(value: string): SecuritySettings {
  const roles = value === "none" ? [] : value.split(",").map((role) => role.trim());
  return { requireSecondFactor: { super_admin: roles.includes("super_admin"), admin: roles.includes("admin") } };
}

const KEY_FILE_RULE = "must name a readable file holding one key per line (the newest first), each at least 32 characters";

/** SECRET_KEY (newest) with SECRET_KEYS_OLD, or SECRET_KEY_FILE's keys, as one key per line; undefined when neither is set. */
function secretKeyRing(e: { SECRET_KEY?: string; SECRET_KEYS_OLD?: string; SECRET_KEY_FILE?: string }): string | undefined {
  if (e.SECRET_KEY_FILE) {
    if (e.SECRET_KEY)
      throw new ConfigError([
        "Invalid configuration: SECRET_KEY_FILE cannot be set together with SECRET_KEY (put every key in the file, newest first)",
      ]);
    let text: string;
    try {
      text = readFileSync(path.resolve(e.SECRET_KEY_FILE), "utf8");
    } catch {
      throw new ConfigError([`Invalid configuration: SECRET_KEY_FILE ${KEY_FILE_RULE} (got "${e.SECRET_KEY_FILE}")`]);
    }
    const keys = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line.length > 0 && !line.startsWith("#"));
    if (keys.length === 0 || keys.some((key) => key.length < 32))
      throw new ConfigError([`Invalid configuration: SECRET_KEY_FILE ${KEY_FILE_RULE} (got "${e.SECRET_KEY_FILE}")`]);
    return keys.join("\n");
  }
  if (e.SECRET_KEYS_OLD && !e.SECRET_KEY)
    throw new ConfigError(["Invalid configuration: SECRET_KEYS_OLD needs SECRET_KEY (the newest key, which encrypts)"]);
  if (!e.SECRET_KEY) return undefined;
  return [e.SECRET_KEY, ...(e.SECRET_KEYS_OLD ?? "").split(/[\s,]+/).filter(Boolean)].join("\n");
}

/**
 * What a configuration that starts is still unsafe for: production on an http:// origin (the session
 * cookie then goes without Secure and without the __Host- prefix, no HSTS, and passwords and health
 * details cross the network in clear unless a proxy in front adds TLS and PUBLIC_ORIGIN says https).
 * Logged at warn at every start and shown by GET /api/health (readiness) as `warnings`.
 */
export function configWarnings(config: Pick<AppConfig, "isProduction" | "publicOrigin">): string[] {
  const warnings: string[] = [];
  if (config.isProduction && config.publicOrigin.startsWith("http:")) {
    warnings.push(
      `INSECURE: NODE_ENV=production with PUBLIC_ORIGIN ${config.publicOrigin} (http): session cookies are ` +
        `sent without Secure and there is no HSTS. Serve the site over TLS and set PUBLIC_ORIGIN to its https:// ` +
        `address.`,
    );
  }
  return warnings;
}
