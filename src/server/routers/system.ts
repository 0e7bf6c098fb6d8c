import { z } from "zod";
import { recordId, wholeNumber } from "../../shared/schemas/fields";
import { migrationsApplied } from "../db/client";
import { listActivity } from "../services/activity";
import { dashboardCounts } from "../services/dashboard";
import { publicProcedure, router, staffProcedure, superAdminProcedure } from "../trpc";

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
    .input(
      z
        .object({
          page: wholeNumber(1, 1_000_000, "Page must be a whole number from 1").default(1),
          pageSize: wholeNumber(1, 200, "Page size must be a whole number from 1 to 200").default(50),
          adminId: recordId.optional(),
          action: z.string().trim().max(50).optional(),
        })
        .default({ page: 1, pageSize: 50 }),
    )
    .query(({ ctx, input }) => listActivity(ctx.deps.db, { ...input, action: input.action || undefined })),
});
