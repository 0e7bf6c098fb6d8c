import { z } from "zod";
import { contactSubmissionInput } from "../../shared/schemas/contact";
import { idParam, langQuery } from "../../shared/schemas/fields";
import { HEALTH_ACCESS_REASONS, ROLE_MESSAGES } from "../../shared/permissions";
import { emergencyAccessInput } from "../../shared/schemas/roles";
import { inquiryFilter, inquiryNoteInput, inquiryPageInput, inquiryUpdateInput } from "../../shared/schemas/inquiries";
import { adminUsers } from "../db/schema";
import { actorOf } from "../services/activity";
import { contactCsvChunks, contactCsvFilename, inquiryServiceChoices, submitContactForm } from "../services/contact";
import { issueFormToken } from "../services/form-token";
import { currentLegalDocuments } from "../services/legal-texts";
import { roleOpensHealth, startEmergencyAccess, type StaffAccess } from "../services/roles";
import { healthOpenedInSession, inquiryHistory, recordHealthOpening } from "../services/inquiry-access";
import { assertInquiryInScope, type InquiryScope, inquiryScopeOf, listAssignees, listInquiryPage } from "../services/inquiry-desk";
import { addInquiryNote, deleteInquiry, type HealthState, openInquiry, updateInquiry } from "../services/inquiry-detail";
import { exportInquiries } from "../services/inquiry-export";
import { pageOf, successAnswer } from "../../shared/schemas/answers";
import {
  assigneeAnswer,
  formTokenAnswer,
  inquiryAccessAnswer,
  inquiryAnswer,
  inquiryNoteAnswer,
  inquiryReceivedAnswer,
  inquirySummaryAnswer,
  openedInquiryAnswer,
} from "../../shared/schemas/inquiries";
import { emergencyAccessAnswer } from "../../shared/schemas/roles";
import { errors } from "../errors";
import { permitted, publicProcedure, requireFreshCheck, requirePermission, router, staffAccess, staffProcedure } from "../trpc";
import type { Context } from "../context";
import { batchesOf, downloadOf, listOf } from "./record-writes";
import { door, read } from "./doors";

const tag = "Inquiries";

type StaffContext = Context & { auth: NonNullable<Context["auth"]> };

/** The inquiries the caller's role sees: all, or those assigned to them or unassigned (issue 24). */
async function scopeOf(ctx: StaffContext): Promise<{ access: StaffAccess; scope: InquiryScope }> {
  const access = await staffAccess(ctx);
  return { access, scope: inquiryScopeOf(access, ctx.auth.user.id) };
}

/** The caller, once the inquiry is one their role may work on (403 otherwise: a role that sees only its own inquiries). */
async function actorInScope(ctx: StaffContext, inquiryId: number) {
  await assertInquiryInScope(ctx.deps.db, inquiryId, (await scopeOf(ctx)).scope);
  return actorOf(ctx);
}

/** Opening one inquiry: the id, and (to see its health details) why, once per inquiry per session. */
const openInput = idParam
  .extend({
    reason: z
      .enum(HEALTH_ACCESS_REASONS, { error: ROLE_MESSAGES.reasonRequired })
      .optional()
      .describe("Why its health details are opened (asked once per inquiry per session; kept in its access history)"),
    reasonText: z
      .string({ error: ROLE_MESSAGES.otherTextRequired })
      .trim()
      .max(200, ROLE_MESSAGES.otherTextMax)
      .optional()
      .describe("The reason in words, required with reason other"),
  })
  .refine((value) => value.reason !== "other" || (value.reasonText ?? "").length > 0, {
    message: ROLE_MESSAGES.otherTextRequired,
    path: ["reasonText"],
  });

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
    .meta(
      door("post", "Public site", "/contact", "Send an appointment inquiry", "Received.", {
        description: "Limited per network (429). The answer never echoes what was sent.",
        errors: [429],
        answer: { status: 201 },
      }),
    )
    .input(contactSubmissionInput)
    .output(inquiryReceivedAnswer)
    .mutation(({ ctx, input }) => submitContactForm(ctx.deps, ctx.ip, input)),

  /** A fresh form token (the inquiry form's: when it was rendered, which legal texts it showed). */
  formToken: publicProcedure
    .meta(
      read("Public site", "/contact/form-token", "A fresh inquiry form token", "A signed token (never cached).", {
        description:
          "Send it as `formToken` with the inquiry: an inquiry without a token, or sent less than 2 seconds after " +
          "it was issued, is stored as spam. With `lang` (es, zh), the form's language: the receipt names that " +
          "language's legal texts and the acknowledgement is written in it.",
        noStore: true,
      }),
    )
    .input(langQuery)
    .output(formTokenAnswer)
    // It carries the legal texts in force in the form's language, which the form shows: the receipt names them.
    .query(async ({ ctx, input }) => ({
      formToken: issueFormToken(ctx.deps.secrets, new Date(), await currentLegalDocuments(ctx.deps.db, input?.lang), input?.lang),
    })),

  /** One page of the list, with the total; no health details. */
  list: permitted("inquiries.view")
    .meta(read(tag, "/admin/contact", "One page of inquiries", "One page of summaries.", { onlyWithQuery: true, reply: "page" }))
    .input(inquiryPageInput)
    .output(pageOf(inquirySummaryAnswer))
    .query(async ({ ctx, input }) =>
      listInquiryPage(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input, new Date(), (await scopeOf(ctx)).scope),
    ),

  /** Every inquiry, health details included, newest first (GET /api/admin/contact without parameters). */
  all: permitted("inquiries.export")
    .meta(
      door("get", tag, "/admin/contact", "Inquiries", "Every inquiry, or one page of summaries.", {
        description:
          "Without parameters: every inquiry, newest first, health details included when the role itself opens " +
          "them (an emergency access opens single inquiries, not exports), streamed, logged as a read; needs inquiries.export " +
          "and a fresh check (403 with `requiresFreshCheck`). With any parameter: one page of summaries (no health " +
          "details), the total in `X-Total-Count` and the neighbours in `Link`.",
        reply: "jsonArrayStream",
        answer: {
          schema: z.union([
            listOf(inquiryAnswer).describe("Without parameters"),
            listOf(inquirySummaryAnswer).describe("With any parameter: one page"),
          ]),
          headers: ["X-Total-Count", "Link"],
        },
      }),
    )
    // Every inquiry at once is an export, as the CSV is: the same fresh check (issue 34).
    .use(requireFreshCheck)
    .output(batchesOf<unknown>())
    .query(async ({ ctx }) => {
      const { access, scope } = await scopeOf(ctx);
      return exportInquiries(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), {}, "json", { scope, withHealth: roleOpensHealth(access) });
    }),

  /** The CSV of the inquiries a filter matches, as text chunks. */
  exportCsv: permitted("inquiries.export")
    .meta(
      door("get", tag, "/admin/contact/export", "Export inquiries as CSV", "The CSV file: every cell quoted.", {
        description:
          "Needs a fresh check (403 with `requiresFreshCheck`). Every inquiry the filter matches (streamed; logged " +
          "with the filter and the row count, never the search text); health details only when the role itself " +
          "opens them (an emergency access opens single inquiries, not exports).",
        reply: "download",
        errors: [403],
        answer: { media: "text/csv", headers: ["Content-Disposition"] },
      }),
    )
    .use(requireFreshCheck)
    .input(inquiryFilter.optional())
    .output(downloadOf<string>())
    .query(async ({ ctx, input }) => {
      const staff = await ctx.deps.db.select({ id: adminUsers.id, username: adminUsers.username }).from(adminUsers);
      const { access, scope } = await scopeOf(ctx);
      const rows = exportInquiries(ctx.deps.db, ctx.deps.secrets, actorOf(ctx), input ?? {}, "csv", {
        scope,
        withHealth: roleOpensHealth(access),
      });
      return {
        filename: contactCsvFilename(),
        contentType: "text/csv; charset=UTF-8",
        chunks: contactCsvChunks(rows, new Map(staff.map((s) => [s.id, s.username]))),
      };
    }),

  /**
   * Opens one inquiry: contact details, consent receipt and notes; its health details only to a role
   * that opens them (or a live emergency access), once a reason was given for it in this session
   * (`reason`, kept in its access history). Logged with its id.
   */
  byId: permitted("inquiries.view")
    .meta(
      read(tag, "/admin/contact/:id", "Open an inquiry", "The inquiry.", {
        description:
          "Contact details, consent receipt and notes; logged in the activity log and the inquiry's access history. " +
          "Health details (`healthConditions`) only for a role with inquiries.health (or a live emergency access), " +
          "and only once a `reason` was given for this inquiry in this session: without one the answer's `healthAccess` " +
          "is `reason_needed`. A `reason` from a role that does not open health details is refused (403). A role " +
          "that sees only its own inquiries gets 403 for one assigned to someone else.",
        errors: [403],
      }),
    )
    .input(openInput)
    .output(openedInquiryAnswer)
    .query(async ({ ctx, input, path }) => {
      const { access, scope } = await scopeOf(ctx);
      await assertInquiryInScope(ctx.deps.db, input.id, scope);
      const actor = actorOf(ctx);
      const mayOpenHealth = access.permissions.includes("inquiries.health");
      let health: HealthState;
      if (input.reason) {
        if (!mayOpenHealth) await requirePermission(ctx, "inquiries.health", path);
        await recordHealthOpening(ctx.deps.db, actor, ctx.auth.session.id, input.id, {
          reason: input.reason,
          text: input.reasonText,
          emergency: access.emergencyAccessUntil !== null,
        });
        health = "shown";
      } else if (!mayOpenHealth) health = "not_allowed";
      else health = (await healthOpenedInSession(ctx.deps.db, ctx.auth.session.id, input.id)) ? "shown" : "reason_needed";
      return openInquiry(ctx.deps.db, ctx.deps.secrets, actor, input.id, health);
    }),

  /**
   * Emergency access: a staff member whose role does not open health details states why and may open
   * them for an hour (EMERGENCY_ACCESS_MINUTES); highlighted in the activity log, the Super Administrators are mailed.
   */
  emergencyAccess: staffProcedure
    .meta(
      door("post", tag, "/admin/contact/emergency-access", "Emergency access to health details", "Until when.", {
        description:
          "For a role that does not open health details (400 for one that does): after stating why (`reason`, 10 " +
          "to 500 characters), the account may open health details for 60 minutes, each opening still with its " +
          "own reason. Logged as `emergency_access` with the reason; every active Super Administrator with an e-mail " +
          "address is told by mail (no names, no health details). It grants a permission for an hour, so it needs " +
          "a fresh check (403 with `requiresFreshCheck`), as every change of what an account may do does.",
        errors: [400, 403],
        answer: { status: 201 },
      }),
    )
    .use(requireFreshCheck)
    .input(emergencyAccessInput)
    .output(emergencyAccessAnswer)
    .mutation(async ({ ctx, input }) => {
      const access = await staffAccess(ctx);
      if (roleOpensHealth(access)) throw errors.badRequest(ROLE_MESSAGES.emergencyNotNeeded);
      return startEmergencyAccess(ctx.deps, { ...actorOf(ctx), adminId: ctx.auth.user.id }, input.reason);
    }),

  update: permitted("inquiries.work")
    .meta(door("patch", tag, "/admin/contact/:id", "Change an inquiry's status or assignee", "The inquiry's summary."))
    .input(inquiryUpdateInput)
    .output(inquirySummaryAnswer)
    .mutation(async ({ ctx, input }) => {
      const answer = await updateInquiry(ctx.deps.db, ctx.deps.secrets, await actorInScope(ctx, input.id), input);
      await ctx.deps.cacheBus.inquiries("changed"); // the portal's live New counts (live-events.ts)
      return answer;
    }),

  addNote: permitted("inquiries.work")
    .meta(
      door("post", tag, "/admin/contact/:id/notes", "Add a note to an inquiry", "The note (stored encrypted).", {
        answer: { status: 201 },
      }),
    )
    .input(inquiryNoteInput)
    .output(inquiryNoteAnswer)
    .mutation(async ({ ctx, input }) => addInquiryNote(ctx.deps.db, ctx.deps.secrets, await actorInScope(ctx, input.id), input)),

  delete: permitted("inquiries.delete")
    .meta(
      door(
        "delete",
        tag,
        "/admin/contact/:id",
        "Delete an inquiry with its notes (its access history stays, ending with the deletion)",
        "Deleted.",
      ),
    )
    .input(idParam)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await deleteInquiry(ctx.deps.db, actorOf(ctx), input.id);
      await ctx.deps.cacheBus.inquiries("changed");
      return { success: true as const };
    }),

  history: permitted("activity.read")
    .meta(
      read(
        tag,
        "/admin/contact/:id/history",
        "An inquiry's access history",
        "Who opened, exported, changed, annotated or deleted it, newest first.",
        {
          description: 'Kept after the inquiry is deleted: its entries then say "inquiry 123, deleted" and the last one who deleted it.',
        },
      ),
    )
    .input(idParam)
    .output(listOf(inquiryAccessAnswer))
    .query(({ ctx, input }) => inquiryHistory(ctx.deps.db, input.id)),

  /** The service filter's choices: the form's current ones and every name inquiries were sent with. */
  serviceChoices: permitted("inquiries.view")
    .meta(
      read(tag, "/admin/contact/services", "The service names inquiries can be filtered by", "Service names.", {
        description:
          "The choices the inquiry form offers now, then every other name inquiries were sent with (a service since " +
          "renamed or no longer offered).",
      }),
    )
    .output(listOf(z.string()))
    .query(({ ctx }) => inquiryServiceChoices(ctx.deps.db)),

  /** Who an inquiry can be assigned to: the active staff. */
  assignees: permitted("inquiries.view")
    .meta(read(tag, "/admin/contact/assignees", "Who an inquiry can be assigned to", "The active staff."))
    .output(listOf(assigneeAnswer))
    .query(({ ctx }) => listAssignees(ctx.deps.db)),
});
