import { z } from "zod";
import { listActivity } from "../services/activity";
import { dashboardCounts } from "../services/dashboard";
import { publicProcedure, router, staffProcedure, superAdminProcedure } from "../trpc";

export const systemRouter = router({
  /** GET /api/health: 200 when the database answers, 503 otherwise. */
  health: publicProcedure.query(async ({ ctx }) => ({ ok: await ctx.deps.database.ping() })),

  dashboard: staffProcedure.query(({ ctx }) => dashboardCounts(ctx.deps.db, ctx.auth.user.role === "super_admin")),

  /** The activity log, newest first (super admins). */
  activity: superAdminProcedure
    .input(
      z
        .object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(50),
          adminId: z.coerce.number().int().positive().optional(),
          action: z.string().trim().max(50).optional(),
        })
        .default({ page: 1, pageSize: 50 }),
    )
    .query(({ ctx, input }) => listActivity(ctx.deps.db, { ...input, action: input.action || undefined })),
});
