import { z } from "zod";
import { DEFAULT_RETENTION, retentionSettings } from "./inquiries";
import { recordId } from "./fields";
import { type ClinicDetails, DEFAULT_CLINIC, WEEKDAYS, WEEKDAY_NAMES, type Weekday, formatPhone, phoneDigits } from "../clinic";
import { count, id, nullableText, timestamp } from "./answers";
import { role } from "./users";

/**
 * The Settings screen (super admins): settings stored in the database, one section each. The first is
 * the retention of finished inquiries; each section is saved whole, and a section left out of an
 * update keeps its stored value.
 */
/**
 * Mail (it goes out only when the server has a mail server, SMTP_URL): on or off; the acknowledgement
 * to the visitor; the reminder for an inquiry still New 24 hours after arrival. Who receives new-inquiry
 * mail is each staff member's own choice (My Account; a super admin can change it for anyone here).
 */
export const mailSettings = z.object({
  enabled: z.boolean({ error: "Must be true or false" }),
  acknowledgement: z.boolean({ error: "Must be true or false" }),
  overdueReminders: z.boolean({ error: "Must be true or false" }),
});
export type MailSettings = z.output<typeof mailSettings>;
export const DEFAULT_MAIL: MailSettings = { enabled: true, acknowledgement: true, overdueReminders: true };

/** A US phone number that dials: 10 digits (a leading 1 or +1 is fine), stored as (801) 555-0147. */
const usPhone = (label: string) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(30, `Please enter a 10-digit US phone number, like (801) 555-0147.`)
    .refine((value) => phoneDigits(value) !== null, `Please enter a 10-digit US phone number, like (801) 555-0147.`)
    .transform(formatPhone);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: "Please enter a time like 09:00." }).regex(TIME, "Please enter a time like 09:00 (24-hour).");
const dayHours = (day: Weekday) =>
  z
    .object({ closed: z.boolean({ error: "Must be true or false" }), opens: time, closes: time })
    .refine((h) => h.closed || h.opens < h.closes, {
      message: `${WEEKDAY_NAMES[day]}: the closing time must be after the opening time.`,
      path: ["closes"],
    });

/** https:// address of a social network, or empty to hide its icon. */
const socialUrl = z
  .string({ error: "Must be text" })
  .trim()
  .max(500, "Must be 500 characters or less")
  .refine(
    (value) => value === "" || (/^https:\/\/[^\s/]+\.[^\s]+$/.test(value) && URL.canParse(value)),
    "Please enter an address starting with https://, or leave it empty to hide the icon.",
  );

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Must be ${max} characters or less`);

/** The clinic's details (src/shared/clinic.ts says where they show). */
export const clinicSettings = z.object({
  name: text("clinic name", 120),
  shortName: text("short name", 60),
  street: text("street address", 200),
  city: text("city", 100),
  state: z
    .string({ error: "Please enter the state." })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), "Please enter the state as 2 letters, like UT."),
  zip: z
    .string({ error: "Please enter the ZIP code." })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, "Please enter a 5-digit ZIP code (or ZIP+4, like 84124-1234)."),
  phone: usPhone("phone number"),
  email: z.email({ error: "Please enter a valid email address." }).trim().max(255, "Must be 255 characters or less"),
  privacyOfficerPhone: usPhone("privacy officer's phone number"),
  hours: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours(day)])) as { [K in Weekday]: ReturnType<typeof dayHours> }),
  latitude: z
    .number({ error: "Please enter the latitude as a number." })
    .min(-90, "Latitude must be between -90 and 90.")
    .max(90, "Latitude must be between -90 and 90."),
  longitude: z
    .number({ error: "Please enter the longitude as a number." })
    .min(-180, "Longitude must be between -180 and 180.")
    .max(180, "Longitude must be between -180 and 180."),
  social: z.object({ facebook: socialUrl, instagram: socialUrl, youtube: socialUrl }),
}) satisfies z.ZodType<ClinicDetails, unknown>;

/**
 * Sign-in security: per role, whether an account must have a second factor (TOTP today, passkeys
 * too). On by default for both roles: both can open inquiries' health details. An account under the
 * rule without a second factor can only enrol until it has one (src/server/trpc.ts's gate).
 */
export const securitySettings = z.object({
  requireSecondFactor: z.object({
    super_admin: z.boolean({ error: "Must be true or false" }),
    admin: z.boolean({ error: "Must be true or false" }),
  }),
});
export type SecuritySettings = z.output<typeof securitySettings>;
export const DEFAULT_SECURITY: SecuritySettings = { requireSecondFactor: { super_admin: true, admin: true } };

export const settingsUpdateInput = z.object({
  retention: retentionSettings.optional(),
  mail: mailSettings.optional(),
  clinic: clinicSettings.optional(),
  security: securitySettings.optional(),
});

export const DEFAULT_SETTINGS = { retention: DEFAULT_RETENTION, mail: DEFAULT_MAIL, clinic: DEFAULT_CLINIC, security: DEFAULT_SECURITY };
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingsUpdate = z.output<typeof settingsUpdateInput>;

/** A staff member's mail choices (My Account for oneself; Settings for anyone, super admins). */
export const notificationPreferences = z.object({
  newInquiries: z.boolean({ error: "Must be true or false" }),
});
export const recipientUpdateInput = notificationPreferences.extend({ adminId: recordId });

/**
 * The mail server set up in the portal (Settings > E-mail), used while the server's environment sets
 * no SMTP_URL. The password is write-only: left out, the stored one is kept; the answer says only
 * whether one is set. A password travels only inside TLS: with security "none" no user or password.
 */
export const MAIL_SECURITY = ["none", "starttls", "tls"] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];
/** The port each security usually uses (the form's default when the security is chosen). */
export const MAIL_SECURITY_PORT: Record<MailSecurity, number> = { none: 25, starttls: 587, tls: 465 };

export const MAIL_SERVER_MESSAGES = {
  host: "Please enter the mail server's host name, like smtp.example.com.",
  port: "Please enter a port from 1 to 65535 (587 for STARTTLS, 465 for TLS).",
  security: "Please choose the security: none, STARTTLS or TLS.",
  from: "Please enter the sender's address, like clinic@example.com.",
  passwordInClear: "A password is sent only over STARTTLS or TLS: choose one of them, or leave the user name and password empty.",
  passwordWithoutUser: "Please enter the user name that goes with the password.",
} as const;

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6 = /^\[?[0-9a-f:.]+\]?$/i;

export const mailServerInput = z
  .object({
    host: z
      .string({ error: MAIL_SERVER_MESSAGES.host })
      .trim()
      .min(1, MAIL_SERVER_MESSAGES.host)
      .max(253, MAIL_SERVER_MESSAGES.host)
      .refine((value) => HOST_NAME.test(value) || (value.includes(":") && IPV6.test(value)), MAIL_SERVER_MESSAGES.host),
    port: z.int({ error: MAIL_SERVER_MESSAGES.port }).min(1, MAIL_SERVER_MESSAGES.port).max(65_535, MAIL_SERVER_MESSAGES.port),
    security: z.enum(MAIL_SECURITY, { error: MAIL_SERVER_MESSAGES.security }),
    user: z.string({ error: "Must be text" }).trim().max(255, "Must be 255 characters or less").default(""),
    /** Left out: the stored password stays. An empty string removes it. */
    password: z.string({ error: "Must be text" }).max(500, "Must be 500 characters or less").optional(),
    /** Ignored (and may be empty) while MAIL_FROM is set in the server's environment. */
    from: z.union([z.literal(""), z.email({ error: MAIL_SERVER_MESSAGES.from }).trim().max(255, "Must be 255 characters or less")], {
      error: MAIL_SERVER_MESSAGES.from,
    }),
  })
  .superRefine((value, ctx) => {
    if (value.security === "none" && (value.user !== "" || (value.password ?? "") !== ""))
      ctx.addIssue({ code: "custom", path: ["security"], message: MAIL_SERVER_MESSAGES.passwordInClear });
    if (value.user === "" && (value.password ?? "") !== "")
      ctx.addIssue({ code: "custom", path: ["user"], message: MAIL_SERVER_MESSAGES.passwordWithoutUser });
  });
export type MailServerInput = z.output<typeof mailServerInput>;

/** Send test e-mail: to this address, or to one's own when left out. */
export const testMailInput = z.object({ to: z.email({ error: "Please enter a valid email address." }).max(255).optional() }).optional();

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

const dayHoursAnswer = z.strictObject({ closed: z.boolean(), opens: z.string(), closes: z.string() });

export const clinicAnswer = z
  .strictObject({
    name: z.string(),
    shortName: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string().meta({ description: "Display form, (801) 555-0147" }),
    email: z.string(),
    privacyOfficerPhone: z.string(),
    hours: z.strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursAnswer])) as Record<Weekday, typeof dayHoursAnswer>),
    latitude: z.number(),
    longitude: z.number(),
    social: z.strictObject({ facebook: z.string(), instagram: z.string(), youtube: z.string() }),
  })
  .meta({
    id: "ClinicDetails",
    description: "The clinic's name, address, phone, e-mail, hours (24-hour HH:MM per weekday), map position and social addresses",
  });

/** The clinic's details as the public pages read them: with its special days (holidays) of the coming weeks. */
export const publicClinicAnswer = clinicAnswer
  .extend({
    specialDays: z
      .array(z.strictObject({ date: z.iso.date(), closed: z.boolean(), opens: z.string(), closes: z.string() }))
      .describe(
        "The clinic's own date overrides (holidays, special hours) from today to 60 days ahead, in the clinic's time zone: " +
          "closed, or open from `opens` to `closes` instead of the weekday's hours",
      ),
  })
  .meta({ id: "PublicClinicDetails", description: "The clinic's details and its special days of the coming weeks" });

export const settingsAnswer = z
  .object({ retention: retentionSettings, mail: mailSettings, clinic: clinicAnswer, security: securitySettings })
  .meta({ id: "Settings" });

export const mailStatusAnswer = z
  .object({
    configured: z.boolean(),
    from: nullableText,
    lastSentAt: timestamp.nullable(),
    failingSince: timestamp.nullable(),
    lastError: nullableText,
    waiting: count,
  })
  .meta({ id: "MailStatus" });

export const testMailAnswer = z
  .union([
    z.object({ sent: z.literal(true) }),
    z.object({ sent: z.literal(false), error: z.string().describe("The mail server's refusal, in plain words") }),
  ])
  .meta({ id: "TestMailResult" });

export const mailServerAnswer = z
  .object({
    source: z
      .enum(["environment", "settings", "none"])
      .describe(
        "Where the mail server in force comes from: SMTP_URL (the form is read-only), Settings > E-mail, or nowhere (no mail goes out)",
      ),
    host: nullableText,
    port: z.int().nullable(),
    security: z.enum(MAIL_SECURITY).nullable(),
    user: z.string(),
    passwordSet: z.boolean().describe("Whether a password is stored (it is never sent back)"),
    from: z.string().describe("The sender's address the form holds (MAIL_FROM's while it is set)"),
    fromEnvironment: z.boolean().describe("Whether MAIL_FROM sets the sender (the field is read-only)"),
  })
  .meta({ id: "MailServer" });

export const mailAlertsAnswer = z
  .object({
    alerted: z.boolean().describe("Whether a new inquiry is e-mailed to at least one staff member"),
    reason: z
      .enum(["no_server", "mail_off", "no_recipient"])
      .nullable()
      .describe(
        "Why not: no mail server, sending e-mail switched off, or no active staff member with an e-mail who receives new-inquiry mail",
      ),
  })
  .meta({ id: "MailAlerts" });

export const mailRecipientAnswer = z
  .object({
    id,
    username: z.string(),
    email: nullableText,
    role,
    roleLabel: z.string().describe("The role's name as the portal shows it"),
    isActive: z.boolean(),
    newInquiries: z.boolean(),
    reachable: z.boolean(),
  })
  .meta({ id: "MailRecipient" });

export const notificationsAnswer = z
  .object({ newInquiries: z.boolean(), hasEmail: z.boolean() })
  .meta({ id: "NotificationChoice", description: "Whether a staff member receives new-inquiry mail (and has an address to receive it)." });
