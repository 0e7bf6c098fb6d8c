import { Hono, type Context as HonoContext } from "hono";
import { createRequestContext } from "../context";
import type { AppDeps } from "../deps";
import { parsePathId } from "../../shared/schemas/fields";
import { errors, HTTP_MESSAGES } from "../errors";
import { answerCached } from "../fast-lane";
import { createCaller } from "../routers";

/**
 * The REST mirror of the spec's call tables (public-site.md and admin-portal.md section 7, plus the
 * routes DESIGN.md adds). Each handler only reads the request and calls the same tRPC procedure the
 * browser uses; every rule lives in the procedure. Errors become JSON in app.ts's onError.
 */

/** Public JSON: short browser cache, ETag revalidation; the server keeps the serialized body until staff change something. */
export const PUBLIC_JSON_CACHE_CONTROL = "public, max-age=30, must-revalidate";

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

  /** The record id in the path: a plain positive decimal within range; any other id is an unknown record (404). */
  const id = (c: HonoContext): number => {
    const value = parsePathId(c.req.param("id"));
    if (value === null) throw errors.notFound(HTTP_MESSAGES.notFound);
    return value;
  };

  const api = new Hono();

  // ---- public (public-site.md section 7) ----
  // Liveness (?probe=live): the process answers. Readiness (the default): the database answers and
  // every migration is applied; 503 otherwise, so a load balancer sends no traffic here yet.
  api.get("/health", async (c) => {
    if (c.req.query("probe") === "live") return c.json({ status: "ok" });
    const health = await (await caller(c)).system.health();
    return c.json({ status: health.ok ? "ok" : "unavailable", database: health.database, migrations: health.migrations }, health.ok ? 200 : 503);
  });
  api.get("/content", (c) =>
    cachedJson(c, ["page", "section"], async () =>
      (await caller(c)).content.get({ page: c.req.query("page") ?? "", section: c.req.query("section") || undefined }),
    ),
  );
  api.get("/images", (c) =>
    cachedJson(c, ["page", "section"], async () =>
      (await caller(c)).images.list({ page: c.req.query("page") ?? "", section: c.req.query("section") || undefined }),
    ),
  );
  api.get("/social-media", (c) => cachedJson(c, [], async () => (await caller(c)).socialMedia.list()));
  api.get("/services", (c) => cachedJson(c, [], async () => (await caller(c)).services.list()));
  api.get("/services/:slug", (c) => cachedJson(c, [], async () => (await caller(c)).services.bySlug({ slug: c.req.param("slug") })));
  api.get("/testimonials", (c) => cachedJson(c, [], async () => (await caller(c)).testimonials.list()));
  api.get("/team", (c) => cachedJson(c, [], async () => (await caller(c)).team.list()));
  // The documented whole array; with page or pageSize, one page (12 by default), the total in
  // X-Total-Count and the neighbours in Link, like the inquiry desk's list.
  api.get("/news", (c) => {
    if (c.req.query("page") === undefined && c.req.query("pageSize") === undefined) {
      return cachedJson(c, [], async () => (await caller(c)).news.list());
    }
    return cachedPage(c, async () =>
      (await caller(c)).news.page({ page: queryNumber(c, "page"), pageSize: queryNumber(c, "pageSize") }),
    );
  });
  api.get("/news/:slug", (c) => cachedJson(c, [], async () => (await caller(c)).news.bySlug({ slug: c.req.param("slug") })));
  api.get("/contact/form-token", async (c) => c.json(await (await caller(c)).contact.formToken(), 200, { "Cache-Control": "no-store" }));
  api.post("/contact", async (c) => c.json(await (await caller(c)).contact.submit(await readJson(c)), 201));

  // ---- admin (admin-portal.md section 7) ----
  const admin = new Hono();
  admin.post("/login", async (c) => c.json(await (await caller(c)).auth.login(await readJson(c))));
  admin.post("/logout", async (c) => c.json(await (await caller(c)).auth.logout()));
  admin.get("/me", async (c) => c.json(await (await caller(c)).auth.me()));
  admin.post("/account/password", async (c) => c.json(await (await caller(c)).auth.changePassword(await readJson(c))));
  admin.post("/2fa/setup", async (c) => c.json(await (await caller(c)).auth.twoFactorSetup()));
  admin.post("/2fa/enable", async (c) => c.json(await (await caller(c)).auth.twoFactorEnable(await readJson(c))));
  admin.post("/2fa/disable", async (c) => c.json(await (await caller(c)).auth.twoFactorDisable(await readJson(c))));
  admin.get("/dashboard", async (c) => c.json(await (await caller(c)).system.dashboard()));
  // A backup of the whole site (super admins): streamed; an error before the first bytes is still a JSON error.
  admin.get("/backup", async (c) => {
    const { filename, contentType, chunks } = await (await caller(c)).system.backup();
    return streamed(await started(chunks), contentType, { "Content-Disposition": `attachment; filename="${filename}"` });
  });
  admin.get("/activity", async (c) =>
    c.json(
      await (await caller(c)).system.activity({
        page: queryNumber(c, "page"),
        pageSize: queryNumber(c, "pageSize"),
        adminId: queryNumber(c, "adminId"),
        action: c.req.query("action") || undefined,
      }),
    ),
  );

  admin.get("/services", async (c) => c.json(await (await caller(c)).services.adminList()));
  admin.get("/services/:id", async (c) => c.json(await (await caller(c)).services.byId({ id: id(c) })));
  admin.post("/services", async (c) => c.json(await (await caller(c)).services.create(await readForm(c)), 201));
  admin.put("/services/:id", async (c) => c.json(await (await caller(c)).services.update(await readForm(c, id(c)))));
  admin.delete("/services/:id", async (c) => deleted(await (await caller(c)).services.delete({ id: id(c) })));

  admin.get("/news", async (c) => c.json(await (await caller(c)).news.adminList()));
  admin.get("/news/:id", async (c) => c.json(await (await caller(c)).news.byId({ id: id(c) })));
  admin.post("/news", async (c) => c.json(await (await caller(c)).news.create(await readForm(c)), 201));
  admin.put("/news/:id", async (c) => c.json(await (await caller(c)).news.update(await readForm(c, id(c)))));
  admin.delete("/news/:id", async (c) => deleted(await (await caller(c)).news.delete({ id: id(c) })));

  // The inquiry desk. Without parameters the list is the documented array of every inquiry, streamed;
  // with any of them it is one page, the total in X-Total-Count and the neighbours in Link (RFC 8288).
  admin.get("/contact", async (c) => {
    const url = new URL(c.req.url);
    if (!INQUIRY_PAGE_PARAMS.some((name) => url.searchParams.has(name))) {
      return streamed(jsonArrayChunks(await (await caller(c)).contact.all()), "application/json; charset=UTF-8");
    }
    const result = await (await caller(c)).contact.list({ ...inquiryFilterQuery(c), page: queryNumber(c, "page"), pageSize: queryNumber(c, "pageSize"), sort: c.req.query("sort") || undefined });
    return c.json(result.items, 200, {
      "X-Total-Count": String(result.total),
      ...pageLinks(deps.config.publicOrigin, url, result.page, result.pageSize, result.total),
    });
  });
  admin.get("/contact/export", async (c) => {
    const { filename, chunks } = await (await caller(c)).contact.exportCsv(inquiryFilterQuery(c));
    return streamed(chunks, "text/csv; charset=UTF-8", { "Content-Disposition": `attachment; filename="${filename}"` });
  });
  admin.get("/contact/assignees", async (c) => c.json(await (await caller(c)).contact.assignees()));
  admin.get("/contact/:id", async (c) => c.json(await (await caller(c)).contact.byId({ id: id(c) })));
  admin.get("/contact/:id/history", async (c) => c.json(await (await caller(c)).contact.history({ id: id(c) })));
  admin.patch("/contact/:id", async (c) => c.json(await (await caller(c)).contact.update({ ...(await readJson(c)), id: id(c) })));
  admin.post("/contact/:id/notes", async (c) => c.json(await (await caller(c)).contact.addNote({ ...(await readJson(c)), id: id(c) }), 201));
  admin.delete("/contact/:id", async (c) => deleted(await (await caller(c)).contact.delete({ id: id(c) })));

  admin.get("/settings", async (c) => c.json(await (await caller(c)).settings.get()));
  admin.put("/settings", async (c) => c.json(await (await caller(c)).settings.update(await readJson(c))));
  admin.get("/settings/mail-status", async (c) => c.json(await (await caller(c)).settings.mailStatus()));
  admin.post("/settings/test-mail", async (c) => c.json(await (await caller(c)).settings.testMail(await readJson(c))));
  admin.get("/settings/mail-recipients", async (c) => c.json(await (await caller(c)).settings.recipients()));
  admin.put("/settings/mail-recipients", async (c) => c.json(await (await caller(c)).settings.setRecipient(await readJson(c))));
  admin.get("/account/notifications", async (c) => c.json(await (await caller(c)).auth.notifications()));
  admin.put("/account/notifications", async (c) => c.json(await (await caller(c)).auth.setNotifications(await readJson(c))));

  admin.get("/users", async (c) => c.json(await (await caller(c)).users.list()));
  admin.post("/users", async (c) => c.json(await (await caller(c)).users.create(await readJson(c)), 201));
  admin.put("/users/:id", async (c) => c.json(await (await caller(c)).users.update({ ...(await readJson(c)), id: id(c) })));
  admin.delete("/users/:id", async (c) => deleted(await (await caller(c)).users.delete({ id: id(c) })));
  admin.post("/users/:id/reset-password", async (c) => {
    await (await caller(c)).users.resetPassword({ ...(await readJson(c)), id: id(c) });
    return c.json({ success: true });
  });

  admin.get("/testimonials", async (c) => c.json(await (await caller(c)).testimonials.adminList()));
  admin.post("/testimonials/upload-image", async (c) => c.json(await (await caller(c)).testimonials.uploadImage(await readForm(c)), 201));
  admin.post("/testimonials", async (c) => c.json(await (await caller(c)).testimonials.create(await readJson(c)), 201));
  admin.put("/testimonials/:id", async (c) => c.json(await (await caller(c)).testimonials.update({ ...(await readJson(c)), id: id(c) })));
  admin.delete("/testimonials/:id", async (c) => deleted(await (await caller(c)).testimonials.delete({ id: id(c) })));

  admin.get("/team", async (c) => c.json(await (await caller(c)).team.adminList()));
  admin.post("/team/upload-image", async (c) => c.json(await (await caller(c)).team.uploadImage(await readForm(c)), 201));
  admin.post("/team", async (c) => c.json(await (await caller(c)).team.create(await readJson(c)), 201));
  admin.put("/team/:id", async (c) => c.json(await (await caller(c)).team.update({ ...(await readJson(c)), id: id(c) })));
  admin.delete("/team/:id", async (c) => deleted(await (await caller(c)).team.delete({ id: id(c) })));

  admin.get("/content", async (c) => c.json(await (await caller(c)).content.adminList({ page: c.req.query("page") || undefined })));
  admin.post("/content", async (c) => c.json(await (await caller(c)).content.create(await readJson(c)), 201));
  admin.put("/content/:id", async (c) => c.json(await (await caller(c)).content.update({ ...(await readJson(c)), id: id(c) })));
  admin.delete("/content/:id", async (c) => deleted(await (await caller(c)).content.delete({ id: id(c) })));

  admin.get("/images", async (c) => c.json(await (await caller(c)).images.adminList({ page: c.req.query("page") || undefined })));
  // The uploaded images (the media picker's list): one page, newest first, the total in X-Total-Count and the neighbours in Link.
  admin.get("/uploads", async (c) => {
    const result = await (await caller(c)).uploads.list({ q: c.req.query("q") || undefined, page: queryNumber(c, "page"), pageSize: queryNumber(c, "pageSize") });
    return c.json(result.items, 200, {
      "X-Total-Count": String(result.total),
      ...pageLinks(deps.config.publicOrigin, new URL(c.req.url), result.page, result.pageSize, result.total),
    });
  });
  admin.put("/images/:id", async (c) => c.json(await (await caller(c)).images.update(await readForm(c, id(c)))));

  admin.get("/social-media", async (c) => c.json(await (await caller(c)).socialMedia.adminList()));
  admin.post("/social-media", async (c) => c.json(await (await caller(c)).socialMedia.create(await readJson(c)), 201));
  admin.put("/social-media/:id", async (c) => c.json(await (await caller(c)).socialMedia.update({ ...(await readJson(c)), id: id(c) })));
  admin.delete("/social-media/:id", async (c) => deleted(await (await caller(c)).socialMedia.delete({ id: id(c) })));

  api.route("/admin", admin);
  api.all("*", () => {
    throw errors.notFound(HTTP_MESSAGES.notFound);
  });

  /** The spec's logout path, outside /api. */
  const legacyLogout = new Hono();
  legacyLogout.post("/logout", async (c) => c.json(await (await caller(c)).auth.logout()));

  return { api, legacyLogout };
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
