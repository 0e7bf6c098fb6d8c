import { contactSubmissionInput } from "../../shared/schemas/contact";
import { logActivity } from "../services/activity";
import {
  contactCsvFilename,
  contactSubmissionsCsv,
  listContactSubmissions,
  submitContactForm,
} from "../services/contact";
import { publicProcedure, router, staffProcedure } from "../trpc";

/** Appointment inquiries: anyone may send one; staff read and export them, and every read is logged. */
export const contactRouter = router({
  submit: publicProcedure
    .input(contactSubmissionInput)
    .mutation(({ ctx, input }) =>
      submitContactForm(ctx.deps.db, ctx.deps.secrets, ctx.deps.limits.contactIp, ctx.ip, input),
    ),

  list: staffProcedure.query(async ({ ctx }) => {
    const rows = await listContactSubmissions(ctx.deps.db, ctx.deps.secrets);
    await logActivity(ctx.deps.db, {
      adminId: ctx.auth.user.id,
      username: ctx.auth.user.username,
      action: "read",
      resourceType: "contact_submission",
      details: { count: rows.length },
      ipAddress: ctx.ip,
    });
    return rows;
  }),

  exportCsv: staffProcedure.query(async ({ ctx }) => {
    const rows = await listContactSubmissions(ctx.deps.db, ctx.deps.secrets);
    await logActivity(ctx.deps.db, {
      adminId: ctx.auth.user.id,
      username: ctx.auth.user.username,
      action: "export",
      resourceType: "contact_submission",
      details: { count: rows.length, format: "csv" },
      ipAddress: ctx.ip,
    });
    return { filename: contactCsvFilename(), csv: contactSubmissionsCsv(rows) };
  }),
});
