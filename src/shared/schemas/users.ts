import { z } from "zod";
import { optionalText, recordId } from "./fields";
import { authenticationResponse, passkeyAttemptId } from "./passkeys";

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
  tooShortSingleFactor:
    `Password must be at least ${PASSWORD_MIN_SINGLE_FACTOR} characters for an account without a second factor ` + `(8 with one)`,
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

/** 8 to 128 characters, no composition rules (DESIGN.md security rules). */
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
  username: z
    .string({ error: USER_MESSAGES.loginUsername })
    .trim()
    .min(1, USER_MESSAGES.loginUsername)
    .max(200, USER_MESSAGES.loginUsername),
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
