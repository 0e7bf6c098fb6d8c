import { z } from "zod";
import { contentItemAnswer } from "../../shared/schemas/content";
import { staffNewsArticleAnswer } from "../../shared/schemas/news";
import { serviceAnswer } from "../../shared/schemas/services";
import { versionAnswer, versionWithFieldsAnswer } from "../../shared/schemas/versions";
import { versionOfRecord, versionsOfRecord } from "../../shared/schemas/versions";
import type { RestDoor } from "../rest/operations";
import { actorOf } from "../services/activity";
import * as versions from "../services/versions";
import { permittedByInput, requirePermission, router } from "../trpc";
import { listOf } from "./record-writes";

/** The three kinds of record with a history, each with its doors below /api/admin/{area}/:id/versions. */
const histories = [
  { area: "news", kind: "news", tag: "News", what: "article", an: "an article", saved: staffNewsArticleAnswer },
  { area: "services", kind: "service", tag: "Services", what: "service", an: "a service", saved: serviceAnswer },
  { area: "content", kind: "content", tag: "Website content", what: "content item", an: "a content item", saved: contentItemAnswer },
] as const;

/** The permission each kind's history needs: the record's own edit permission. */
const versionsProcedure = permittedByInput("kind", { news: "news.edit", service: "services.edit", content: "content.edit" });

/** One door per kind: the path's id is the record, `kind` is fixed by the path. */
const doors = (door: (history: (typeof histories)[number]) => Omit<RestDoor, "pathInput" | "fixedInput" | "tag">): RestDoor[] =>
  histories.map((history) => ({ ...door(history), tag: history.tag, pathInput: { id: "recordId" }, fixedInput: { kind: history.kind } }));

/**
 * The version history of news articles, services and website content items, one router for the three
 * (the kind is part of the input): the list, one version with the current fields to compare, and a
 * restore, which saves the version's fields as a normal save does (and answers the saved record).
 */
export const versionsRouter = router({
  list: versionsProcedure
    .meta({
      rest: doors(({ area, an }) => ({
        method: "get",
        path: `/admin/${area}/:id/versions`,
        summary: `Versions of ${an}`,
        answer: { description: "Every version, newest first: who saved it, when, and what changed." },
      })),
    })
    .input(versionsOfRecord)
    .output(listOf(versionAnswer))
    .query(({ ctx, input }) => versions.listRecordVersions(ctx.deps.db, input)),
  get: versionsProcedure
    .meta({
      rest: doors(({ area, an }) => ({
        method: "get",
        path: `/admin/${area}/:id/versions/:version`,
        summary: `One version of ${an}`,
        answer: { description: "The version's fields and the record's current fields, to compare." },
      })),
    })
    .input(versionOfRecord)
    .output(versionWithFieldsAnswer)
    .query(({ ctx, input }) => versions.getRecordVersion(ctx.deps.db, input)),
  restore: versionsProcedure
    .meta({
      rest: doors(({ area, an, what, saved }) => ({
        method: "post",
        path: `/admin/${area}/:id/versions/:version/restore`,
        summary: `Restore a version of ${an}`,
        description:
          "Saves the version's fields again, through the same checks as an update (a new version, logged as a restore); " +
          "a version that would put the record live needs the publish permission too, as such an update does (403).",
        errors: [409],
        answer: { description: `The saved ${what}.`, schema: saved },
      })),
    })
    .input(versionOfRecord)
    .output(z.union(histories.map((history) => history.saved)))
    .mutation(async ({ ctx, input, path }) => {
      if (await versions.restoreWouldPublish(ctx.deps.db, input)) await requirePermission(ctx, "publish", path);
      return versions.restoreRecordVersion(ctx.deps.db, actorOf(ctx), input);
    }),
});
