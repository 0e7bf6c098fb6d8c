import path from "node:path";
import { z } from "zod";
import { passwordSchema, usernameSchema } from "../shared/schemas/users";
import { SITE } from "../shared/site-settings";

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
  secretKey: string | undefined;
  trustProxy: boolean;
  isProduction: boolean;
  /** The mail server (smtp:// or smtps://, user and password in the URL); unset: no mail is sent. */
  smtpUrl: string | undefined;
  /** The sender of every mail the site sends. */
  mailFrom: string;
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
  return z.preprocess(emptyToUndefined, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback));
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
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "");
        } catch {
          return false;
        }
      }, "must be an origin such as https://clinic.example.com (scheme and host, no path)")
      .optional(),
  ),
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, usernameSchema.default("admin")),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, passwordSchema.optional()),
  SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (for example 64 hex digits from `openssl rand -hex 32`)").optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).default("false"),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname.length > 0;
        } catch {
          return false;
        }
      }, "must be a mail server address such as smtp://user:password@mail.example.com:587 (or smtps:// for port 465)")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address such as clinic@example.com or "Clinic" <clinic@example.com>')
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
      const shown = name === "ADMIN_PASSWORD" || name === "SECRET_KEY" || name === "SMTP_URL" ? "" : ` (got "${got ?? ""}")`;
      return `Invalid configuration: ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(lines);
  }
  const e = parsed.data;
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicOrigin,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    secretKey: e.SECRET_KEY,
    trustProxy: e.TRUST_PROXY === "true" || e.TRUST_PROXY === "1",
    isProduction: e.NODE_ENV === "production",
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${SITE.clinicName}" <no-reply@${new URL(publicOrigin).hostname}>`,
    contactLimitPerHour: e.CONTACT_LIMIT_PER_HOUR,
    embeddedDbCacheMb: e.EMBEDDED_DB_CACHE_MB,
    pageCacheMb: e.PAGE_CACHE_MB,
    imageCacheMb: e.IMAGE_CACHE_MB,
    memoryCeilingMb: e.MEMORY_CEILING_MB,
  };
}
