import { contactSubmissionInput } from "../../shared/schemas/contact";
import { logActivity } from "../services/activity";
import {
  contactCsvFilename,
  contactSubmissionsCsv,
  listContactSubmissions,
  submitContactForm,
} from "../services/contact";
import { publicProcedure, router, staffProcedure } from "../trpc";

/** Reads the inquiries for staff and writes the read to the activity log (they carry health information). */
const readLogged = staffProcedure.use(async ({ ctx, next, path }) => {
  const rows = await listContactSubmissions(ctx.deps.db, ctx.deps.secrets);
  const action = path.endsWith("exportCsv") ? "export" : "read";
  await logActivity(ctx.deps.db, {
    adminId: ctx.auth.user.id,
    username: ctx.auth.user.username,
    action,
    resourceType: "contact_submission",
    details: action === "export" ? { count: rows.length, format: "csv" } : { count: rows.length },
    ipAddress: ctx.ip,
  });
  return next({ ctx: { ...ctx, submissions: rows } });
});

/** Appointment inquiries: anyone may send one; staff read and export them, and every read is logged. */
export const contactRouter = router({
  submit: publicProcedure
    .input(contactSubmissionInput)
    .mutation(({ ctx, input }) =>
      submitContactForm(ctx.deps.db, ctx.deps.secrets, ctx.deps.limits.contactIp, ctx.ip, input),
    ),

  list: readLogged.query(({ ctx }) => ctx.submissions),

  exportCsv: readLogged.query(({ ctx }) => ({ filename: contactCsvFilename(), csv: contactSubmissionsCsv(ctx.submissions) })),
});
