import type { Context as HonoContext } from "hono";
import { z } from "zod";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { configWarnings } from "../env";
import { memoryReading } from "../memory-guard";
import { activityQuery } from "../../shared/schemas/activity";
import { backupDownloadInput } from "../../shared/schemas/backup";
import { contactSubmissionInput } from "../../shared/schemas/contact";
import { contentItemInput, contentItemUpdateInput, contentQuery, pageFilter } from "../../shared/schemas/content";
import { parsePathId } from "../../shared/schemas/fields";
import { imagesQuery, websiteImageUpdateInput } from "../../shared/schemas/images";
import { inquiryFilter, inquiryNoteInput, inquiryPageInput, inquiryUpdateInput } from "../../shared/schemas/inquiries";
import { newsArticleInput, newsArticleUpdateInput, newsPageQuery } from "../../shared/schemas/news";
import { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import { notificationPreferences, recipientUpdateInput, settingsUpdateInput, testMailInput } from "../../shared/schemas/settings";
import { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import { teamMemberInput, teamMemberUpdateInput } from "../../shared/schemas/team";
import { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import { uploadListInput } from "../../shared/schemas/uploads";
import {
  changeOwnPasswordInput,
  createAdminUserInput,
  disableTwoFactorInput,
  enableTwoFactorInput,
  loginInput,
  resetPasswordInput,
  updateAdminUserInput,
} from "../../shared/schemas/users";
import { DEFAULT_CLINIC } from "../../shared/clinic";
import { errors, HTTP_MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS } from "../errors";
import { answerCached } from "../fast-lane";
import { makeCachedBody, type CachedBody } from "../public-cache";
import { createCaller } from "../routers";
import { uploadImageInput } from "../routers/uploads";
import * as answers from "./answers";
import { DOCS_CSP, renderDocsPage } from "./docs-page";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi";
import { DescribedRoutes, type RestOperation } from "./operations";

/**
 * The REST mirror of the spec's call tables (public-site.md and admin-portal.md section 7, plus the
 * routes DESIGN.md adds). Each handler only reads the request and calls the same tRPC procedure the
 * browser uses; every rule lives in the procedure. Errors become JSON in app.ts's onError.
 *
 * Every route is registered with its description (./operations.ts): the input schemas are the
 * procedures' own, the answers those of ./answers.ts. GET /api/openapi.json and GET /api/docs are
 * built from them.
 */

/** Public JSON: short browser cache, ETag revalidation; the server keeps the serialized body until staff change something. */
export const PUBLIC_JSON_CACHE_CONTROL = "public, max-age=30, must-revalidate";

/** Where app.ts mounts the mirror, and the spec's logout path outside it. */
export const REST_BASE = "/api";
export const LEGACY_LOGOUT_BASE = "/admin/api";

/** GET /api/health?probe=live: liveness only (the REST door answers it without the database). */
const healthQuery = z.object({
  probe: z.enum(["live"]).optional().describe("live: only whether the process answers (no database); absent (or anything else): readiness"),
});

const list = (schema: z.ZodType) => z.array(schema);

export function restRoutes(deps: AppDeps) {
  const caller = async (c: HonoContext) => createCaller(await createRequestContext(deps, c));

  /**
   * Answers a public read from the serialized-body cache. The key is the path and only the query
   * parameters the route reads (`params`), so made-up parameters (`?x=1`, `?x=2`...) share one entry.
   */
  const cachedJson = async (c: HonoContext, params: readonly string[], read: () => Promise<unknown>) => {
    const key = cacheKey(c, params);
    const entry = await deps.publicCache.getOrCreate(key, async () => ({
      body: JSON.stringify(await read()),
      contentType: "application/json; charset=UTF-8",
    }));
    return answerCached(c, deps, entry, PUBLIC_JSON_CACHE_CONTROL, { cache: deps.publicCache, key });
  };

  /** A public list read a page at a time, cached like cachedJson: the items, the total in X-Total-Count, the neighbours in Link. */
  const cachedPage = async (c: HonoContext, read: () => Promise<{ items: unknown[]; total: number; page: number; pageSize: number }>) => {
    const key = cacheKey(c, ["page", "pageSize"]);
    const entry = await deps.publicCache.getOrCreate(key, async () => {
      const result = await read();
      return {
        body: JSON.stringify(result.items),
        contentType: "application/json; charset=UTF-8",
        headers: {
          "X-Total-Count": String(result.total),
          ...pageLinks(deps.config.publicOrigin, new URL(c.req.url), result.page, result.pageSize, result.total),
        },
      };
    });
    return answerCached(c, deps, entry, PUBLIC_JSON_CACHE_CONTROL, { cache: deps.publicCache, key });
  };

  /**
   * The record id in the path (or another number it carries, such as a version): a plain positive
   * decimal within range; anything else is an unknown record (404).
   */
  const id = (c: HonoContext, name = "id"): number => {
    const value = parsePathId(c.req.param(name));
    if (value === null) throw errors.notFound(HTTP_MESSAGES.notFound);
    return value;
  };

  const operations: RestOperation[] = [];
  const api = new DescribedRoutes(REST_BASE, operations);

  // ---- public (public-site.md section 7) ----
  // Liveness (?probe=live): the process answers. Readiness (the default): the database answers and
  // every migration is applied; 503 otherwise, so a load balancer sends no traffic here yet.
  api.get(
    "/health",
    {
      tag: "Public site",
      summary: "Health check",
      description:
        "Readiness by default: the database answers and every migration is applied; `memory` reports resident memory against MEMORY_CEILING_MB. With `?probe=live`, liveness only. `warnings` (present only then) names what the configuration is unsafe for, such as production on an http:// PUBLIC_ORIGIN; it does not make the answer fail.",
      access: "public",
      query: healthQuery,
      lenientQuery: true,
      answer: { status: 200, description: "Ready (or, with probe=live, alive).", schema: answers.healthAnswer },
      otherAnswers: [
        {
          status: 503,
          description:
            "Not ready: the database does not answer or migrations are pending; `Retry-After` says when to ask again. (A request with a session cookie gets the Error body, as the session cannot be read.)",
          schema: z.union([answers.healthAnswer, answers.errorAnswer]),
          retryAfter: true,
        },
      ],
    },
    async (c) => {
      if (c.req.query("probe") === "live") return c.json({ status: "ok" });
      const health = await (await caller(c)).system.health();
      const warnings = configWarnings(deps.config);
      const answer = { status: health.ok ? "ok" : "unavailable", database: health.database, migrations: health.migrations, memory: memoryReading(), ...(warnings.length > 0 ? { warnings } : {}) };
      return health.ok ? c.json(answer) : c.json(answer, 503, { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
    },
  );
  api.get(
    "/content",
    {
      tag: "Public site",
      summary: "Visible texts of a page",
      access: "public",
      query: contentQuery,
      cached: true,
      answer: { status: 200, description: "The page's visible content items, by section and order.", schema: list(answers.contentItemAnswer) },
    },
    (c) =>
      cachedJson(c, ["page", "section"], async () =>
        (await caller(c)).content.get({ page: c.req.query("page") ?? "", section: c.req.query("section") || undefined }),
      ),
  );
  api.get(
    "/images",
    {
      tag: "Public site",
      summary: "Visible images of a page",
      access: "public",
      query: imagesQuery,
      cached: true,
      answer: { status: 200, description: "The page's visible website images (the home hero background, for one).", schema: list(answers.websiteImageAnswer) },
    },
    (c) =>
      cachedJson(c, ["page", "section"], async () =>
        (await caller(c)).images.list({ page: c.req.query("page") ?? "", section: c.req.query("section") || undefined }),
      ),
  );
  api.get(
    "/social-media",
    {
      tag: "Public site",
      summary: "Visible social media links",
      access: "public",
      cached: true,
      answer: { status: 200, description: "The footer's visible links, in order.", schema: list(answers.socialLinkAnswer) },
    },
    (c) => cachedJson(c, [], async () => (await caller(c)).socialMedia.list()),
  );
  api.get(
    "/clinic",
    {
      tag: "Public site",
      summary: "The clinic's details",
      access: "public",
      cached: true,
      answer: { status: 200, description: "Name, address, phone, e-mail, opening hours, map position and social addresses (Settings, Clinic details).", schema: answers.clinicAnswer },
    },
    (c) => cachedJson(c, [], async () => (await caller(c)).settings.clinic()),
  );
  api.get(
    "/services",
    { tag: "Public site", summary: "Services", access: "public", cached: true, answer: { status: 200, description: "Every service.", schema: list(answers.serviceAnswer) } },
    (c) => cachedJson(c, [], async () => (await caller(c)).services.list()),
  );
  api.get(
    "/services/:slug",
    { tag: "Public site", summary: "One service by its URL slug", access: "public", cached: true, answer: { status: 200, description: "The service.", schema: answers.serviceAnswer } },
    (c) => cachedJson(c, [], async () => (await caller(c)).services.bySlug({ slug: c.req.param("slug") ?? "" })),
  );
  api.get(
    "/testimonials",
    { tag: "Public site", summary: "Visible testimonials", access: "public", cached: true, answer: { status: 200, description: "The visible testimonials.", schema: list(answers.testimonialAnswer) } },
    (c) => cachedJson(c, [], async () => (await caller(c)).testimonials.list()),
  );
  api.get(
    "/team",
    { tag: "Public site", summary: "The team", access: "public", cached: true, answer: { status: 200, description: "Every team member.", schema: list(answers.teamMemberAnswer) } },
    (c) => cachedJson(c, [], async () => (await caller(c)).team.list()),
  );
  // The documented whole array; with page or pageSize, one page (12 by default), the total in
  // X-Total-Count and the neighbours in Link, like the inquiry desk's list.
  api.get(
    "/news",
    {
      tag: "Public site",
      summary: "Published news articles",
      description: "Without `page` and `pageSize`: every published article, newest first. With either: that page, the total in `X-Total-Count` and the neighbours in `Link`.",
      access: "public",
      query: newsPageQuery,
      cached: true,
      answer: { status: 200, description: "Published articles, newest first.", schema: list(answers.newsArticleAnswer), headers: ["X-Total-Count", "Link"] },
    },
    (c) => {
      if (c.req.query("page") === undefined && c.req.query("pageSize") === undefined) {
        return cachedJson(c, [], async () => (await caller(c)).news.list());
      }
      return cachedPage(c, async () => (await caller(c)).news.page({ page: queryNumber(c, "page"), pageSize: queryNumber(c, "pageSize") }));
    },
  );
  api.get(
    "/news/:slug",
    { tag: "Public site", summary: "One published article by its slug", access: "public", cached: true, answer: { status: 200, description: "The article.", schema: answers.newsArticleAnswer } },
    (c) => cachedJson(c, [], async () => (await caller(c)).news.bySlug({ slug: c.req.param("slug") ?? "" })),
  );
  api.get(
    "/contact/form-token",
    {
      tag: "Public site",
      summary: "A fresh inquiry form token",
      description: "Send it as `formToken` with the inquiry: an inquiry without a token, or sent less than 2 seconds after it was issued, is stored as spam.",
      access: "public",
      answer: { status: 200, description: "A signed token (never cached).", schema: answers.formTokenAnswer },
    },
    async (c) => c.json(await (await caller(c)).contact.formToken(), 200, { "Cache-Control": "no-store" }),
  );
  api.post(
    "/contact",
    {
      tag: "Public site",
      summary: "Send an appointment inquiry",
      description: "Limited per network (429). The answer never echoes what was sent.",
      access: "public",
      body: contactSubmissionInput,
      errors: [429],
      answer: { status: 201, description: "Received.", schema: answers.inquiryReceivedAnswer },
    },
    async (c) => c.json(await (await caller(c)).contact.submit(await readJson(c)), 201),
  );

  // ---- admin (admin-portal.md section 7) ----
  const admin = new DescribedRoutes(`${REST_BASE}/admin`, operations);
  const signedIn = { tag: "Sign-in and account", access: "staff" } as const;
  admin.post(
    "/login",
    {
      tag: "Sign-in and account",
      summary: "Sign in",
      description:
        "Sets the session cookie. The same 401 for an unknown user and a wrong password; 422 asks for the 2FA code; 5 failures lock the account for 15 minutes (429).",
      access: "public",
      body: loginInput,
      errors: [401, 422, 429],
      answer: { status: 200, description: "Signed in.", schema: answers.loginAnswer, headers: ["Set-Cookie"] },
    },
    async (c) => c.json(await (await caller(c)).auth.login(await readJson(c))),
  );
  const logoutDoc = {
    tag: "Sign-in and account",
    summary: "Sign out",
    description: "Ends the current session and clears the cookie; harmless when signed out.",
    access: "public",
    answer: { status: 200, description: "Signed out.", schema: answers.successAnswer, headers: ["Set-Cookie"] },
  } as const;
  admin.post("/logout", logoutDoc, async (c) => c.json(await (await caller(c)).auth.logout()));
  admin.get("/me", { ...signedIn, summary: "Who is signed in", answer: { status: 200, description: "The session's user.", schema: answers.sessionAnswer } }, async (c) =>
    c.json(await (await caller(c)).auth.me()),
  );
  admin.post(
    "/account/password",
    {
      ...signedIn,
      summary: "Change one's own password",
      description: "Ends one's other sessions. A wrong current password counts toward the sign-in lockout (429).",
      body: changeOwnPasswordInput,
      errors: [429],
      answer: { status: 200, description: "Changed.", schema: answers.successAnswer },
    },
    async (c) => c.json(await (await caller(c)).auth.changePassword(await readJson(c))),
  );
  admin.post(
    "/2fa/setup",
    {
      ...signedIn,
      summary: "Start two-factor enrolment",
      description: "A new TOTP key, inactive until a code from it is confirmed (`/api/admin/2fa/enable`).",
      errors: [409],
      answer: { status: 200, description: "The key, its otpauth URL and a QR code.", schema: answers.twoFactorSetupAnswer },
    },
    async (c) => c.json(await (await caller(c)).auth.twoFactorSetup()),
  );
  admin.post(
    "/2fa/enable",
    {
      ...signedIn,
      summary: "Turn two-factor authentication on",
      body: enableTwoFactorInput,
      errors: [409],
      answer: { status: 200, description: "On: 10 backup codes, shown once.", schema: answers.backupCodesAnswer },
    },
    async (c) => c.json(await (await caller(c)).auth.twoFactorEnable(await readJson(c))),
  );
  admin.post(
    "/2fa/disable",
    {
      ...signedIn,
      summary: "Turn two-factor authentication off",
      description: "A wrong password counts toward the sign-in lockout (429).",
      body: disableTwoFactorInput,
      errors: [429],
      answer: { status: 200, description: "Off.", schema: answers.successAnswer },
    },
    async (c) => c.json(await (await caller(c)).auth.twoFactorDisable(await readJson(c))),
  );
  admin.get(
    "/dashboard",
    { tag: "Dashboard", summary: "The dashboard's counts", access: "staff", answer: { status: 200, description: "The count cards (users for super admins only).", schema: answers.dashboardAnswer } },
    async (c) => c.json(await (await caller(c)).system.dashboard()),
  );
  // A backup of the whole site (super admins): streamed; an error before the first bytes is still a JSON error.
  admin.post(
    "/backup",
    {
      tag: "Dashboard",
      summary: "Download a backup of the whole site",
      description:
        "Asks again for the password and, when the account has 2FA, a code (authenticator or backup code): a wrong one is a 400 naming the field, counts toward the sign-in lockout (429) and is logged. " +
        "Then streams the archive encrypted with `passphrase` (argon2id, AES-256-GCM in authenticated chunks; README, Backups), never with the key; logged with its row count, never the passphrase. Restore it with `npm run restore` and the passphrase.",
      access: "super_admin",
      body: backupDownloadInput,
      errors: [429],
      answer: { status: 200, description: "The encrypted archive.", media: "application/octet-stream", headers: ["Content-Disposition"] },
    },
    async (c) => {
      const { filename, contentType, chunks } = await (await caller(c)).system.backup(await readJson(c));
      return streamed(await started(chunks), contentType, { "Content-Disposition": `attachment; filename="${filename}"` });
    },
  );
  admin.get(
    "/activity",
    {
      tag: "Dashboard",
      summary: "The activity log",
      access: "super_admin",
      query: activityQuery,
      answer: { status: 200, description: "One page of the log, newest first, with the total.", schema: answers.activityPageAnswer },
    },
    async (c) =>
      c.json(
        await (await caller(c)).system.activity({
          page: queryNumber(c, "page"),
          pageSize: queryNumber(c, "pageSize"),
          adminId: queryNumber(c, "adminId"),
          action: c.req.query("action") || undefined,
        }),
      ),
  );

  admin.get(
    "/activity/chain",
    {
      tag: "Dashboard",
      summary: "Verify the activity log's hash chain",
      access: "super_admin",
      description: "Recomputes every hash of the append-only activity log, as npm run audit -- verify does, and names the first entry that does not verify.",
      answer: { status: 200, description: "Intact with the number of entries, or the first broken entry.", schema: answers.auditChainAnswer },
    },
    async (c) => c.json(await (await caller(c)).system.auditChain()),
  );

  const staff = (tag: RestOperation["tag"]) => ({ tag, access: "staff" }) as const;
  const deleteDoc = (tag: RestOperation["tag"], what: string, access: "staff" | "super_admin" = "staff") =>
    ({ tag, access, summary: `Delete ${what}`, answer: { status: 200, description: "Deleted.", schema: answers.successAnswer } }) as const;
  // Multipart (as the admin forms send, with an optional image) or JSON.
  const withImage = { multipart: "also", errors: [409] } as const;

  admin.get("/services", { ...staff("Services"), summary: "Services", answer: { status: 200, description: "Every service.", schema: list(answers.serviceAnswer) } }, async (c) =>
    c.json(await (await caller(c)).services.adminList()),
  );
  admin.get("/services/:id", { ...staff("Services"), summary: "One service", answer: { status: 200, description: "The service.", schema: answers.serviceAnswer } }, async (c) =>
    c.json(await (await caller(c)).services.byId({ id: id(c) })),
  );
  admin.post(
    "/services",
    { ...staff("Services"), ...withImage, summary: "Create a service", body: serviceInput, answer: { status: 201, description: "The saved service.", schema: answers.serviceAnswer } },
    async (c) => c.json(await (await caller(c)).services.create(await readForm(c)), 201),
  );
  admin.put(
    "/services/:id",
    {
      ...staff("Services"),
      ...withImage,
      summary: "Update a service",
      description: "Without a new `image` file or an `imageUrl` (an earlier upload) the current picture stays; a blank `imageUrl` removes it.",
      body: serviceUpdateInput,
      answer: { status: 200, description: "The saved service.", schema: answers.serviceAnswer },
    },
    async (c) => c.json(await (await caller(c)).services.update(await readForm(c, id(c)))),
  );
  admin.delete("/services/:id", deleteDoc("Services", "a service"), async (c) => deleted(await (await caller(c)).services.delete({ id: id(c) })));

  admin.get(
    "/news",
    { ...staff("News"), summary: "News articles", answer: { status: 200, description: "Every article, drafts included.", schema: list(answers.staffNewsArticleAnswer) } },
    async (c) => c.json(await (await caller(c)).news.adminList()),
  );
  admin.get("/news/:id", { ...staff("News"), summary: "One article", answer: { status: 200, description: "The article.", schema: answers.staffNewsArticleAnswer } }, async (c) =>
    c.json(await (await caller(c)).news.byId({ id: id(c) })),
  );
  admin.post(
    "/news",
    {
      ...staff("News"),
      ...withImage,
      summary: "Create an article",
      description: "An uploaded `thumbnail` file takes priority over `thumbnailUrl`.",
      body: newsArticleInput,
      answer: { status: 201, description: "The saved article.", schema: answers.staffNewsArticleAnswer },
    },
    async (c) => c.json(await (await caller(c)).news.create(await readForm(c)), 201),
  );
  admin.put(
    "/news/:id",
    {
      ...staff("News"),
      ...withImage,
      summary: "Update an article",
      description: "Without a file, `thumbnailUrl` decides: absent keeps the current thumbnail, blank removes it.",
      body: newsArticleUpdateInput,
      answer: { status: 200, description: "The saved article.", schema: answers.staffNewsArticleAnswer },
    },
    async (c) => c.json(await (await caller(c)).news.update(await readForm(c, id(c)))),
  );
  admin.delete("/news/:id", deleteDoc("News", "an article"), async (c) => deleted(await (await caller(c)).news.delete({ id: id(c) })));

  // The inquiry desk. Without parameters the list is the documented array of every inquiry, streamed;
  // with any of them it is one page, the total in X-Total-Count and the neighbours in Link (RFC 8288).
  admin.get(
    "/contact",
    {
      ...staff("Inquiries"),
      summary: "Inquiries",
      description:
        "Without parameters: every inquiry, newest first, health details included (streamed; logged as a read). With any parameter: one page of summaries (no health details), the total in `X-Total-Count` and the neighbours in `Link`.",
      query: inquiryPageInput,
      answer: {
        status: 200,
        description: "Every inquiry, or one page of summaries.",
        schema: z.union([list(answers.inquiryAnswer).describe("Without parameters"), list(answers.inquirySummaryAnswer).describe("With any parameter: one page")]),
        headers: ["X-Total-Count", "Link"],
      },
    },
    async (c) => {
      const url = new URL(c.req.url);
      if (!INQUIRY_PAGE_PARAMS.some((name) => url.searchParams.has(name))) {
        return streamed(jsonArrayChunks(await (await caller(c)).contact.all()), "application/json; charset=UTF-8");
      }
      const result = await (await caller(c)).contact.list({
        ...inquiryFilterQuery(c),
        page: queryNumber(c, "page"),
        pageSize: queryNumber(c, "pageSize"),
        sort: c.req.query("sort") || undefined,
      });
      return c.json(result.items, 200, {
        "X-Total-Count": String(result.total),
        ...pageLinks(deps.config.publicOrigin, url, result.page, result.pageSize, result.total),
      });
    },
  );
  admin.get(
    "/contact/export",
    {
      ...staff("Inquiries"),
      summary: "Export inquiries as CSV",
      description: "Every inquiry the filter matches (streamed; logged with the filter and the row count, never the search text).",
      query: inquiryFilter,
      answer: { status: 200, description: "The CSV file: every cell quoted.", media: "text/csv", headers: ["Content-Disposition"] },
    },
    async (c) => {
      const { filename, chunks } = await (await caller(c)).contact.exportCsv(inquiryFilterQuery(c));
      return streamed(chunks, "text/csv; charset=UTF-8", { "Content-Disposition": `attachment; filename="${filename}"` });
    },
  );
  admin.get(
    "/contact/assignees",
    { ...staff("Inquiries"), summary: "Who an inquiry can be assigned to", answer: { status: 200, description: "The active staff.", schema: list(answers.assigneeAnswer) } },
    async (c) => c.json(await (await caller(c)).contact.assignees()),
  );
  admin.get(
    "/contact/:id",
    {
      ...staff("Inquiries"),
      summary: "Open an inquiry",
      description: "Health details, consent receipt and notes; logged in the activity log and the inquiry's access history.",
      answer: { status: 200, description: "The inquiry.", schema: answers.openedInquiryAnswer },
    },
    async (c) => c.json(await (await caller(c)).contact.byId({ id: id(c) })),
  );
  admin.get(
    "/contact/:id/history",
    {
      tag: "Inquiries",
      access: "super_admin",
      summary: "An inquiry's access history",
      description: "Kept after the inquiry is deleted: its entries then say \"inquiry 123, deleted\" and the last one who deleted it.",
      answer: { status: 200, description: "Who opened, exported, changed, annotated or deleted it, newest first.", schema: list(answers.inquiryAccessAnswer) },
    },
    async (c) => c.json(await (await caller(c)).contact.history({ id: id(c) })),
  );
  admin.patch(
    "/contact/:id",
    {
      ...staff("Inquiries"),
      summary: "Change an inquiry's status or assignee",
      body: inquiryUpdateInput,
      answer: { status: 200, description: "The inquiry's summary.", schema: answers.inquirySummaryAnswer },
    },
    async (c) => c.json(await (await caller(c)).contact.update({ ...(await readJson(c)), id: id(c) })),
  );
  admin.post(
    "/contact/:id/notes",
    { ...staff("Inquiries"), summary: "Add a note to an inquiry", body: inquiryNoteInput, answer: { status: 201, description: "The note (stored encrypted).", schema: answers.inquiryNoteAnswer } },
    async (c) => c.json(await (await caller(c)).contact.addNote({ ...(await readJson(c)), id: id(c) }), 201),
  );
  admin.delete("/contact/:id", deleteDoc("Inquiries", "an inquiry with its notes (its access history stays, ending with the deletion)", "super_admin"), async (c) =>
    deleted(await (await caller(c)).contact.delete({ id: id(c) })),
  );

  const settings = { tag: "Settings and mail", access: "super_admin" } as const;
  admin.get("/settings", { ...settings, summary: "Settings", answer: { status: 200, description: "The settings in force.", schema: answers.settingsAnswer } }, async (c) =>
    c.json(await (await caller(c)).settings.get()),
  );
  admin.put(
    "/settings",
    {
      ...settings,
      summary: "Change settings",
      description: "Each section given is saved whole; a section left out keeps its value.",
      body: settingsUpdateInput,
      answer: { status: 200, description: "The settings now in force.", schema: answers.settingsAnswer },
    },
    async (c) => c.json(await (await caller(c)).settings.update(await readJson(c))),
  );
  admin.get("/settings/mail-status", { ...settings, summary: "Mail status", answer: { status: 200, description: "Configured or not, last sent, failing since, waiting.", schema: answers.mailStatusAnswer } }, async (c) =>
    c.json(await (await caller(c)).settings.mailStatus()),
  );
  admin.post(
    "/settings/test-mail",
    {
      ...settings,
      summary: "Send a test e-mail",
      description: "To `to`, or to one's own address when left out (send `{}`).",
      body: testMailInput,
      answer: { status: 200, description: "Sent, or the mail server's refusal in plain words.", schema: answers.testMailAnswer },
    },
    async (c) => c.json(await (await caller(c)).settings.testMail(await readJson(c))),
  );
  admin.get(
    "/settings/mail-recipients",
    { ...settings, summary: "Who receives new-inquiry mail", answer: { status: 200, description: "Every staff member and their choice.", schema: list(answers.mailRecipientAnswer) } },
    async (c) => c.json(await (await caller(c)).settings.recipients()),
  );
  admin.put(
    "/settings/mail-recipients",
    {
      ...settings,
      summary: "Change whether a staff member receives new-inquiry mail",
      body: recipientUpdateInput,
      errors: [404],
      answer: { status: 200, description: "Their choice now.", schema: answers.notificationsAnswer },
    },
    async (c) => c.json(await (await caller(c)).settings.setRecipient(await readJson(c))),
  );
  admin.get(
    "/account/notifications",
    { ...signedIn, summary: "Whether I receive new-inquiry mail", answer: { status: 200, description: "My choice.", schema: answers.notificationsAnswer } },
    async (c) => c.json(await (await caller(c)).auth.notifications()),
  );
  admin.put(
    "/account/notifications",
    { ...signedIn, summary: "Choose whether I receive new-inquiry mail", body: notificationPreferences, answer: { status: 200, description: "My choice now.", schema: answers.notificationsAnswer } },
    async (c) => c.json(await (await caller(c)).auth.setNotifications(await readJson(c))),
  );

  const users = { tag: "Users", access: "super_admin" } as const;
  admin.get("/users", { ...users, summary: "Staff accounts", answer: { status: 200, description: "Every account.", schema: list(answers.adminUserAnswer) } }, async (c) =>
    c.json(await (await caller(c)).users.list()),
  );
  admin.post(
    "/users",
    { ...users, summary: "Create a staff account", body: createAdminUserInput, errors: [409], answer: { status: 201, description: "The account.", schema: answers.adminUserAnswer } },
    async (c) => c.json(await (await caller(c)).users.create(await readJson(c)), 201),
  );
  admin.put(
    "/users/:id",
    {
      ...users,
      summary: "Update a staff account",
      description: "Changing the role or deactivating ends the user's sessions. One cannot deactivate oneself, nor demote the last active super admin (400).",
      body: updateAdminUserInput,
      answer: { status: 200, description: "The account.", schema: answers.adminUserAnswer },
    },
    async (c) => c.json(await (await caller(c)).users.update({ ...(await readJson(c)), id: id(c) })),
  );
  admin.delete(
    "/users/:id",
    { ...deleteDoc("Users", "a staff account", "super_admin"), description: "One cannot delete oneself, nor the last active super admin (400).", errors: [400] },
    async (c) => deleted(await (await caller(c)).users.delete({ id: id(c) })),
  );
  admin.post(
    "/users/:id/reset-password",
    {
      ...users,
      summary: "Reset a staff member's password",
      description: "Also turns their 2FA off, ends their sessions and lifts a lockout.",
      body: resetPasswordInput,
      answer: { status: 200, description: "Reset.", schema: answers.successAnswer },
    },
    async (c) => {
      await (await caller(c)).users.resetPassword({ ...(await readJson(c)), id: id(c) });
      return c.json({ success: true });
    },
  );

  const imageUpload = {
    summary: "Upload a photo",
    description: "Decided by its bytes (SVG refused), re-encoded (EXIF and GPS dropped) and measured. Use the answer's imageUrl in the record.",
    body: uploadImageInput,
    multipart: "only",
    answer: { status: 201, description: "The stored image.", schema: answers.uploadedImageAnswer },
  } as const;

  admin.get(
    "/testimonials",
    { ...staff("Testimonials"), summary: "Testimonials", answer: { status: 200, description: "Every testimonial, hidden ones too.", schema: list(answers.testimonialAnswer) } },
    async (c) => c.json(await (await caller(c)).testimonials.adminList()),
  );
  admin.post("/testimonials/upload-image", { ...staff("Testimonials"), ...imageUpload }, async (c) =>
    c.json(await (await caller(c)).testimonials.uploadImage(await readForm(c)), 201),
  );
  admin.post(
    "/testimonials",
    { ...staff("Testimonials"), summary: "Create a testimonial", body: testimonialInput, answer: { status: 201, description: "The saved testimonial.", schema: answers.testimonialAnswer } },
    async (c) => c.json(await (await caller(c)).testimonials.create(await readJson(c)), 201),
  );
  admin.put(
    "/testimonials/:id",
    { ...staff("Testimonials"), summary: "Update a testimonial", body: testimonialUpdateInput, answer: { status: 200, description: "The saved testimonial.", schema: answers.testimonialAnswer } },
    async (c) => c.json(await (await caller(c)).testimonials.update({ ...(await readJson(c)), id: id(c) })),
  );
  admin.delete("/testimonials/:id", deleteDoc("Testimonials", "a testimonial"), async (c) => deleted(await (await caller(c)).testimonials.delete({ id: id(c) })));

  admin.get("/team", { ...staff("Team"), summary: "The team", answer: { status: 200, description: "Every team member.", schema: list(answers.teamMemberAnswer) } }, async (c) =>
    c.json(await (await caller(c)).team.adminList()),
  );
  admin.post("/team/upload-image", { ...staff("Team"), ...imageUpload }, async (c) => c.json(await (await caller(c)).team.uploadImage(await readForm(c)), 201));
  admin.post(
    "/team",
    { ...staff("Team"), summary: "Add a team member", body: teamMemberInput, answer: { status: 201, description: "The saved team member.", schema: answers.teamMemberAnswer } },
    async (c) => c.json(await (await caller(c)).team.create(await readJson(c)), 201),
  );
  admin.put(
    "/team/:id",
    { ...staff("Team"), summary: "Update a team member", body: teamMemberUpdateInput, answer: { status: 200, description: "The saved team member.", schema: answers.teamMemberAnswer } },
    async (c) => c.json(await (await caller(c)).team.update({ ...(await readJson(c)), id: id(c) })),
  );
  admin.delete("/team/:id", deleteDoc("Team", "a team member"), async (c) => deleted(await (await caller(c)).team.delete({ id: id(c) })));

  admin.get(
    "/content",
    {
      ...staff("Website content"),
      summary: "Content items",
      query: pageFilter,
      answer: { status: 200, description: "Every content item (of one page, when given), hidden ones too.", schema: list(answers.contentItemAnswer) },
    },
    async (c) => c.json(await (await caller(c)).content.adminList({ page: c.req.query("page") || undefined })),
  );
  admin.post(
    "/content",
    {
      ...staff("Website content"),
      summary: "Create a content item",
      body: contentItemInput,
      errors: [409],
      answer: { status: 201, description: "The saved item.", schema: answers.contentItemAnswer },
    },
    async (c) => c.json(await (await caller(c)).content.create(await readJson(c)), 201),
  );
  admin.put(
    "/content/:id",
    {
      ...staff("Website content"),
      summary: "Update a content item",
      body: contentItemUpdateInput,
      errors: [409],
      answer: { status: 200, description: "The saved item.", schema: answers.contentItemAnswer },
    },
    async (c) => c.json(await (await caller(c)).content.update({ ...(await readJson(c)), id: id(c) })),
  );
  admin.delete("/content/:id", deleteDoc("Website content", "a content item"), async (c) => deleted(await (await caller(c)).content.delete({ id: id(c) })));

  admin.get(
    "/images",
    {
      ...staff("Website images"),
      summary: "Website images",
      query: pageFilter,
      answer: { status: 200, description: "Every image slot (of one page, when given).", schema: list(answers.websiteImageAnswer) },
    },
    async (c) => c.json(await (await caller(c)).images.adminList({ page: c.req.query("page") || undefined })),
  );
  admin.put(
    "/images/:id",
    {
      ...staff("Website images"),
      summary: "Update a website image",
      description: "A new `image` file, or the `imageUrl` of an earlier upload (measured like a file; the file wins), replaces the image and its measured size; without either the given fields change.",
      body: websiteImageUpdateInput,
      multipart: "also",
      answer: { status: 200, description: "The saved image slot.", schema: answers.websiteImageAnswer },
    },
    async (c) => c.json(await (await caller(c)).images.update(await readForm(c, id(c)))),
  );

  // Version history of articles, services and content items: the list (newest first), one version
  // with the record's current fields, and a restore (a save: answers the saved record).
  const histories = [
    { area: "news", kind: "news", tag: "News", what: "article", an: "an article", saved: answers.staffNewsArticleAnswer },
    { area: "services", kind: "service", tag: "Services", what: "service", an: "a service", saved: answers.serviceAnswer },
    { area: "content", kind: "content", tag: "Website content", what: "content item", an: "a content item", saved: answers.contentItemAnswer },
  ] as const;
  for (const { area, kind, tag, what, an, saved } of histories) {
    admin.get(
      `/${area}/:id/versions`,
      { ...staff(tag), summary: `Versions of ${an}`, answer: { status: 200, description: "Every version, newest first: who saved it, when, and what changed.", schema: list(answers.versionAnswer) } },
      async (c) => c.json(await (await caller(c)).versions.list({ kind, recordId: id(c) })),
    );
    admin.get(
      `/${area}/:id/versions/:version`,
      { ...staff(tag), summary: `One version of ${an}`, answer: { status: 200, description: "The version's fields and the record's current fields, to compare.", schema: answers.versionWithFieldsAnswer } },
      async (c) => c.json(await (await caller(c)).versions.get({ kind, recordId: id(c), version: id(c, "version") })),
    );
    admin.post(
      `/${area}/:id/versions/:version/restore`,
      {
        ...staff(tag),
        summary: `Restore a version of ${an}`,
        description: "Saves the version's fields again, through the same checks as an update (a new version, logged as a restore).",
        errors: [409],
        answer: { status: 200, description: `The saved ${what}.`, schema: saved },
      },
      async (c) => c.json(await (await caller(c)).versions.restore({ kind, recordId: id(c), version: id(c, "version") })),
    );
  }

  // The media picker's list: one page, newest first, the total in X-Total-Count and the neighbours in Link.
  admin.get(
    "/uploads",
    {
      ...staff("Uploads"),
      summary: "Uploaded images",
      description: "The uploaded images, newest first, a page at a time: `q` matches the file name or the alt text.",
      query: uploadListInput,
      answer: { status: 200, description: "One page of uploads.", schema: list(answers.uploadAnswer), headers: ["X-Total-Count", "Link"] },
    },
    async (c) => {
      const result = await (await caller(c)).uploads.list({ q: c.req.query("q") || undefined, page: queryNumber(c, "page"), pageSize: queryNumber(c, "pageSize") });
      return c.json(result.items, 200, {
        "X-Total-Count": String(result.total),
        ...pageLinks(deps.config.publicOrigin, new URL(c.req.url), result.page, result.pageSize, result.total),
      });
    },
  );

  admin.get(
    "/social-media",
    { ...staff("Social media"), summary: "Social media links", answer: { status: 200, description: "Every link, hidden ones too.", schema: list(answers.socialLinkAnswer) } },
    async (c) => c.json(await (await caller(c)).socialMedia.adminList()),
  );
  admin.post(
    "/social-media",
    { ...staff("Social media"), summary: "Add a social media link", body: socialLinkInput, answer: { status: 201, description: "The saved link.", schema: answers.socialLinkAnswer } },
    async (c) => c.json(await (await caller(c)).socialMedia.create(await readJson(c)), 201),
  );
  admin.put(
    "/social-media/:id",
    { ...staff("Social media"), summary: "Update a social media link", body: socialLinkUpdateInput, answer: { status: 200, description: "The saved link.", schema: answers.socialLinkAnswer } },
    async (c) => c.json(await (await caller(c)).socialMedia.update({ ...(await readJson(c)), id: id(c) })),
  );
  admin.delete("/social-media/:id", deleteDoc("Social media", "a social media link"), async (c) =>
    deleted(await (await caller(c)).socialMedia.delete({ id: id(c) })),
  );

  api.app.route("/admin", admin.app);

  /** The spec's logout path, outside /api. */
  const legacyLogout = new DescribedRoutes(LEGACY_LOGOUT_BASE, operations);
  legacyLogout.post("/logout", { ...logoutDoc, description: `${logoutDoc.description} The spec's path; the same as POST /api/admin/logout.` }, async (c) =>
    c.json(await (await caller(c)).auth.logout()),
  );

  // The description of every route above (and of these two), built the first time it is asked for,
  // after every route is registered; answered like the cached public JSON (ETag, 304, gzip, fast lane).
  let document: OpenApiDocument | null = null;
  let json: CachedBody | null = null;
  let page: CachedBody | null = null;
  const describeAll = () => (document ??= buildOpenApiDocument(operations, { publicOrigin: deps.config.publicOrigin, clinicName: DEFAULT_CLINIC.name }));
  api.get(
    "/openapi.json",
    {
      tag: "Reference",
      summary: "This OpenAPI 3.1 description",
      access: "public",
      noDatabase: true,
      cached: true,
      answer: { status: 200, description: "The OpenAPI document.", schema: answers.openApiDocumentAnswer },
    },
    (c) => answerCached(c, deps, (json ??= makeCachedBody(JSON.stringify(describeAll()), "application/json; charset=UTF-8")), PUBLIC_JSON_CACHE_CONTROL, null),
  );
  api.get(
    "/docs",
    {
      tag: "Reference",
      summary: "This description as a readable page",
      access: "public",
      noDatabase: true,
      cached: true,
      answer: { status: 200, description: "An HTML page (no scripts).", media: "text/html", headers: ["Content-Security-Policy"] },
    },
    (c) =>
      answerCached(c, deps, (page ??= makeCachedBody(renderDocsPage(describeAll()), "text/html; charset=UTF-8")), PUBLIC_JSON_CACHE_CONTROL, null, {
        "Content-Security-Policy": DOCS_CSP,
      }),
  );

  // Not a route: any other /api path is a JSON 404.
  api.app.all("*", () => {
    throw errors.notFound(HTTP_MESSAGES.notFound);
  });

  return { api: api.app, legacyLogout: legacyLogout.app, operations };
}

const INQUIRY_PAGE_PARAMS = ["page", "pageSize", "sort", "q", "status", "service", "assigneeId", "from", "to"];

/** The inquiry filter in a query string (the procedure's schema checks each part). */
function inquiryFilterQuery(c: HonoContext): Unvalidated {
  return {
    q: c.req.query("q"),
    status: c.req.query("status") || undefined,
    service: c.req.query("service") || undefined,
    assigneeId: queryNumber(c, "assigneeId"),
    from: c.req.query("from") || undefined,
    to: c.req.query("to") || undefined,
  };
}

/** RFC 8288 links to the next and previous pages (the same query, another page number). */
function pageLinks(origin: string, url: URL, page: number, pageSize: number, total: number): Record<string, string> {
  const link = (target: number, rel: string) => {
    const next = new URL(url.pathname + url.search, origin);
    next.searchParams.set("page", String(target));
    next.searchParams.set("pageSize", String(pageSize));
    return `<${next.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page * pageSize < total) links.push(link(page + 1, "next"));
  if (page > 1) links.push(link(Math.min(page - 1, Math.max(1, Math.ceil(total / pageSize))), "prev"));
  return links.length > 0 ? { Link: links.join(", ") } : {};
}

/** A JSON array written batch by batch. */
async function* jsonArrayChunks(batches: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? "" : ",") + batch.map((row) => JSON.stringify(row)).join(",");
    first = false;
  }
  yield "]";
}

/**
 * The same chunks, after the first has been made: a source that fails at once (before any byte) throws
 * here, so the caller still answers a JSON error instead of a cut-off 200.
 */
async function started<T>(chunks: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = chunks[Symbol.asyncIterator]();
  let first: IteratorResult<T> | null = await iterator.next();
  const rest: AsyncIterator<T> = {
    next: () => {
      const value = first;
      first = null;
      return value ? Promise.resolve(value) : iterator.next();
    },
    return: async (value?: unknown) => (await iterator.return?.(value)) ?? { done: true, value: undefined },
  };
  return { [Symbol.asyncIterator]: () => rest };
}

/**
 * A response whose body is written as the chunks come (a stream, not a buffer). A client that goes
 * away stops the source, whose cleanup (the export's log line) still runs.
 */
function streamed(chunks: AsyncIterable<string | Uint8Array>, contentType: string, headers: Record<string, string> = {}): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": contentType, ...headers } });
}

/** Deletes answer 200 { success: true }. */
function deleted(_record: unknown) {
  return Response.json({ success: true });
}

/**
 * A request body exactly as the caller sent it. It is typed loosely on purpose: the procedure's zod
 * schema is what validates it, and its errors are the ones the caller sees.
 */
// biome-ignore lint/suspicious/noExplicitAny: validated by the procedure's input schema
type Unvalidated = any;

/** JSON endpoints accept only application/json (415 otherwise); malformed JSON is a 400. */
async function readJson(c: HonoContext): Promise<Unvalidated> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw errors.unsupportedMediaType("Send the body as application/json");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw errors.badRequest("Malformed JSON body");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw errors.badRequest("The body must be a JSON object");
  return body;
}

/**
 * A number in the query string: absent or blank is undefined, a plain decimal is that number, and
 * anything else is passed on as text for the procedure's schema to refuse with its message.
 */
function queryNumber(c: HonoContext, name: string): Unvalidated {
  const value = c.req.query(name);
  if (value === undefined || value === "") return undefined;
  return /^-?(?:0|[1-9][0-9]{0,15})$/.test(value) ? Number(value) : value;
}

/** A public read's cache key: the path and only the query parameters the route reads (`params`), in that order. */
function cacheKey(c: HonoContext, params: readonly string[]): string {
  const query = new URLSearchParams();
  for (const name of params) {
    const value = c.req.query(name);
    if (value !== undefined) query.set(name, value);
  }
  return `json:${c.req.path}${query.size ? `?${query}` : ""}`;
}

/** Multipart (as the spec's admin forms send) or JSON; the path's id is added for updates. */
async function readForm(c: HonoContext, pathId?: number): Promise<Unvalidated> {
  const type = c.req.header("content-type") ?? "";
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw errors.badRequest("Malformed multipart body");
    }
    if (pathId !== undefined) form.set("id", String(pathId));
    return form;
  }
  if (/^application\/json\b/i.test(type)) {
    const body = await readJson(c);
    return pathId !== undefined ? { ...body, id: pathId } : body;
  }
  throw errors.unsupportedMediaType("Send the body as multipart/form-data or application/json");
}
