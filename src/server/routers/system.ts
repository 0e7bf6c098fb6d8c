import { activityQuery } from "../../shared/schemas/activity";
import { BACKUP_MESSAGES, backupDownloadInput } from "../../shared/schemas/backup";
import { migrationsApplied } from "../db/client";
import { listActivity } from "../services/activity";
import { confirmIdentity } from "../services/auth";
import { auditChainStatus } from "../services/audit-chain";
import { backupDownload } from "../services/backup";
import { dashboardCounts } from "../services/dashboard";
import { publicProcedure, router, staffProcedure, superAdminOnly, superAdminProcedure } from "../trpc";

export const systemRouter = router({
  /**
   * GET /api/health (readiness): the database answers and every migration is applied. Liveness
   * (GET /api/health?probe=live) is answered by the REST door without asking the database.
   */
  health: publicProcedure.query(async ({ ctx }) => {
    const database = await ctx.deps.database.ping();
    const migrations = database && (await migrationsApplied(ctx.deps.db));
    return { ok: database && migrations, database: database ? "up" : "down", migrations: migrations ? "applied" : "pending" } as const;
  }),

  dashboard: staffProcedure.query(({ ctx }) => dashboardCounts(ctx.deps.db, ctx.auth.user.role === "super_admin")),

  /** The activity log, newest first (super admins). */
  activity: superAdminProcedure
    .input(activityQuery)
    .query(({ ctx, input }) => listActivity(ctx.deps.db, { ...input, action: input.action || undefined })),

  /** The activity log's hash chain, every hash recomputed (super admins; the Activity Log screen's status line). */
  auditChain: superAdminProcedure.query(({ ctx }) => auditChainStatus(ctx.deps.db)),

  /**
   * A backup of the whole site (POST /api/admin/backup; super admins; never with the key): the password
   * and, with 2FA, a code are checked again (services/auth.ts confirmIdentity), then a stream of the
   * archive encrypted with the passphrase given, made only as it is read and logged when it ends. A
   * mutation, so no page can make a browser run one with an image or a link. Over /trpc a stream is
   * refused (415), as tRPC's plain links cannot carry one; nothing is read or logged as a backup then.
   */
  backup: superAdminOnly("Access Denied - Only super admins can download a backup")
    .input(backupDownloadInput)
    .mutation(async ({ ctx, input }) => {
      await confirmIdentity(ctx.deps, ctx.auth, ctx, input, "backup", BACKUP_MESSAGES);
      return backupDownload(ctx.deps, { adminId: ctx.auth.user.id, username: ctx.auth.user.username, ip: ctx.ip }, input.passphrase);
    }),
});
