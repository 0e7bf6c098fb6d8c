import { analyticsPeriod, analyticsReportAnswer } from "../../shared/schemas/analytics";
import { analyticsReport } from "../services/analytics";
import { permitted, router } from "../trpc";
import { read } from "./doors";

/**
 * The Analytics screen's figures (issue 25): visitors, page views and the way from a service page to an
 * inquiry, per clinic day, summed over a period. Counts only (services/analytics.ts); the visits are
 * counted through POST /api/visit (src/server/http/visit-beacon.ts).
 */
export const analyticsRouter = router({
  report: permitted("analytics.view")
    .meta(
      read(
        "Analytics",
        "/admin/analytics",
        "Visitors, pages and conversions over a period",
        "The period's sums, a line per day, and the funnel per service.",
        {
          description:
            "A visitor is counted once a day, so a period's visitors are the sum of its days'. Nothing in it names " +
            "a visitor or an inquiry.",
        },
      ),
    )
    .input(analyticsPeriod)
    .output(analyticsReportAnswer)
    .query(async ({ ctx, input }) => {
      await ctx.deps.visitCounter.flush(); // this instance's last second of beacons, so the figures include them
      return analyticsReport(ctx.deps.db, input);
    }),
});
