import {
  changeOwnPasswordInput,
  confirmEmailInput,
  disableTwoFactorInput,
  enableTwoFactorInput,
  loginInput,
  updateOwnProfileInput,
} from "../../shared/schemas/users";
import { notificationPreferences } from "../../shared/schemas/settings";
import { successAnswer } from "../../shared/schemas/answers";
import { notificationsAnswer } from "../../shared/schemas/settings";
import { backupCodesAnswer, loginAnswer, profileAnswer, sessionAnswer, twoFactorSetupAnswer } from "../../shared/schemas/users";
import { deleteSession, type SessionAuth } from "../auth/sessions";
import type { Context } from "../context";
import type { Database } from "../db/client";
import { actorOf, logActivity } from "../services/activity";
import { toPublicAdminUser } from "../services/admin-users";
import { getNewInquiryMail, setNewInquiryMail } from "../services/mail-recipients";
import {
  changeOwnPassword,
  countUnusedBackupCodes,
  disableTwoFactor,
  enableTwoFactor,
  changesOwnEmail,
  confirmOwnEmail,
  setupTwoFactor,
  updateOwnProfile,
} from "../services/own-account";
import { confirmFreshCheck, signIn } from "../services/sign-in";
import { staffAccessOf } from "../services/roles";
import { hasPasskey, hasSecondFactor, pendingAccountStep } from "../services/second-factor";
import { endOtherSessions, endOwnSession, listOwnSessions } from "../services/sessions";
import {
  accountSessionsAnswer,
  CONFIRM_MESSAGES,
  confirmAnswer,
  confirmInput,
  endedSessionsAnswer,
  endSessionInput,
} from "../../shared/schemas/sessions";
import { accountSetupProcedure, freshCheckWhen, publicProcedure, requireFreshCheck, router, staffProcedure } from "../trpc";
import { door, read } from "./doors";

async function describeSession(db: Database, auth: SessionAuth) {
  const user = toPublicAdminUser(auth.user);
  const access = await staffAccessOf(db, auth.user);
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    // A new e-mail waiting for the link mailed to it, while the link still works (My Account says so).
    pendingEmail:
      auth.user.pendingEmail && auth.user.pendingEmailExpiresAt && auth.user.pendingEmailExpiresAt.getTime() > Date.now()
        ? auth.user.pendingEmail
        : null,
    twoFactorEnabled: user.twoFactorEnabled,
    backupCodesRemaining: user.twoFactorEnabled ? await countUnusedBackupCodes(db, user.id) : 0,
    sessionExpiresAt: auth.session.expiresAt,
    accountSetup: await pendingAccountStep(db, auth.user),
    hasSecondFactor: await hasSecondFactor(db, auth.user),
    hasPasskey: await hasPasskey(db, auth.user.id),
    firstSignIn: auth.user.signInCount <= 1,
    roleName: access.roleName,
    roleLabel: access.roleLabel,
    permissions: access.permissions,
    assignedOnly: access.assignedOnly,
    emergencyAccessUntil: access.emergencyAccessUntil,
  };
}

const tag = "Sign-in and account";

/**
 * A successful sign-in's answer (a password's or a passkey's): the session cookie (one that outlives the
 * browser only when "Keep me signed in on this device" was chosen), and who signed in.
 */
export function answerSignedIn(
  ctx: Pick<Context, "sessionCookie">,
  signedIn: { token: string; user: { username: string; role: string } },
  keepSignedIn = false,
) {
  ctx.sessionCookie.set(signedIn.token, keepSignedIn);
  return { success: true as const, user: { username: signedIn.user.username, role: signedIn.user.role } };
}

/** Sign out's door; the spec's own path (/admin/api/logout) is served by src/server/rest with the same procedure. */
export const LOGOUT_DOOR = {
  method: "post",
  path: "/admin/logout",
  tag,
  summary: "Sign out",
  description: "Ends the current session and clears the cookie; harmless when signed out.",
  answer: { description: "Signed out.", headers: ["Set-Cookie"] },
} as const;

/** Sign-in, the session, and the signed-in user's own account security (password, 2FA). */
export const authRouter = router({
  login: publicProcedure
    .meta(
      door("post", tag, "/admin/login", "Sign in", "Signed in.", {
        description:
          "Sets the session cookie: a browser-session cookie, or with `keepSignedIn` one of 12 hours. The same " +
          "401 for an unknown user and a wrong password; 422 asks for the 2FA code; 5 failures lock the account " +
          "for 15 minutes (429).",
        errors: [401, 422, 429],
        answer: { headers: ["Set-Cookie"] },
      }),
    )
    .input(loginInput)
    .output(loginAnswer)
    .mutation(async ({ ctx, input }) => answerSignedIn(ctx, await signIn(ctx.deps, ctx, input), input.keepSignedIn === true)),

  /** GET /api/admin/me: who is signed in (401 when nobody). */
  me: accountSetupProcedure("password", "second_factor")
    .meta(read(tag, "/admin/me", "Who is signed in", "The session's user."))
    .output(sessionAnswer)
    .query(({ ctx }) => describeSession(ctx.deps.db, ctx.auth)),

  /** The portal's session check: the same answer as `me`, or null when nobody is signed in (no 401 to log). */
  session: publicProcedure.query(({ ctx }) => (ctx.auth ? describeSession(ctx.deps.db, ctx.auth) : null)),

  /** Ends the current session (deletes its row) and clears the cookie; harmless when signed out. */
  logout: publicProcedure
    .meta({ rest: LOGOUT_DOOR })
    .output(successAnswer)
    .mutation(async ({ ctx }) => {
      if (ctx.auth) {
        await deleteSession(ctx.deps.db, ctx.auth.session.id);
        await logActivity(ctx.deps.db, {
          adminId: ctx.auth.user.id,
          username: ctx.auth.user.username,
          action: "logout",
          resourceType: "session",
          ipAddress: ctx.ip,
        });
      }
      ctx.sessionCookie.clear();
      return { success: true as const };
    }),

  changePassword: accountSetupProcedure("password")
    .meta(
      door("post", tag, "/admin/account/password", "Change one's own password", "Changed.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`; a sign-in is one). Ends one's other sessions. A " +
          "wrong current password counts toward the sign-in lockout (429). The new password: at least 15 characters " +
          "without a second factor (8 with one), not on the blocklist of common passwords, not containing the username " +
          "or the clinic's name. Also the way out of a required password change.",
        errors: [403, 429],
      }),
    )
    .use(requireFreshCheck)
    .input(changeOwnPasswordInput)
    .output(successAnswer)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx.deps, ctx.auth, ctx, input)),

  twoFactorSetup: accountSetupProcedure("second_factor")
    .meta(
      door("post", tag, "/admin/2fa/setup", "Start two-factor enrolment", "The key, its otpauth URL and a QR code.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). A new TOTP key, inactive until a code from it is " +
          "confirmed (`/api/admin/2fa/enable`).",
        errors: [403, 409],
      }),
    )
    .use(requireFreshCheck)
    .output(twoFactorSetupAnswer)
    .mutation(({ ctx }) => setupTwoFactor(ctx.deps, ctx.auth, ctx)),

  twoFactorEnable: accountSetupProcedure("second_factor")
    .meta(
      door("post", tag, "/admin/2fa/enable", "Turn two-factor authentication on", "On: 10 backup codes, shown once.", {
        description: "Needs a fresh check (403 with `requiresFreshCheck`).",
        errors: [403, 409],
      }),
    )
    .use(requireFreshCheck)
    .input(enableTwoFactorInput)
    .output(backupCodesAnswer)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.deps, ctx.auth, ctx, input.code)),

  /** My Account: one's own first name, last name and e-mail. */
  updateProfile: staffProcedure
    .meta(
      door("put", tag, "/admin/account/profile", "Change one's own name and e-mail", "The profile now.", {
        description:
          "Names are saved at once. A changed e-mail needs a fresh check (403 with `requiresFreshCheck`: alerts " +
          "and sign-in notices go there); it is saved at once when no mail goes out; when mail is on it waits as " +
          "`pendingEmail` and a link to confirm it is mailed to the new address (POST /admin/account/confirm-email).",
        errors: [403],
      }),
    )
    .use(freshCheckWhen((ctx, raw) => changesOwnEmail(ctx.auth.user, raw)))
    .input(updateOwnProfileInput)
    .output(profileAnswer)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx.deps, ctx.auth, ctx, input)),

  /** The link mailed to a new e-mail address, opened by its signed-in owner: the address becomes theirs. */
  confirmEmail: staffProcedure
    .meta(
      door("post", tag, "/admin/account/confirm-email", "Confirm a new e-mail address", "The profile now.", {
        description:
          "The token from the link mailed to the new address (valid 24 hours, once). A wrong, used or expired token " +
          "answers 400 and changes nothing.",
      }),
    )
    .input(confirmEmailInput)
    .output(profileAnswer)
    .mutation(({ ctx, input }) => confirmOwnEmail(ctx.deps, ctx.auth, ctx, input.token)),

  /** My Account: whether I receive new-inquiry mail. */
  notifications: staffProcedure
    .meta(read(tag, "/admin/account/notifications", "Whether I receive new-inquiry mail", "My choice."))
    .output(notificationsAnswer)
    .query(({ ctx }) => getNewInquiryMail(ctx.deps.db, ctx.auth.user.id)),
  setNotifications: staffProcedure
    .meta(door("put", tag, "/admin/account/notifications", "Choose whether I receive new-inquiry mail", "My choice now."))
    .input(notificationPreferences)
    .output(notificationsAnswer)
    .mutation(({ ctx, input }) => setNewInquiryMail(ctx.deps.db, actorOf(ctx), ctx.auth.user.id, input.newInquiries)),

  twoFactorDisable: staffProcedure
    .meta(
      door("post", tag, "/admin/2fa/disable", "Turn two-factor authentication off", "Off.", {
        description: "Needs a fresh check (403 with `requiresFreshCheck`). A wrong password counts toward the sign-in lockout (429).",
        errors: [403, 429],
      }),
    )
    .use(requireFreshCheck)
    .input(disableTwoFactorInput)
    .output(successAnswer)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, ctx.auth, ctx, input.password)),

  /** "Confirm it's you": makes the session fresh for sensitive acts (5 minutes). */
  confirm: staffProcedure
    .meta(
      door("post", tag, "/admin/confirm", "Confirm it's you (a fresh check)", "Fresh until the time given.", {
        description:
          "The password and, when the account has 2FA, a code (authenticator or backup code). Sensitive acts (2FA " +
          "on or off, password change, backup, inquiries export, role changes, another's password reset) answer " +
          "403 with `requiresFreshCheck` without one in the last 5 minutes; a sign-in counts as one. A wrong answer " +
          "is a 400 naming the field, counts toward the sign-in lockout (429) and is logged.",
        errors: [429],
      }),
    )
    .input(confirmInput)
    .output(confirmAnswer)
    .mutation(({ ctx, input }) => confirmFreshCheck(ctx.deps, ctx.auth, ctx, input, CONFIRM_MESSAGES)),

  /** My Account: the account's signed-in sessions. */
  sessions: staffProcedure
    .meta(read(tag, "/admin/account/sessions", "My signed-in sessions", "This session first, then the most recently active."))
    .output(accountSessionsAnswer)
    .query(({ ctx }) => listOwnSessions(ctx.deps.db, ctx.auth)),
  endSession: staffProcedure
    .meta(
      door("post", tag, "/admin/account/sessions/end", "End one of my sessions", "Ended.", {
        description: "That browser is signed out at its next request (401). An unknown handle, or another account's, is a 404.",
        errors: [404],
      }),
    )
    .input(endSessionInput)
    .output(endedSessionsAnswer)
    .mutation(({ ctx, input }) => endOwnSession(ctx.deps.db, ctx.auth, actorOf(ctx), input.handle)),
  endOtherSessions: staffProcedure
    .meta(door("post", tag, "/admin/account/sessions/end-others", "End all my other sessions", "How many ended."))
    .output(endedSessionsAnswer)
    .mutation(({ ctx }) => endOtherSessions(ctx.deps.db, ctx.auth, actorOf(ctx))),
});
