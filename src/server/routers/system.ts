import { activityQuery, auditChainQuery } from "../../shared/schemas/activity";
import { BACKUP_MESSAGES, backupDownloadInput } from "../../shared/schemas/backup";
import { migrationsApplied } from "../db/client";
import { listActivity } from "../services/activity";
import { actChecksItsOwn, confirmIdentity } from "../services/sign-in";
import { auditChainStatus, parseHead } from "../services/audit-chain";
import { backupDownload } from "../services/backup-download";
import { dashboardCounts } from "../services/dashboard";
import { inquiryScopeOf } from "../services/inquiry-desk";
import { activityPageAnswer, auditChainAnswer } from "../../shared/schemas/activity";
import { dashboardAnswer } from "../../shared/schemas/system";
import { freshCheckWhen, permitted, publicProcedure, router, staffAccess, staffProcedure } from "../trpc";
import { downloadOf } from "./record-writes";
import { door, read } from "./doors";

const tag = "Dashboard";

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

  dashboard: staffProcedure
    .meta(
      read(
        tag,
        "/admin/dashboard",
        "The dashboard's counts",
        "The count cards of the areas the caller's role may open (each left out otherwise).",
      ),
    )
    .output(dashboardAnswer)
    .query(async ({ ctx }) => {
      const access = await staffAccess(ctx);
      return dashboardCounts(ctx.deps.db, ctx.deps.secrets, {
        permissions: access.permissions,
        scope: inquiryScopeOf(access, ctx.auth.user.id),
      });
    }),

  /** The activity log, newest first (super admins). */
  activity: permitted("activity.read")
    .meta(read(tag, "/admin/activity", "The activity log", "One page of the log, newest first, with the total."))
    .input(activityQuery)
    .output(activityPageAnswer)
    .query(({ ctx, input }) => listActivity(ctx.deps.db, { ...input, action: input.action || undefined })),

  /** The activity log's hash chain, every hash recomputed (super admins; the Activity Log screen's status line). */
  auditChain: permitted("activity.read")
    .meta(
      read(
        tag,
        "/admin/activity/chain",
        "Verify the activity log's hash chain",
        "Intact with the number of entries, or the first broken entry.",
        {
          description:
            "Recomputes every hash of the append-only activity log, as npm run audit -- verify does, and names the " +
            "first entry that does not verify. " +
            "With `head` (a place and hash kept outside the database: npm run audit -- head, a backup's manifest, " +
            "the server's log), the whole chain is verified against it, so the newest entries removed show too.",
        },
      ),
    )
    .input(auditChainQuery)
    .output(auditChainAnswer)
    .query(({ ctx, input }) =>
      auditChainStatus(ctx.deps.db, ctx.deps.secrets, { head: input.head ? (parseHead(input.head) ?? undefined) : undefined }),
    ),

  /**
   * A backup of the whole site (POST /api/admin/backup; super admins; never with the key): the password
   * and, with 2FA, a code are checked again (services/sign-in.ts confirmIdentity), then a stream of the
   * archive encrypted with the passphrase given, made only as it is read and logged when it ends. That
   * check is the act's fresh check (issue 36: one dialog, one code), but for an account whose only second
   * factor is a passkey, which confirms with it first (actChecksItsOwn). A
   * mutation, so no page can make a browser run one with an image or a link. Over /trpc a stream is
   * refused (415), as tRPC's plain links cannot carry one; nothing is read or logged as a backup then.
   */
  backup: permitted("backups.take")
    .meta(
      door("post", tag, "/admin/backup", "Download a backup of the whole site", "The encrypted archive.", {
        description:
          "Asks again for the password and, when the account has 2FA, a code (authenticator or backup code), which " +
          "stand for the fresh check: no POST /api/admin/confirm first. A wrong one is a 400 naming the field, counts " +
          "toward the sign-in lockout (429) and is logged (`identity_check_failed`). An account whose only second " +
          "factor is a passkey confirms with it first (403 with `requiresFreshCheck`: POST /api/admin/confirm/passkey). " +
          "Then streams the archive encrypted with `passphrase` (argon2id, AES-256-GCM in authenticated chunks; " +
          "docs/operations.md, Backups and restore), never with the key; logged with its row count, never the passphrase. " +
          "Restore it with `npm run restore` and the passphrase.",
        errors: [403, 429],
        reply: "download",
        answer: { media: "application/octet-stream", headers: ["Content-Disposition"] },
      }),
    )
    .use(freshCheckWhen(async (ctx) => !(await actChecksItsOwn(ctx.deps.db, ctx.auth))))
    .input(backupDownloadInput)
    .output(downloadOf<Uint8Array>())
    .mutation(async ({ ctx, input }) => {
      await confirmIdentity(ctx.deps, ctx.auth, ctx, input, "backup", BACKUP_MESSAGES);
      return backupDownload(ctx.deps, { adminId: ctx.auth.user.id, username: ctx.auth.user.username, ip: ctx.ip }, input.passphrase);
    }),
});
