import { contactSubmissionInput } from "../../shared/schemas/contact";
import { idParam } from "../../shared/schemas/fields";
import { inquiryFilter, inquiryNoteInput, inquiryPageInput, inquiryUpdateInput } from "../../shared/schemas/inquiries";
import { adminUsers } from "../db/schema";
import { actorOf } from "../services/activity";
import { contactCsvChunks, contactCsvFilename, submitContactForm } from "../services/contact";
import { issueFormToken } from "../services/form-token";
import {
  addInquiryNote,
  deleteInquiry,
  exportInquiries,
  inquiryHistory,
  listAssignees,
  listInquiryPage,
  openInquiry,
  updateInquiry,
} from "../services/inquiry-desk";
import { publicProcedure, router, staffProcedure, superAdminOnly } from "../trpc";

const superAdmin = {
  delete: superAdminOnly("Access Denied - Only super admins can delete inquiries"),
  history: superAdminOnly("Access Denied - Only super admins can see an inquiry's access history"),
};

/**
 * Appointment inquiries: anyone may send one; staff work through them on the inquiry desk (pages,
 * filters, opening, statuses, assignees, notes, exports); super admins also delete them and see each
 * one's access history. Every read, opening, change, note and export is logged.
 *
 * `all` and `exportCsv` answer streams (every matching inquiry, batch by batch): the REST mirror sends
 * them as a JSON array and a CSV file; over /trpc a stream is refused (415), as tRPC's plain links
 * cannot carry one.
 */
export const contactRouter = router({
  submit: publicProcedure
    .input(contactSubmissionInput)
    .mutation(({ ctx, input }) => submitContactForm(ctx.deps, ctx.ip, input)),

  /** A fresh form token (the inquiry form's: when it was rendered, which legal texts it showed). */
  formToken: publicProcedure.query(({ ctx }) => ({ formToken: issueFormToken(ctx.deps.secrets) })),

  /** One page of the list, with the total; no health details. */
  list: staffProcedure.input(inquiryPageInput).query(({ ctx, input }) => listInquiryPage(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input)),

  /** Every inquiry, health details included, newest first (GET /api/admin/contact without parameters). */
  all: staffProcedure.query(({ ctx }) => exportInquiries(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), {}, "json")),

  /** The CSV of the inquiries a filter matches, as text chunks. */
  exportCsv: staffProcedure.input(inquiryFilter.optional()).query(async ({ ctx, input }) => {
    const staff = await ctx.deps.db.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers);
    const rows = exportInquiries(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input ?? {}, "csv");
    return { filename: contactCsvFilename(), chunks: contactCsvChunks(rows, new Map(staff.map((s) => [s.id, s.username]))) };
  }),

  /** Opens one inquiry: health details and notes; logged with its id. */
  byId: staffProcedure.input(idParam).query(({ ctx, input }) => openInquiry(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input.id)),

  update: staffProcedure.input(inquiryUpdateInput).mutation(({ ctx, input }) => updateInquiry(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input)),

  addNote: staffProcedure
    .input(inquiryNoteInput)
    .mutation(({ ctx, input }) => addInquiryNote(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input)),

  delete: superAdmin.delete.input(idParam).mutation(({ ctx, input }) => deleteInquiry(ctx.deps.db, actorOf(ctx), input.id)),

  history: superAdmin.history.input(idParam).query(({ ctx, input }) => inquiryHistory(ctx.deps.db, input.id)),

  /** Who an inquiry can be assigned to: the active staff. */
  assignees: staffProcedure.query(({ ctx }) => listAssignees(ctx.deps.db)),
});
