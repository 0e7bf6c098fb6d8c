import { versionOfRecord, versionsOfRecord } from "../../shared/schemas/versions";
import { actorOf } from "../services/activity";
import * as versions from "../services/versions";
import { router, staffProcedure } from "../trpc";

/**
 * The version history of news articles, services and website content items, one router for the three
 * (the kind is part of the input): the list, one version with the current fields to compare, and a
 * restore, which saves the version's fields as a normal save does.
 */
export const versionsRouter = router({
  list: staffProcedure.input(versionsOfRecord).query(({ ctx, input }) => versions.listRecordVersions(ctx.deps.db, input)),
  get: staffProcedure.input(versionOfRecord).query(({ ctx, input }) => versions.getRecordVersion(ctx.deps.db, input)),
  restore: staffProcedure.input(versionOfRecord).mutation(({ ctx, input }) => versions.restoreRecordVersion(ctx.deps.db, actorOf(ctx), input)),
});
