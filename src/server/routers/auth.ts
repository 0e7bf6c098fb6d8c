import { changeOwnPasswordInput, disableTwoFactorInput, enableTwoFactorInput, loginInput } from "../../shared/schemas/users";
import { notificationPreferences } from "../../shared/schemas/settings";
import { deleteSession, type SessionAuth } from "../auth/sessions";
import type { Database } from "../db/client";
import { actorOf, logActivity } from "../services/activity";
import { toPublicAdminUser } from "../services/admin-users";
import { getNewInquiryMail, setNewInquiryMail } from "../services/mail-recipients";
import {
  changeOwnPassword,
  countUnusedBackupCodes,
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  signIn,
} from "../services/auth";
import { publicProcedure, router, staffProcedure } from "../trpc";

async function describeSession(db: Database, auth: SessionAuth) {
  const user = toPublicAdminUser(auth.user);
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    twoFactorEnabled: user.twoFactorEnabled,
    backupCodesRemaining: user.twoFactorEnabled ? await countUnusedBackupCodes(db, user.id) : 0,
    sessionExpiresAt: auth.session.expiresAt,
  };
}

/** Sign-in, the session, and the signed-in user's own account security (password, 2FA). */
export const authRouter = router({
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const { token, user } = await signIn(ctx.deps, ctx, input);
    ctx.sessionCookie.set(token);
    return { success: true as const, user: { username: user.username, role: user.role } };
  }),

  /** GET /api/admin/me: who is signed in (401 when nobody). */
  me: staffProcedure.query(({ ctx }) => describeSession(ctx.deps.db, ctx.auth)),

  /** The portal's session check: the same answer as `me`, or null when nobody is signed in (no 401 to log). */
  session: publicProcedure.query(({ ctx }) => (ctx.auth ? describeSession(ctx.deps.db, ctx.auth) : null)),

  /** Ends the current session (deletes its row) and clears the cookie; harmless when signed out. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
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

  changePassword: staffProcedure
    .input(changeOwnPasswordInput)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx.deps, ctx.auth, ctx, input)),

  twoFactorSetup: staffProcedure.mutation(({ ctx }) => setupTwoFactor(ctx.deps, ctx.auth, ctx)),

  twoFactorEnable: staffProcedure
    .input(enableTwoFactorInput)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.deps, ctx.auth, ctx, input.code)),

  /** My Account: whether I receive new-inquiry mail. */
  notifications: staffProcedure.query(({ ctx }) => getNewInquiryMail(ctx.deps.db, ctx.auth.user.id)),
  setNotifications: staffProcedure
    .input(notificationPreferences)
    .mutation(({ ctx, input }) => setNewInquiryMail(ctx.deps.db, actorOf(ctx), ctx.auth.user.id, input.newInquiries)),

  twoFactorDisable: staffProcedure
    .input(disableTwoFactorInput)
    .mutation(({ ctx, input }) => disableTwoFactor(ctx.deps, ctx.auth, ctx, input.password)),
});
