import { idParam } from "../../shared/schemas/fields";
import { successAnswer } from "../../shared/schemas/answers";
import {
  notFoundEntryAnswer,
  notFoundRedirectInput,
  redirectAnswer,
  redirectInput,
  redirectUpdateInput,
} from "../../shared/schemas/redirects";
import { actorOf } from "../services/activity";
import { deleteNotFoundEntry, listNotFound, redirectNotFound } from "../services/not-found-log";
import { createRedirect, deleteRedirect, listRedirects, updateRedirect } from "../services/redirects";
import { permitted, router } from "../trpc";
import { door, read } from "./doors";
import { listOf, recordDoors, recordWrites } from "./record-writes";

/**
 * Redirects and the 404 log (issue 39, decision 0072), for staff who edit the website's texts
 * (content.edit): the redirects (made by renamed and deleted services and articles, and by staff),
 * and the missing page addresses visitors asked for, each of which staff may turn into a redirect.
 */
const tag = "Redirects";
const redirect = recordDoors("/redirects", "content.edit", tag, redirectAnswer, "a redirect", "Add");
const NOT_FOUND_LOG = "/admin/not-found-log";
const PATHS =
  "Both addresses are paths of this site (starting with one /; no scheme, no host, no //). An old address without " +
  "/es or /zh holds in every language, to the new address in the visitor's language. A new address that is itself " +
  "an old one is followed (one hop); one that would lead back is refused (400). A null or blank new address: gone (410).";

export const redirectsRouter = router({
  list: permitted(redirect.permission)
    .meta(read(tag, "/admin/redirects", "Redirects", "Every redirect, the newest change first: from, to, hits and last hit."))
    .output(listOf(redirectAnswer))
    .query(({ ctx }) => listRedirects(ctx.deps.db)),
  ...recordWrites(redirect, {
    inputs: { create: redirectInput, update: redirectUpdateInput },
    writers: { create: createRedirect, update: updateRedirect, delete: deleteRedirect },
    create: { description: PATHS },
    update: { description: PATHS },
  }),
  notFoundLog: permitted(redirect.permission)
    .meta(
      read(tag, NOT_FOUND_LOG, "The 404 log", "The missing page addresses visitors asked for, the most asked first.", {
        description:
          "The path only (no query string), how often, first and last time, and the referring site's domain; never an " +
          "address or a browser. At most 1,000 addresses; an address not asked for in 90 days goes.",
      }),
    )
    .output(listOf(notFoundEntryAnswer))
    .query(async ({ ctx }) => {
      await ctx.deps.addressLog.flush(); // this instance's last second of misses, so the list has them
      return listNotFound(ctx.deps.db);
    }),
  redirectNotFound: permitted(redirect.permission)
    .meta(
      door("post", tag, `${NOT_FOUND_LOG}/:id/redirect`, "Turn a 404 log entry into a redirect", "The redirect made.", {
        description: `A redirect from the entry's path to \`toPath\`; the entry leaves the log. ${PATHS}`,
        answer: { status: 201 },
      }),
    )
    .input(notFoundRedirectInput)
    .output(redirectAnswer)
    .mutation(({ ctx, input }) => redirectNotFound(ctx.deps.db, actorOf(ctx), input)),
  deleteNotFound: permitted(redirect.permission)
    .meta(door("delete", tag, `${NOT_FOUND_LOG}/:id`, "Dismiss a 404 log entry", "Deleted."))
    .input(idParam)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await deleteNotFoundEntry(ctx.deps.db, actorOf(ctx), input.id);
      return { success: true as const };
    }),
});
