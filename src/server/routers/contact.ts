import { z } from "zod";
import { contactSubmissionInput } from "../../shared/schemas/contact";
import { idParam } from "../../shared/schemas/fields";
import { inquiryFilter, inquiryNoteInput, inquiryPageInput, inquiryUpdateInput } from "../../shared/schemas/inquiries";
import { adminUsers } from "../db/schema";
import { actorOf } from "../services/activity";
import { contactCsvChunks, contactCsvFilename, inquiryServiceChoices, submitContactForm } from "../services/contact";
import { issueFormToken } from "../services/form-token";
import { currentLegalDocuments } from "../services/legal-texts";
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
import {
  assigneeAnswer,
  formTokenAnswer,
  inquiryAccessAnswer,
  inquiryAnswer,
  inquiryNoteAnswer,
  inquiryReceivedAnswer,
  inquirySummaryAnswer,
  openedInquiryAnswer,
  pageOf,
  successAnswer,
} from "../../shared/schemas/outputs";
import { publicProcedure, requireFreshCheck, router, staffProcedure, superAdminOnly } from "../trpc";
import { batchesOf, downloadOf, listOf } from "./record-writes";
import { read } from "./doors";

const tag = "Inquiries";

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
    .meta({
      rest: {
        method: "post",
        path: "/contact",
        tag: "Public site",
        summary: "Send an appointment inquiry",
        description: "Limited per network (429). The answer never echoes what was sent.",
        errors: [429],
        answer: { status: 201, description: "Received." },
      },
    })
    .input(contactSubmissionInput)
    .output(inquiryReceivedAnswer)
    .mutation(({ ctx, input }) => submitContactForm(ctx.deps, ctx.ip, input)),

  /** A fresh form token (the inquiry form's: when it was rendered, which legal texts it showed). */
  formToken: publicProcedure
    .meta(
      read("Public site", "/contact/form-token", "A fresh inquiry form token", "A signed token (never cached).", {
        description: "Send it as `formToken` with the inquiry: an inquiry without a token, or sent less than 2 seconds after it was issued, is stored as spam.",
        noStore: true,
      }),
    )
    .output(formTokenAnswer)
    // It carries the legal texts in force, which the form shows: the receipt names them.
    .query(async ({ ctx }) => ({ formToken: issueFormToken(ctx.deps.secrets, new Date(), await currentLegalDocuments(ctx.deps.db)) })),

  /** One page of the list, with the total; no health details. */
  list: staffProcedure
    .meta(read(tag, "/admin/contact", "One page of inquiries", "One page of summaries.", { onlyWithQuery: true, reply: "page" }))
    .input(inquiryPageInput)
    .output(pageOf(inquirySummaryAnswer))
    .query(({ ctx, input }) => listInquiryPage(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input)),

  /** Every inquiry, health details included, newest first (GET /api/admin/contact without parameters). */
  all: staffProcedure
    .meta({
      rest: {
        method: "get",
        path: "/admin/contact",
        tag,
        summary: "Inquiries",
        description:
          "Without parameters: every inquiry, newest first, health details included (streamed; logged as a read). With any parameter: one page of summaries (no health details), the total in `X-Total-Count` and the neighbours in `Link`.",
        reply: "jsonArrayStream",
        answer: {
          description: "Every inquiry, or one page of summaries.",
          schema: z.union([listOf(inquiryAnswer).describe("Without parameters"), listOf(inquirySummaryAnswer).describe("With any parameter: one page")]),
          headers: ["X-Total-Count", "Link"],
        },
      },
    })
    .output(batchesOf<unknown>())
    .query(({ ctx }) => exportInquiries(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), {}, "json")),

  /** The CSV of the inquiries a filter matches, as text chunks. */
  exportCsv: staffProcedure
    .meta({
      rest: {
        method: "get",
        path: "/admin/contact/export",
        tag,
        summary: "Export inquiries as CSV",
        description: "Needs a fresh check (403 with `requiresFreshCheck`). Every inquiry the filter matches (streamed; logged with the filter and the row count, never the search text).",
        reply: "download",
        errors: [403],
        answer: { description: "The CSV file: every cell quoted.", media: "text/csv", headers: ["Content-Disposition"] },
      },
    })
    .use(requireFreshCheck)
    .input(inquiryFilter.optional())
    .output(downloadOf<string>())
    .query(async ({ ctx, input }) => {
    const staff = await ctx.deps.db.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers);
    const rows = exportInquiries(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input ?? {}, "csv");
    return { filename: contactCsvFilename(), contentType: "text/csv; charset=UTF-8", chunks: contactCsvChunks(rows, new Map(staff.map((s) => [s.id, s.username]))) };
  }),

  /** Opens one inquiry: health details and notes; logged with its id. */
  byId: staffProcedure
    .meta(
      read(tag, "/admin/contact/:id", "Open an inquiry", "The inquiry.", {
        description: "Health details, consent receipt and notes; logged in the activity log and the inquiry's access history.",
      }),
    )
    .input(idParam)
    .output(openedInquiryAnswer)
    .query(({ ctx, input }) => openInquiry(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input.id)),

  update: staffProcedure
    .meta({ rest: { method: "patch", path: "/admin/contact/:id", tag, summary: "Change an inquiry's status or assignee", answer: { description: "The inquiry's summary." } } })
    .input(inquiryUpdateInput)
    .output(inquirySummaryAnswer)
    .mutation(({ ctx, input }) => updateInquiry(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input)),

  addNote: staffProcedure
    .meta({ rest: { method: "post", path: "/admin/contact/:id/notes", tag, summary: "Add a note to an inquiry", answer: { status: 201, description: "The note (stored encrypted)." } } })
    .input(inquiryNoteInput)
    .output(inquiryNoteAnswer)
    .mutation(({ ctx, input }) => addInquiryNote(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input)),

  delete: superAdmin.delete
    .meta({
      rest: {
        method: "delete",
        path: "/admin/contact/:id",
        tag,
        summary: "Delete an inquiry with its notes (its access history stays, ending with the deletion)",
        answer: { description: "Deleted." },
      },
    })
    .input(idParam)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await deleteInquiry(ctx.deps.db, actorOf(ctx), input.id);
      return { success: true as const };
    }),

  history: superAdmin.history
    .meta(
      read(tag, "/admin/contact/:id/history", "An inquiry's access history", "Who opened, exported, changed, annotated or deleted it, newest first.", {
        description: "Kept after the inquiry is deleted: its entries then say \"inquiry 123, deleted\" and the last one who deleted it.",
      }),
    )
    .input(idParam)
    .output(listOf(inquiryAccessAnswer))
    .query(({ ctx, input }) => inquiryHistory(ctx.deps.db, input.id)),

  /** The service filter's choices: the form's current ones and every name inquiries were sent with. */
  serviceChoices: staffProcedure
    .meta(
      read(tag, "/admin/contact/services", "The service names inquiries can be filtered by", "Service names.", {
        description: "The choices the inquiry form offers now, then every other name inquiries were sent with (a service since renamed or no longer offered).",
      }),
    )
    .output(listOf(z.string()))
    .query(({ ctx }) => inquiryServiceChoices(ctx.deps.db)),

  /** Who an inquiry can be assigned to: the active staff. */
  assignees: staffProcedure
    .meta(read(tag, "/admin/contact/assignees", "Who an inquiry can be assigned to", "The active staff."))
    .output(listOf(assigneeAnswer))
    .query(({ ctx }) => listAssignees(ctx.deps.db)),
});
