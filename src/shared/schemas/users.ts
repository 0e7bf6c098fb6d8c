import { z } from "zod";
import { optionalText, recordId, requiredText } from "./fields";
import { authenticationResponse, passkeyAttemptId } from "./passkeys";
import { count, id, nullableText, permissionNames, timestamp } from "./answers";

/** Admin accounts, sign-in and account security (admin-portal.md sections 3, 5 and 6). */

export const ADMIN_ROLES = ["admin", "super_admin"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_BADGES: Record<AdminRole, string> = { super_admin: "Super Admin", admin: "Admin" };
export const ROLE_OPTIONS = [
  { value: "admin", label: "Admin (Content Management)" },
  { value: "super_admin", label: "Super Admin (Full Access)" },
] as const;

export const USER_MESSAGES = {
  username: "Username must be at least 3 characters",
  usernameMax: "Username must be 100 characters or less",
  usernamePattern: "Username can only contain letters, numbers, dots, hyphens and underscores",
  password: "Password must be at least 8 characters",
  passwordMax: "Password must be 128 characters or less",
  email: "Invalid email",
  role: "Role must be admin or super_admin",
  loginUsername: "Username is required",
  loginPassword: "Password is required",
} as const;

/**
 * NIST SP 800-63B-4's rules for a password someone sets (src/server/services/password-rules.ts checks
 * them on the server, where the account's second factor, the blocklist and the clinic's name are
 * known). Each refusal says which rule failed. The spec's "at least 8" (USER_MESSAGES.password) stays
 * the floor of every password field; an account without a second factor needs 15.
 */
export const PASSWORD_MIN_SINGLE_FACTOR = 15;
export const PASSWORD_RULE_MESSAGES = {
  tooShortSingleFactor: `Password must be at least ${PASSWORD_MIN_SINGLE_FACTOR} characters for an account without a second factor (8 with one)`,
  blocklisted: "This password is on the list of common or breached passwords. Please choose another.",
  isUsername: "Password must not be the username (with or without digits or symbols added)",
  isClinicName: "Password must not be the clinic's or the site's name (with or without digits or symbols added)",
  sameAsCurrent: "The new password must differ from the current one",
} as const;

/** Messages of the account-setup gate (src/server/trpc.ts) and of the screens it leads to. */
export const ACCOUNT_SETUP_MESSAGES = {
  passwordChangeRequired: "Please choose a new password before you continue.",
  secondFactorRequired: "Your role requires a second factor. Please set up two-factor authentication before you continue.",
} as const;

export const usernameSchema = z
  .string({ error: USER_MESSAGES.username })
  .trim()
  .min(3, USER_MESSAGES.username)
  .max(100, USER_MESSAGES.usernameMax)
  .regex(/^[A-Za-z0-9._-]+$/, USER_MESSAGES.usernamePattern);

/** 8 to 128 characters, no composition rules (docs/security.md, Passwords). */
export const passwordSchema = z
  .string({ error: USER_MESSAGES.password })
  .min(8, USER_MESSAGES.password)
  .max(128, USER_MESSAGES.passwordMax);

const emailOrEmpty = z
  .string({ error: USER_MESSAGES.email })
  .trim()
  .max(255, USER_MESSAGES.email)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || z.email().safeParse(value).success, USER_MESSAGES.email);

/**
 * A role's key (issue 24): the spec's two, the other built-in roles, or a custom one. Not a key at all
 * keeps the spec's message; a key that names no role is refused by the server (ROLE_MESSAGES.unknownRole).
 */
const roleSchema = z
  .string({ error: USER_MESSAGES.role })
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,49}$/, USER_MESSAGES.role)
  .describe("A role's key: admin, super_admin, front_desk, clinician, marketing or a custom role's (GET /api/admin/roles)");

export const createAdminUserInput = z.object({
  username: usernameSchema,
  password: passwordSchema,
  firstName: optionalText(100, "First name must be 100 characters or less"),
  lastName: optionalText(100, "Last name must be 100 characters or less"),
  email: emailOrEmpty,
  role: roleSchema.default("admin"),
});

export const updateAdminUserInput = z.object({
  id: recordId,
  firstName: optionalText(100, "First name must be 100 characters or less"),
  lastName: optionalText(100, "Last name must be 100 characters or less"),
  email: emailOrEmpty,
  role: roleSchema.optional(),
  isActive: z.boolean({ error: "Must be true or false" }).optional(),
});

export const resetPasswordInput = z.object({
  id: recordId,
  newPassword: passwordSchema,
});

export const loginInput = z.object({
  username: requiredText(USER_MESSAGES.loginUsername, 200, USER_MESSAGES.loginUsername),
  password: z.string({ error: USER_MESSAGES.loginPassword }).min(1, USER_MESSAGES.loginPassword).max(1000, USER_MESSAGES.loginPassword),
  twoFactorToken: z.string().trim().max(20).optional().nullable(),
  backupCode: z.string().trim().max(40).optional().nullable(),
  /** The second step with a passkey: the answer to the 422's `passkeyStep` challenge (issue 34). */
  passkey: z.object({ attemptId: passkeyAttemptId, response: authenticationResponse }).optional(),
  /** "Keep me signed in on this device": a cookie that outlives the browser (12 hours at most); else a browser-session cookie. */
  keepSignedIn: z.boolean().optional(),
});

export const changeOwnPasswordInput = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(1000),
  newPassword: passwordSchema,
});

/** My Account: one's own name and e-mail. */
export const updateOwnProfileInput = z.object({
  firstName: optionalText(100, "First name must be 100 characters or less"),
  lastName: optionalText(100, "Last name must be 100 characters or less"),
  email: emailOrEmpty,
});

/** The token from an e-mail confirmation link (/admin/account/confirm-email?token=...). */
export const confirmEmailInput = z.object({
  token: z
    .string({ error: "The confirmation link is incomplete: open the whole link from the e-mail" })
    .trim()
    .min(1, "The confirmation link is incomplete: open the whole link from the e-mail")
    .max(200, "This confirmation link is not valid"),
});

export const enableTwoFactorInput = z.object({
  code: z
    .string({ error: "Please enter your 2FA code" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

export const disableTwoFactorInput = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1000),
});

export type LoginInput = z.input<typeof loginInput>;
export type CreateAdminUserInput = z.input<typeof createAdminUserInput>;
export type UpdateAdminUserInput = z.input<typeof updateAdminUserInput>;
export type UpdateOwnProfileInput = z.input<typeof updateOwnProfileInput>;

// ---- answers (what the procedures of this domain answer; see ./answers.ts)

/** A role's key (src/shared/permissions.ts): a built-in one (super_admin, admin, front_desk, clinician, marketing) or custom_... */
export const role = z
  .string()
  .describe(`A role's key: ${ADMIN_ROLES.join(", ")}, the other built-in roles or a custom role (GET /api/admin/roles)`);

export const loginAnswer = z
  .object({ success: z.literal(true), user: z.object({ username: z.string(), role }) })
  .meta({ id: "SignedIn", description: "Signed in: the session cookie is set (Set-Cookie)." });

export const sessionAnswer = z
  .object({
    id,
    username: z.string(),
    role,
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    pendingEmail: nullableText.describe("A new e-mail address waiting for the link mailed to it (null when none)"),
    twoFactorEnabled: z.boolean(),
    backupCodesRemaining: count,
    sessionExpiresAt: timestamp,
    accountSetup: z
      .enum(["password", "second_factor"])
      .nullable()
      .describe(
        "What the account must do before anything else: choose a new password, or enrol a second factor its role " +
          "requires; null when nothing",
      ),
    hasSecondFactor: z.boolean().describe("Whether the account has a second factor (its new password then needs 8 characters, not 15)"),
    hasPasskey: z.boolean().describe("Whether the account has a passkey (it can confirm it's them with one)"),
    firstSignIn: z.boolean().describe("Whether this is the account's first sign-in"),
    roleName: z
      .string()
      .describe("The role's name (Super Administrator, Administrator, Front desk, Clinician, Marketing, or a custom role's)"),
    roleLabel: z.string().describe("The spec's label for its two roles (Super Administrator, Administrator); else the role's name"),
    permissions: permissionNames.describe(
      "What the account may do now: its role's permissions, with inquiries.health while emergency access lasts",
    ),
    assignedOnly: z.boolean().describe("The account sees only inquiries assigned to it or unassigned"),
    emergencyAccessUntil: timestamp
      .nullable()
      .describe("When the account's emergency access to health details ends; null when none is live"),
  })
  .meta({ id: "Session", description: "Who is signed in, and what their role allows." });

export const profileAnswer = z
  .object({
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    /** A new e-mail address waiting for its owner to open the link mailed to it (null when none). */
    pendingEmail: nullableText,
  })
  .meta({ id: "Profile", description: "One's own name and e-mail, and a new e-mail waiting for confirmation by the link mailed to it." });

export const twoFactorSetupAnswer = z
  .object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string().describe("A PNG data: URL of the otpauth URL") })
  .meta({ id: "TwoFactorSetup" });

export const backupCodesAnswer = z
  .object({ backupCodes: z.array(z.string()).length(10).describe("Shown once") })
  .meta({ id: "BackupCodes" });

export const adminUserAnswer = z
  .object({
    id,
    username: z.string(),
    firstName: nullableText,
    lastName: nullableText,
    email: nullableText,
    role,
    isActive: z.boolean(),
    twoFactorEnabled: z.boolean(),
    lastLogin: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "AdminUser", description: "A staff account (never its password hash or TOTP key)." });
