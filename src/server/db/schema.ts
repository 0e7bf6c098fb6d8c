import { sql } from "drizzle-orm";
import type { ContactDay, ContactTime } from "../../shared/contact-choices";
import type { ServiceSection } from "../../shared/schemas/services";
import type { ContentType } from "../../shared/schemas/content";
import type { InquiryAccessAction } from "../../shared/schemas/inquiries";
import type { LegalKind } from "../../shared/legal";
import type { RedirectOrigin } from "../../shared/schemas/redirects";
import type { LanguageCode, TranslationLanguage } from "../../shared/languages";
import type { TranslatableKind } from "../../shared/translatable";
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * Every entity of both spec documents. Lengths follow the spec where it gives them
 * (public-site.md and admin-portal.md section 3); constraint names are stable because
 * src/server/errors.ts maps them to the messages a caller sees on a duplicate.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Roles (issue 24; docs/decisions/0056-roles-and-permissions.md): a role is a set of permissions from
 * src/shared/permissions.ts. The built-in ones are rows too (so admin_users.role can point here), but
 * their permissions are the code's (BUILT_IN_ROLES); custom roles ("custom_" + a slug) keep theirs here.
 * `assigned_only`: holders see only inquiries assigned to them or unassigned (the front desk's scope,
 * the clinic's choice).
 */
export const roles = pgTable(
  "roles",
  {
    key: varchar("key", { length: 50 }).primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    permissions: jsonb("permissions").$type<string[]>().notNull().default([]),
    builtIn: boolean("built_in").notNull().default(false),
    assignedOnly: boolean("assigned_only").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("roles_name_unique").on(sql`lower(${t.name})`)],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    username: varchar("username", { length: 100 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    email: varchar("email", { length: 255 }),
    // The spec's data default is "editor", a role the portal does not know; the least-privileged
    // real role is the default here (docs/decisions/0036-admin-role-default.md).
    // A key of `roles` (built in or custom; issue 24).
    role: varchar("role", { length: 50 })
      .notNull()
      .default("admin")
      .references(() => roles.key),
    isActive: boolean("is_active").notNull().default(true),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** Receives the e-mail that a new inquiry arrived (My Account; on by default for super admins). */
    notifyNewInquiries: boolean("notify_new_inquiries").notNull().default(false),
    /** AES-256-GCM ciphertext of the TOTP key (never the key itself); set at setup, used once enabled. */
    twoFactorSecret: text("two_factor_secret"),
    /** The last TOTP time step accepted, so a code is accepted once only. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /**
     * A password someone else chose (a super admin's create or reset) or the machine generated (first
     * start, the CLI): the account must choose its own at its next sign-in (src/server/trpc.ts's gate).
     */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /**
     * The password is shorter than the single-factor minimum (15): allowed only while a second factor
     * always follows it. Losing the last second factor then asks for a new password (issue 34).
     */
    passwordNeedsSecondFactor: boolean("password_needs_second_factor").notNull().default(false),
    /** How many times the account signed in: the dashboard greets a first sign-in differently. */
    signInCount: integer("sign_in_count").notNull().default(0),
    /**
     * A new e-mail address waiting for its owner to open the link mailed to it (My Account, when mail is
     * on): the address, the SHA-256 of the link's token (never the token) and when the link stops working.
     */
    pendingEmail: varchar("pending_email", { length: 255 }),
    pendingEmailTokenHash: varchar("pending_email_token_hash", { length: 64 }),
    pendingEmailExpiresAt: timestamp("pending_email_expires_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("admin_users_username_unique").on(sql`lower(${t.username})`), index("admin_users_role_idx").on(t.role)],
);

export const adminBackupCodes = pgTable(
  "admin_backup_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_backup_codes_admin_idx").on(t.adminId)],
);

export const adminSessions = pgTable(
  "admin_sessions",
  {
    /** SHA-256 of the session token, hex. The token itself is only ever in the visitor's cookie. */
    id: varchar("id", { length: 64 }).primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: varchar("user_agent", { length: 512 }),
    /**
     * The last time the user proved who they are on this session (a sign-in, or "Confirm it's you"): sensitive acts need it within 5
     * minutes.
     */
    freshAt: timestamp("fresh_at", { withTimezone: true }),
    /** "Keep me signed in on this device": the cookie outlives the browser (at most 12 hours). */
    persistent: boolean("persistent").notNull().default(false),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId)],
);

/**
 * Emergency access (issue 24): a staff member whose role cannot open health details states why and may
 * open them until `expires_at` (EMERGENCY_ACCESS_MINUTES after the start). Kept as a record of who asked.
 */
export const adminEmergencyAccess = pgTable(
  "admin_emergency_access",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    reason: varchar("reason", { length: 500 }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("admin_emergency_access_admin_idx").on(t.adminId, t.expiresAt)],
);

/**
 * The inquiries whose health details a session has opened with a reason (issue 24): a reason is asked
 * once per inquiry per session. The reason itself is in the inquiry's access history.
 */
export const sessionHealthOpenings = pgTable(
  "admin_session_health",
  {
    sessionId: varchar("session_id", { length: 64 })
      .notNull()
      .references(() => adminSessions.id, { onDelete: "cascade" }),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.submissionId] })],
);

/**
 * Staff passkeys (WebAuthn credentials; docs/decisions/0052-passkeys.md). The public key is not a
 * secret (it only verifies signatures), so it is stored as it came (base64url of its COSE form).
 */
export const adminPasskeys = pgTable(
  "admin_passkeys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: varchar("credential_id", { length: 1400 }).notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen (0 for authenticators that keep none). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** What the browser said the authenticator is reached by (internal, hybrid, usb...). */
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** The name the staff member gave it ("Work laptop"). */
    name: varchar("name", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admin_passkeys_credential_unique").on(t.credentialId), index("admin_passkeys_admin_idx").on(t.adminId)],
);

/**
 * WebAuthn challenges waiting for their answer: single-use (deleted when answered), short-lived, and in
 * the database so any instance can take the answer. A registration's or a signed-in check's challenge
 * belongs to the session that asked (ended with it); a passkey sign-in's to its attempt, whose id (a
 * random token the browser holds) is stored hashed, like a session's.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    /** SHA-256 (hex) of the attempt's token. */
    id: varchar("id", { length: 64 }).primaryKey(),
    purpose: varchar("purpose", { length: 20 }).$type<"register" | "sign_in" | "check" | "second_step">().notNull(),
    challenge: varchar("challenge", { length: 128 }).notNull(),
    sessionId: varchar("session_id", { length: 64 }).references(() => adminSessions.id, { onDelete: "cascade" }),
    /** A registration's name for the new passkey, given before the authenticator is asked; a second step's account id. */
    label: varchar("label", { length: 100 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_session_idx").on(t.sessionId)],
);

/**
 * The devices (browser, system and address) an account has signed in from, so a sign-in from a new one
 * can be told to its owner by e-mail. Only a SHA-256 of the description is kept, with when it was last seen.
 */
export const adminKnownDevices = pgTable(
  "admin_known_devices",
  {
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    fingerprint: varchar("fingerprint", { length: 64 }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.fingerprint] })],
);

export const adminActivityLog = pgTable(
  "admin_activity_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The staff member's id at the time. No foreign key: the log is append-only (a trigger refuses
     * every UPDATE), so deleting an account cannot null its lines; the username names them anyway.
     */
    adminId: integer("admin_id"),
    /** The username at the time (kept when the account is later deleted); on a failed sign-in, only a username that exists. */
    username: varchar("username", { length: 200 }),
    action: varchar("action", { length: 50 }).notNull(),
    resourceType: varchar("resource_type", { length: 50 }),
    resourceId: varchar("resource_id", { length: 100 }),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ipAddress: varchar("ip_address", { length: 64 }),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The row's place in the hash chain (1, 2, 3 ...), given by the BEFORE INSERT trigger under a
     * transaction lock, so it is commit order (ids come from a sequence, which is not). NOT NULL in
     * the database (set by the hand-written part of migration 0007 once existing rows are chained).
     */
    chainSeq: bigint("chain_seq", { mode: "number" }),
    /**
     * HMAC-SHA256 (hex) of the previous row's chain_hash and this row's content under the key chain_key
     * names; plain sha256 for the rows chained before the key (chain_key NULL). See src/server/services/audit-chain.ts.
     */
    chainHash: varchar("chain_hash", { length: 64 }),
    /** Which key of the ring chained the row (its 8-hex-digit id, as in a ciphertext); NULL: chained before the key (SHA-256 only). */
    chainKey: varchar("chain_key", { length: 8 }),
  },
  (t) => [
    index("admin_activity_log_timestamp_idx").on(t.timestamp),
    index("admin_activity_log_admin_idx").on(t.adminId),
    uniqueIndex("admin_activity_log_chain_seq_unique").on(t.chainSeq),
  ],
);

/**
 * Refused requests (a permission check said no: src/server/trpc.ts) counted per account and minute, so
 * refusals cannot grow the append-only activity log without bound: the minute's first refusal writes its
 * one access_denied line (activity_id), the others only count here (services/activity.ts logRefusal).
 * Not an audit table: the hourly housekeeping deletes rows after 30 days.
 */
export const accessDeniedCounts = pgTable(
  "access_denied_counts",
  {
    adminId: integer("admin_id").notNull(),
    minute: timestamp("minute", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
    /** The minute's access_denied line in admin_activity_log (no foreign key: the log is append-only). */
    activityId: integer("activity_id"),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.minute] }),
    uniqueIndex("access_denied_counts_activity_unique").on(t.activityId),
    index("access_denied_counts_minute_idx").on(t.minute),
  ],
);

/** Fixed-window counters for sign-in lockout and per-address limits; in the database so instances share them. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 300 }).primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});

/**
 * Contact-form tokens that have carried an inquiry: a token is accepted once (a replay is stored as
 * Spam). Each row lives until its token would be too old anyway (FORM_TOKEN_MAX_AGE_MS), then the
 * hourly housekeeping deletes it. The id is a hash of the token's signed body, never the token.
 */
export const formTokenUses = pgTable("form_token_uses", {
  tokenId: varchar("token_id", { length: 64 }).primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Small facts about the installation, such as whether the first-start seed has run. */
export const appMeta = pgTable("app_meta", {
  key: varchar("key", { length: 100 }).primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const services = pgTable(
  "services",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar("slug", { length: 255 }).notNull(),
    title: varchar("title", { length: 255 }).notNull(),
    shortDescription: varchar("short_description", { length: 500 }).notNull(),
    description: text("description").notNull(),
    imageUrl: varchar("image_url", { length: 1024 }),
    imageAlt: varchar("image_alt", { length: 255 }),
    /**
     * Whether the inquiry form offers it (src/shared/contact-choices.ts): a service staff add is offered
     * unless they take it off (issue 36); the seed says so of each seeded one.
     */
    offeredOnContactForm: boolean("offered_on_contact_form").notNull().default(true),
    /** The page's sections in order (src/shared/schemas/services.ts, serviceSections). */
    sections: jsonb("sections").$type<ServiceSection[]>().notNull().default([]),
    /** Draft (false) or published: a draft is on no public page, list, sitemap or form (staff preview it). */
    isPublished: boolean("is_published").notNull().default(true),
    /** The place in the site's order (staff drag the list; equal places fall back to the id). */
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("services_slug_unique").on(t.slug)],
);

/**
 * Every service name an inquiry was sent with (names only, no one's data): the inquiry desk's filter
 * offers them beside the current choices, since inquiries keep their names when a service is renamed
 * or removed, and the names inside inquiries are stored encrypted.
 */
export const inquiryServiceNames = pgTable("inquiry_service_names", {
  name: varchar("name", { length: 255 }).primaryKey(),
});

export const newsArticles = pgTable(
  "news_articles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 255 }).notNull(),
    slug: varchar("slug", { length: 255 }).notNull(),
    summary: text("summary").notNull(),
    content: text("content"),
    externalUrl: varchar("external_url", { length: 1024 }),
    thumbnailUrl: varchar("thumbnail_url", { length: 1024 }),
    thumbnailAlt: varchar("thumbnail_alt", { length: 255 }),
    metaTitle: varchar("meta_title", { length: 255 }),
    metaDescription: text("meta_description"),
    tags: text("tags"),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorId: integer("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("news_articles_slug_unique").on(t.slug), index("news_articles_public_idx").on(t.isPublished, t.publishedAt)],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 255 }).notNull(),
    service: varchar("service", { length: 255 }).notNull(),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    imageUrl: varchar("image_url", { length: 1024 }),
    isVisible: boolean("is_visible").notNull().default(true),
    // Where the testimonial came from, as the FTC's 2024 rule on reviews expects a clinic to know
    // (docs/decisions/0049-testimonial-sources.md): the day it was received, its source ("patient" or a
    // short text), the patient's agreement to publication, and what was given in return (null: nothing).
    receivedAt: date("received_at", { mode: "string" }).notNull(),
    source: varchar("source", { length: 120 }).notNull(),
    consentToPublish: boolean("consent_to_publish").notNull().default(false),
    incentive: varchar("incentive", { length: 255 }),
    // The language the patient wrote it in (issue 27): the pages mark it so where it is not the page's,
    // and an English one may have a labelled translation (the translations table, kind "testimonial").
    language: varchar("language", { length: 5 }).$type<LanguageCode>().notNull().default("en"),
    /** The place in the site's order (staff drag the list; equal places fall back to the id). */
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [check("testimonials_rating_check", sql`${t.rating} between 1 and 5`)],
);

export const teamMembers = pgTable("team_members", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: varchar("name", { length: 255 }).notNull(),
  role: varchar("role", { length: 255 }).notNull(),
  bio: text("bio").notNull(),
  imageUrl: varchar("image_url", { length: 1024 }).notNull(),
  /** The place in the site's order (staff drag the list; equal places fall back to the id). */
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

export const websiteContent = pgTable(
  "website_content",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    page: varchar("page", { length: 100 }).notNull(),
    section: varchar("section", { length: 100 }).notNull(),
    key: varchar("key", { length: 100 }).notNull(),
    content: text("content").notNull(),
    contentType: varchar("content_type", { length: 20 }).$type<ContentType>().notNull().default("text"),
    isVisible: boolean("is_visible").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("website_content_page_section_key_unique").on(t.page, t.section, t.key)],
);

export const websiteImages = pgTable(
  "website_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    page: varchar("page", { length: 100 }).notNull(),
    section: varchar("section", { length: 100 }).notNull(),
    key: varchar("key", { length: 100 }).notNull(),
    imageUrl: varchar("image_url", { length: 1024 }).notNull(),
    altText: varchar("alt_text", { length: 255 }),
    seoFilename: varchar("seo_filename", { length: 255 }),
    width: integer("width"),
    height: integer("height"),
    isVisible: boolean("is_visible").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("website_images_page_section_key_unique").on(t.page, t.section, t.key)],
);

export const socialMediaLinks = pgTable("social_media_links", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  platform: varchar("platform", { length: 50 }).notNull(),
  displayName: varchar("display_name", { length: 100 }).notNull(),
  url: varchar("url", { length: 1024 }).notNull(),
  iconClass: varchar("icon_class", { length: 100 }),
  isVisible: boolean("is_visible").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /**
     * Who sent it: name, e-mail, phone, services of interest and the consent receipt, as one JSON value
     * stored encrypted (auth/secret-box.ts, bound to this column and row; services/inquiry-identity.ts).
     * Null only for a row written before identities were encrypted, until the start-up migration reaches it.
     */
    identity: text("identity"),
    /**
     * The blind index: keyed hashes (HMAC, a key of its own) of the normalised e-mail, the phone's digits
     * and last digits, the name's words and word prefixes, and the services, so search and the service
     * filter work without the identity in clear (services/inquiry-identity.ts).
     */
    searchTerms: text("search_terms").array().notNull().default(sql`'{}'::text[]`),
    availabilityDays: jsonb("availability_days").$type<ContactDay[]>().notNull().default([]),
    availabilityTimes: jsonb("availability_times").$type<ContactTime[]>().notNull().default([]),
    /** Health information: stored encrypted (AES-256-GCM, bound to this column and row), never in clear. */
    healthConditions: text("health_conditions"),
    /** Whether health details were given: the list shows this without decrypting them. */
    hasHealthDetails: boolean("has_health_details").notNull().default(false),
    optInTexting: boolean("opt_in_texting").notNull().default(false),
    privacyPolicy: boolean("privacy_policy").notNull(),
    hipaaConsent: boolean("hipaa_consent").notNull(),
    termsAndConditions: boolean("terms_and_conditions").notNull(),
    /** The desk's workflow: new, contacted, scheduled, closed or spam (src/shared/schemas/inquiries.ts). */
    status: varchar("status", { length: 20 }).notNull().default("new"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: integer("status_changed_by").references(() => adminUsers.id, { onDelete: "set null" }),
    assigneeId: integer("assignee_id").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why the form judged it spam on arrival (honeypot, too_fast, no_token, bad_token); null otherwise. */
    spamReason: varchar("spam_reason", { length: 20 }),
    /**
     * The language of the page the visitor wrote from (issue 36), so staff answer in it: en, es or zh.
     * Null only for a row written before issue 36, until the start-up step reads it from the row's
     * consent receipt (services/inquiry-identity.ts, fillInquiryLanguages).
     */
    language: varchar("language", { length: 5 }).$type<LanguageCode>(),
    /** When the overdue reminder (still New 24 hours after arrival) was queued: it is sent once. */
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true }),
    /** The last change by staff (status, assignee, note): retention counts from here. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_submissions_created_idx").on(t.createdAt),
    index("contact_submissions_status_created_idx").on(t.status, t.createdAt),
    index("contact_submissions_assignee_idx").on(t.assigneeId),
    index("contact_submissions_search_idx").using("gin", t.searchTerms),
    check("contact_submissions_status_check", sql`${t.status} in ('new', 'contacted', 'scheduled', 'closed', 'spam')`),
    check("contact_submissions_language_check", sql`${t.language} in ('en', 'es', 'zh')`),
    index("contact_submissions_language_created_idx").on(t.language, t.createdAt),
  ],
);

/**
 * How many inquiries have each status, kept by triggers on contact_submissions (drizzle/0001, one
 * statement-level trigger each for insert, update and delete), so the desk's unfiltered total and its
 * New count cost one small read however many inquiries there are.
 */
export const contactStatusCounts = pgTable("contact_status_counts", {
  status: varchar("status", { length: 20 }).primaryKey(),
  total: integer("total").notNull(),
});

/** What an inquiry's consent receipt holds: each legal text's version and the SHA-256 of its exact text. */
export interface ConsentReceipt {
  acceptedAt: string;
  /** The language of the form and of the texts it showed (absent on receipts from before issue 27: English). */
  language?: LanguageCode;
  /** Each text shown: its version label, SHA-256 and its language (absent: English; a form in another language names each, "en" for
   * a text shown in English while its translation was being updated). */
  documents: Record<"privacyPolicy" | "hipaaConsent" | "termsAndConditions", { version: string; sha256: string; language?: LanguageCode }>;
}

/** Staff notes on an inquiry; the text is stored encrypted like health details. */
export const contactNotes = pgTable(
  "contact_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** The author's username at the time (kept when the account is deleted). */
    authorName: varchar("author_name", { length: 200 }).notNull(),
    /** AES-256-GCM ciphertext of the note. */
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_notes_submission_idx").on(t.submissionId, t.createdAt)],
);

/**
 * Each inquiry's own access history: who opened, exported, changed or annotated it, and when. (The
 * activity log holds one line per action; an export of 50,000 inquiries is one line there and 50,000
 * rows here, one per inquiry, so each inquiry's history is one indexed read.)
 */
export const contactAccess = pgTable(
  "contact_access",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The inquiry's id, kept after the inquiry is deleted (no foreign key): the history outlives it
     * and ends with who deleted it. Append-only like the activity log (a trigger refuses UPDATE,
     * DELETE and TRUNCATE), so no foreign key may null or cascade into it.
     */
    submissionId: integer("submission_id").notNull(),
    adminId: integer("admin_id"),
    username: varchar("username", { length: 200 }),
    action: varchar("action", { length: 20 }).$type<InquiryAccessAction>().notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ipAddress: varchar("ip_address", { length: 64 }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_access_submission_idx").on(t.submissionId, t.at)],
);

/** Settings staff change in the portal (super admins), one JSON value per key. */
export const appSettings = pgTable("app_settings", {
  key: varchar("key", { length: 100 }).primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
});

/**
 * The mail server set up in the portal (Settings > E-mail), one row (id 1), used while SMTP_URL is not
 * set in the server's environment (the environment wins). The password is encrypted with the key ring
 * (auth/secret-box.ts, bound to mail_server.password of row 1) and never sent to a browser; the
 * key rotation re-encrypts it with the rest (services/key-rotation.ts).
 */
export const mailServer = pgTable(
  "mail_server",
  {
    id: integer("id").primaryKey().default(1),
    host: varchar("host", { length: 255 }).notNull(),
    port: integer("port").notNull(),
    /** none (plain SMTP), starttls (upgraded on the port, usually 587) or tls (TLS from the first byte, usually 465). */
    security: varchar("security", { length: 10 }).$type<"none" | "starttls" | "tls">().notNull(),
    username: varchar("username", { length: 255 }),
    password: text("password"),
    /** The sender's address (MAIL_FROM wins where set). */
    fromAddress: varchar("from_address", { length: 255 }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
  },
  (t) => [check("mail_server_one_row", sql`${t.id} = 1`), check("mail_server_security", sql`${t.security} in ('none', 'starttls', 'tls')`)],
);

/**
 * E-mail to send, written in the same transaction as what it tells of (an inquiry saved, a reminder
 * due), and sent by the dispatcher inside the server (src/server/services/mail-outbox.ts), which claims
 * rows with FOR UPDATE SKIP LOCKED so that several instances never send one twice. A row names its
 * recipient (a staff member, or the inquiry's sender) and never holds an address or any of the
 * inquiry's details: they are looked up when the mail is made.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** new_inquiry, overdue_reminder, acknowledgement, new_device, email_confirm or emergency_access. */
    kind: varchar("kind", { length: 30 }).notNull(),
    /** The inquiry it is about; null for a new-device notice (a sign-in, not an inquiry). */
    submissionId: integer("submission_id").references(() => contactSubmissions.id, { onDelete: "cascade" }),
    /**
     * A new-device notice's facts (the device, the address and the time of the sign-in), or an e-mail
     * confirmation's nonce (the link's token is made from it with the server's key when the mail is sent),
     * or when an emergency access started and ends (no name, no reason: the activity log has them).
     */
    payload: jsonb("payload").$type<
      { device: string; ip: string; at: string } | { nonce: string } | { at: string; until: string } | { bookingId: number }
    >(),
    /** The staff member it goes to; null for the acknowledgement, which goes to the inquiry's sender. */
    recipientAdminId: integer("recipient_admin_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Set when there was nothing to send after all (the recipient has no e-mail address any more). */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    /** The mail server's last refusal, in plain words (never a message's content). */
    lastError: varchar("last_error", { length: 500 }),
  },
  (t) => [index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.skippedAt} is null`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images, in the database so every instance serves them (src/server/services/uploads.ts).
 * Content addressed: a new upload is named after the start of its SHA-256, so the same bytes are stored
 * once and a name never changes what it serves. Images from before (files under DATA_DIR/uploads) keep
 * their old random names, imported at start.
 */
export const uploadedImages = pgTable("uploaded_images", {
  /** The file name in the URL: /uploads/<name>, e.g. 3f9c…e1.webp. */
  name: varchar("name", { length: 64 }).primaryKey(),
  sha256: varchar("sha256", { length: 64 }).notNull(),
  contentType: varchar("content_type", { length: 50 }).notNull(),
  size: integer("size").notNull(),
  width: integer("width"),
  height: integer("height"),
  data: bytea("data").notNull(),
  /** The name of the file staff uploaded (shown and searched in the admin's media picker); null for images from before it was kept. */
  fileName: varchar("file_name", { length: 255 }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The clinic's own logo and favicon (Settings > Brand; src/server/services/brand.ts): the sanitized SVG
 * or re-encoded PNG of the logo, and the favicon's sizes made from its upload, served at /brand/<name>
 * (a name starts with the SHA-256 of its bytes, so it is cached for a year). What is in use is named in
 * the "brand" setting; a replaced file is deleted.
 */
export const brandFiles = pgTable("brand_files", {
  name: varchar("name", { length: 100 }).primaryKey(),
  contentType: varchar("content_type", { length: 50 }).notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The version history of news articles, services and website content items
 * (src/server/services/record-versions.ts). Every save keeps the state it made, so the newest version
 * of a record equals the record and each earlier one is a state staff saved, with who and when. A
 * record from before the history began gets, at its first save, a version 1 holding the state it had
 * then (event `before_history`, nobody, its last update time). The staff member is kept as their
 * username at the time, like an inquiry note's author, so a version still says who saved it after the
 * account is deleted.
 *
 * A version belongs to a row of one of three tables (`kind` says which), so no foreign key can cascade:
 * triggers in drizzle/0005 delete a record's versions when the record is deleted, whoever deletes it.
 */
export const recordVersions = pgTable(
  "record_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** news, service or content (src/shared/schemas/versions.ts). */
    kind: varchar("kind", { length: 20 }).notNull(),
    recordId: integer("record_id").notNull(),
    /** 1, 2, 3... per record. */
    version: integer("version").notNull(),
    /** created, updated, restored or before_history. */
    event: varchar("event", { length: 20 }).notNull(),
    /** The version a restore brought back. */
    restoredFrom: integer("restored_from"),
    /** The editable fields as saved (VERSIONED_FIELDS; dates as ISO text). */
    fields: jsonb("fields").$type<Record<string, string | number | boolean | null>>().notNull(),
    /** The fields this save changed, against the state before it (empty for a creation). */
    changedFields: jsonb("changed_fields").$type<string[]>().notNull(),
    savedById: integer("saved_by_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** The username at the time; null for the state from before the history began. */
    savedByName: varchar("saved_by_name", { length: 200 }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("record_versions_record_version_unique").on(t.kind, t.recordId, t.version),
    check("record_versions_kind_check", sql`${t.kind} in ('news', 'service', 'content')`),
    check("record_versions_event_check", sql`${t.event} in ('created', 'updated', 'restored', 'before_history')`),
  ],
);

/**
 * The responsive variants of each upload (src/shared/image-variants.ts says which exist and their
 * names): made once by sharp when the image is uploaded, or on the first request for one of an image
 * from before (src/server/services/image-variants.ts). Rows like any other, so backups carry them and
 * every instance serves them; they go with their upload.
 */
export const uploadedImageVariants = pgTable(
  "uploaded_image_variants",
  {
    /** The file name in the URL: /uploads/<name>, e.g. 3f9c…e1-640w.webp. */
    name: varchar("name", { length: 64 }).primaryKey(),
    uploadName: varchar("upload_name", { length: 64 })
      .notNull()
      .references(() => uploadedImages.name, { onDelete: "cascade" }),
    contentType: varchar("content_type", { length: 50 }).notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploaded_image_variants_upload_name_idx").on(t.uploadName)],
);

/**
 * The legal texts' versions (src/shared/legal.ts): each publication is a new row, never changed
 * afterwards; the current text of a kind is its highest version. Version 1 of each is the text the
 * site started with (src/server/legal/seed-texts.ts). An inquiry's consent receipt names a version
 * by its label and the SHA-256 of its HTML.
 */
export const legalTextVersions = pgTable(
  "legal_text_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 20 }).$type<LegalKind>().notNull(),
    version: integer("version").notNull(),
    /** The calendar date it takes effect, YYYY-MM-DD. */
    effectiveDate: varchar("effective_date", { length: 10 }).notNull(),
    html: text("html").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer("published_by").references(() => adminUsers.id, { onDelete: "set null" }),
    /** The publisher's username as it was (kept if the account goes); null for version 1. */
    publishedByName: varchar("published_by_name", { length: 100 }),
    /** Its language (src/shared/languages.ts): each language has its own numbered versions (issue 27). */
    language: varchar("language", { length: 5 }).$type<LanguageCode>().notNull().default("en"),
    /** A translation's English version it was made from ("needs update" when English has a newer one); null for English. */
    sourceVersion: integer("source_version"),
  },
  (table) => [uniqueIndex("legal_text_versions_kind_language_version_unique").on(table.kind, table.language, table.version)],
);

/**
 * Staff's translations of the site's records into Spanish and Chinese (issue 27;
 * src/server/services/translations.ts): one row per record and language, its translated fields, its own
 * status (published or draft), and the English fields it was made from (`source`), so a translation
 * whose English changed since is "needs update" and shows what changed. `kind` names the table
 * (TRANSLATABLE in src/shared/translatable.ts); `record_id` its row. Legal texts are translated as
 * versions of their own (legal_text_versions.language). A record's translations go with it (triggers
 * in drizzle/0021).
 */
export const translations = pgTable(
  "translations",
  {
    kind: varchar("kind", { length: 20 }).$type<TranslatableKind>().notNull(),
    recordId: integer("record_id").notNull(),
    language: varchar("language", { length: 5 }).$type<TranslationLanguage>().notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    status: varchar("status", { length: 10 }).$type<"published" | "draft">().notNull().default("draft"),
    source: jsonb("source").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who saved it, as their username then (null: seeded). */
    updatedByName: varchar("updated_by_name", { length: 200 }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.recordId, t.language] }),
    check("translations_status_check", sql`${t.status} in ('published', 'draft')`),
    check("translations_language_check", sql`${t.language} in ('es', 'zh')`),
  ],
);

/**
 * First-party analytics (issue 25; src/server/services/analytics.ts): counts per clinic day, never a
 * person. `dimension` is what is counted ("site" with value "", "page" a path, "referrer" a domain,
 * "campaign" and "source" utm values, "device", "language", "service" a service page's slug and its
 * funnel to an inquiry); the columns are the counts. Kept as long as the clinic keeps them.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: varchar("day", { length: 10 }).notNull(),
    dimension: varchar("dimension", { length: 20 }).notNull(),
    value: varchar("value", { length: 200 }).notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    entries: integer("entries").notNull().default(0),
    contacts: integer("contacts").notNull().default(0),
    starts: integer("starts").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

/**
 * Which counts today's visitors have already made (a visitor counts once a day per page, referrer,
 * service step...): the visitor is a hash of address and browser under the day's random key
 * (analytics_day_keys, deleted once the day is over); rows are deleted 23 hours after they were written (housekeeping). Nothing
 * here names a page's visitor to anyone: the hash cannot be reversed without the address, and the
 * next day's hash of the same person differs.
 */
export const analyticsSeen = pgTable(
  "analytics_seen",
  {
    day: varchar("day", { length: 10 }).notNull(),
    visitor: varchar("visitor", { length: 32 }).notNull(),
    key: varchar("key", { length: 240 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor, t.key] }), index("analytics_seen_at_idx").on(t.at)],
);

/**
 * The key that makes a clinic day's visitor hashes (services/analytics.ts): random, made by the first
 * instance that counts on that day (the others read it, so one visitor counts once), sealed under the key
 * ring's analytics key, deleted by the hourly housekeeping once the day is over and never in a backup:
 * after its day no one, holding SECRET_KEY or not, can hash an address and browser into that day's visitor.
 */
export const analyticsDayKeys = pgTable("analytics_day_keys", {
  day: varchar("day", { length: 10 }).primaryKey(),
  key: varchar("key", { length: 200 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Conversion tokens that have counted (services/conversion-token.ts): a token counts one conversion. The
 * id is a hash of the token's body, never the token or the inquiry; the hourly housekeeping deletes a row
 * once its token has expired. Not in backups (analytics' state of the moment, like analytics_seen).
 */
export const conversionTokenUses = pgTable("conversion_token_uses", {
  tokenId: varchar("token_id", { length: 64 }).primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Old addresses that keep working (issue 39, services/redirects.ts): a path of this site, without its
 * language prefix for one that holds in every language ("/services/old": also /es/services/old and
 * /zh/services/old, each to the new address in its language), answered 301 to `to_path`, or 410 when
 * `to_path` is null (a deleted service's or article's page). Written by a published record's change of
 * slug or its deletion, and by staff (Redirects screen). A page of the site always wins over a row here.
 */
export const redirects = pgTable("redirects", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  fromPath: varchar("from_path", { length: 300 }).notNull().unique(),
  /** Null: gone (410). */
  toPath: varchar("to_path", { length: 500 }),
  /** What made it: "slug" (a renamed record), "deleted" (a deleted record), "staff", "not_found" (from the 404 log). */
  origin: varchar("origin", { length: 20 }).$type<RedirectOrigin>().notNull(),
  hits: integer("hits").notNull().default(0),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * The 404 log (issue 39, services/not-found-log.ts): the page addresses visitors asked for that the site
 * does not have, the path only (no query string, no address, no browser), how often, first and last,
 * and the referring site's domain (nothing more of the referrer). Counted in memory and written in
 * batches; at most NOT_FOUND_LOG_MAX_PATHS rows; rows unseen for 90 days go with the hourly housekeeping.
 */
export const notFoundLog = pgTable(
  "not_found_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    path: varchar("path", { length: 300 }).notNull().unique(),
    hits: integer("hits").notNull().default(0),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    referrerDomain: varchar("referrer_domain", { length: 253 }),
  },
  (t) => [index("not_found_log_last_seen_idx").on(t.lastSeenAt)],
);

// ---- Booking (issue 38; docs/decisions/0075-booking-model.md). Every local time is the clinic's
// (CLINIC_TIME_ZONE), as minutes from local midnight; every instant is UTC.

/** Whose hours, overrides and claims a row is: a clinician (a team member), a resource, or the clinic itself (owner 0). */
export type BookingOwnerKind = "clinic" | "clinician" | "resource";
export type BookingStatus = "requested" | "confirmed" | "declined" | "cancelled" | "attended" | "no_show";

/** Rooms and devices a service may need (the ozone chair): booked with the clinician, never twice at once. */
export const bookingResources = pgTable(
  "booking_resources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 100 }).notNull(),
    kind: varchar("kind", { length: 10 }).$type<"room" | "device">().notNull().default("room"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [check("booking_resources_kind_check", sql`${t.kind} in ('room', 'device')`)],
);

/**
 * A clinician is a team member the visitor sees on the site, marked bookable here; `staff_user_id` links
 * the staff account that sees this clinician's calendar as its own (optional: a clinician need not sign in).
 */
export const bookingClinicians = pgTable(
  "booking_clinicians",
  {
    teamMemberId: integer("team_member_id")
      .primaryKey()
      .references(() => teamMembers.id, { onDelete: "cascade" }),
    staffUserId: integer("staff_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    /** The staff calendar feed's secret (a hash of it; null: no feed). Revoking clears it. */
    feedTokenHash: varchar("feed_token_hash", { length: 64 }),
    ...timestamps,
  },
  (t) => [uniqueIndex("booking_clinicians_staff_user_unique").on(t.staffUserId)],
);

/**
 * Weekly hours of a clinician or a resource: one row per open stretch of a weekday (0 Sunday .. 6 Saturday),
 * from `start_minute` to `end_minute` local (0..1440). The clinic's own weekly hours are Clinic details'.
 */
export const bookingHours = pgTable(
  "booking_hours",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: varchar("owner_kind", { length: 10 }).$type<BookingOwnerKind>().notNull(),
    ownerId: integer("owner_id").notNull(),
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [
    index("booking_hours_owner_idx").on(t.ownerKind, t.ownerId),
    check("booking_hours_owner_check", sql`${t.ownerKind} in ('clinician', 'resource')`),
    check("booking_hours_weekday_check", sql`${t.weekday} between 0 and 6`),
    check("booking_hours_minutes_check", sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
  ],
);

/**
 * Date overrides (a local date): the rows of an owner's date replace its weekly hours that day. A row
 * with no minutes closes the day (a holiday, a day off); rows with minutes are that day's hours (extra
 * or shorter hours). The clinic's (owner_kind clinic, owner_id 0) are its holidays and special hours.
 */
export const bookingOverrides = pgTable(
  "booking_overrides",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: varchar("owner_kind", { length: 10 }).$type<BookingOwnerKind>().notNull(),
    ownerId: integer("owner_id").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    startMinute: integer("start_minute"),
    endMinute: integer("end_minute"),
    /** Staff's own words (a holiday's name); the site shows none of it but the clinic's. */
    note: varchar("note", { length: 200 }),
  },
  (t) => [
    index("booking_overrides_owner_date_idx").on(t.ownerKind, t.ownerId, t.date),
    check("booking_overrides_owner_check", sql`${t.ownerKind} in ('clinic', 'clinician', 'resource')`),
    check(
      "booking_overrides_minutes_check",
      sql`(${t.startMinute} is null and ${t.endMinute} is null) or (0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440)`,
    ),
  ],
);

/** A service's booking settings (absent: not bookable). Minutes are multiples of 5 (the claims' cell). */
export const bookingServiceSettings = pgTable(
  "booking_service_settings",
  {
    serviceId: integer("service_id")
      .primaryKey()
      .references(() => services.id, { onDelete: "cascade" }),
    bookable: boolean("bookable").notNull().default(false),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    intervalMinutes: integer("interval_minutes").notNull().default(30),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(1440),
    daysAhead: integer("days_ahead").notNull().default(30),
    resourceId: integer("resource_id").references(() => bookingResources.id, { onDelete: "set null" }),
    requiresConfirmation: boolean("requires_confirmation").notNull().default(true),
    lateCancelHours: integer("late_cancel_hours").notNull().default(24),
    ...timestamps,
  },
  (t) => [
    check(
      "booking_service_settings_minutes_check",
      sql`${t.durationMinutes} between 5 and 720 and ${t.durationMinutes} % 5 = 0 and ${t.intervalMinutes} between 5 and 720 and ${t.intervalMinutes} % 5 = 0 and ${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferBeforeMinutes} % 5 = 0 and ${t.bufferAfterMinutes} between 0 and 240 and ${t.bufferAfterMinutes} % 5 = 0`,
    ),
  ],
);

/** Which clinicians give a bookable service (in this order, the first free one takes a booking without a choice). */
export const bookingServiceClinicians = pgTable(
  "booking_service_clinicians",
  {
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    teamMemberId: integer("team_member_id")
      .notNull()
      .references(() => bookingClinicians.teamMemberId, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.teamMemberId] })],
);

/**
 * A booked time. It IS an inquiry on the desk (`inquiry_id`): who booked and their health details live
 * there, encrypted, with the consent receipt and the access history; nothing identifying is here.
 * `block_*` is the time held, buffers included; its 5-minute cells are claimed in booking_claims while
 * the booking is active (requested or confirmed).
 */
export const bookings = pgTable(
  "bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    serviceId: integer("service_id").references(() => services.id, { onDelete: "set null" }),
    clinicianId: integer("clinician_id").references(() => bookingClinicians.teamMemberId, { onDelete: "set null" }),
    resourceId: integer("resource_id").references(() => bookingResources.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockStartsAt: timestamp("block_starts_at", { withTimezone: true }).notNull(),
    blockEndsAt: timestamp("block_ends_at", { withTimezone: true }).notNull(),
    status: varchar("status", { length: 12 }).$type<BookingStatus>().notNull(),
    inquiryId: integer("inquiry_id").references(() => contactSubmissions.id, { onDelete: "set null" }),
    /** The visitor's language (en, es, zh): mails and the visitor's pages speak it. */
    language: varchar("language", { length: 5 }).$type<LanguageCode>().notNull().default("en"),
    /** The caller's key: a repeated submission with it answers the first result. */
    idempotencyKey: varchar("idempotency_key", { length: 100 }).notNull(),
    /** The .ics UID (stable for the booking's life) and SEQUENCE (bumped by each move or cancellation). */
    calendarUid: varchar("calendar_uid", { length: 100 }).notNull(),
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** Random material of the signed cancel/reschedule links: replacing it voids every link mailed before. */
    linkSecret: varchar("link_secret", { length: 64 }).notNull(),
    /** Staff's message with a decline (sent to the visitor; no health details). */
    staffMessage: varchar("staff_message", { length: 500 }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: integer("status_changed_by").references(() => adminUsers.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("bookings_idempotency_key_unique").on(t.idempotencyKey),
    uniqueIndex("bookings_calendar_uid_unique").on(t.calendarUid),
    index("bookings_clinician_starts_idx").on(t.clinicianId, t.startsAt),
    index("bookings_resource_starts_idx").on(t.resourceId, t.startsAt),
    index("bookings_starts_idx").on(t.startsAt),
    index("bookings_inquiry_idx").on(t.inquiryId),
    check("bookings_status_check", sql`${t.status} in ('requested', 'confirmed', 'declined', 'cancelled', 'attended', 'no_show')`),
    check(
      "bookings_times_check",
      sql`${t.blockStartsAt} <= ${t.startsAt} and ${t.startsAt} < ${t.endsAt} and ${t.endsAt} <= ${t.blockEndsAt}`,
    ),
    check("bookings_language_check", sql`${t.language} in ('en', 'es', 'zh')`),
  ],
);

/**
 * No double booking (decision 0075): one row per 5-minute cell of an active booking's held time, per
 * owner (its clinician, its resource). The primary key refuses a second holder on either engine and
 * across instances; declining, cancelling or moving deletes the booking's rows (frees the time).
 */
export const bookingClaims = pgTable(
  "booking_claims",
  {
    ownerKind: varchar("owner_kind", { length: 10 }).$type<"clinician" | "resource">().notNull(),
    ownerId: integer("owner_id").notNull(),
    cellStart: timestamp("cell_start", { withTimezone: true }).notNull(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId, t.cellStart] }), index("booking_claims_booking_idx").on(t.bookingId)],
);
