import { successAnswer } from "../../shared/schemas/answers";
import {
  translationAnswer,
  translationAnswerOf,
  translationKey,
  translationSaveBodyOf,
  translationSaveInput,
  translationsListAnswer,
} from "../../shared/schemas/translations";
import { TRANSLATABLE_KINDS, TRANSLATION_PERMISSIONS, translationNeedsPublish, type TranslatableKind } from "../../shared/translatable";
import type { RestDoor } from "../rest/operations";
import { actorOf } from "../services/activity";
import { deleteTranslation, saveTranslation } from "../services/translation-saves";
import { getTranslation, listTranslatables } from "../services/translations";
import { permittedByInput, requirePermission, router, staffAccess, staffProcedure } from "../trpc";
import { read } from "./doors";

const tag = "Translations";

const translationProcedure = permittedByInput("kind", TRANSLATION_PERMISSIONS);

/** How a door names one record of a kind. */
const RECORD: Record<TranslatableKind, string> = {
  service: "a service",
  news: "a news article",
  team: "a team member",
  content: "a website text",
  image: "a website image",
  testimonial: "a testimonial written in English",
};

/**
 * One door per kind, /api/admin/translations/{kind}/{id}/{language}: the path's kind picks the
 * permission (as the versions' doors do), its id is the record, its language es or zh.
 */
const doors = (door: (kind: TranslatableKind) => Omit<RestDoor, "path" | "tag" | "pathInput" | "fixedInput">): RestDoor[] =>
  TRANSLATABLE_KINDS.map((kind) => ({
    ...door(kind),
    path: `/admin/translations/${kind}/:id/:language`,
    tag,
    pathInput: { id: "recordId" },
    fixedInput: { kind },
  }));

/**
 * Staff's translations (issue 27; src/server/services/translations.ts): the list of what there is to
 * translate, one record's translation beside its English, its save and its removal. Legal texts are
 * published per language through the legal router.
 */
export const translationsRouter = router({
  /**
   * Open to every signed-in staff member, like the dashboard: each sees only the kinds their role may
   * edit (nothing for a role that edits none), and the legal texts with legal.edit.
   */
  list: staffProcedure
    .meta(
      read(
        tag,
        "/admin/translations",
        "What there is to translate",
        "Every record the caller may edit, with its Spanish and Chinese translations' state, and the legal texts' " +
          "(to those who publish them).",
        {
          description:
            "Each record's `languages.es` and `languages.zh`: `state` missing, draft or published, and `needsUpdate` " +
            "when its English changed since it was translated. Only the kinds the caller's role may edit are listed " +
            "(services.edit, news.edit, team.edit, content.edit for website texts and images, testimonials.edit for " +
            "testimonials written in English); `legal` is empty without legal.edit.",
        },
      ),
    )
    .output(translationsListAnswer)
    .query(async ({ ctx }) => {
      const { permissions } = await staffAccess(ctx);
      const kinds = TRANSLATABLE_KINDS.filter((kind) => permissions.includes(TRANSLATION_PERMISSIONS[kind]));
      return listTranslatables(ctx.deps.db, { kinds, legal: permissions.includes("legal.edit") });
    }),
  get: translationProcedure
    .meta({
      rest: doors((kind) => ({
        method: "get",
        summary: `The translation of ${RECORD[kind]}`,
        description: "`language` is es or zh. With no translation yet, `translation` is null.",
        errors: [400],
        answer: {
          description:
            "The English fields now, the translation (or null), and each English field changed since it was translated, then and now.",
          schema: translationAnswerOf(kind),
        },
      })),
    })
    .input(translationKey)
    .output(translationAnswer)
    .query(({ ctx, input }) => getTranslation(ctx.deps.db, input.kind, input.recordId, input.language)),
  save: translationProcedure
    .meta({
      rest: doors((kind) => ({
        method: "put",
        summary: `Save the translation of ${RECORD[kind]}`,
        description:
          "Creates or replaces it. HTML fields are cleaned like every staff HTML; a service's `sections` are checked " +
          "like the English ones. `status` published needs every field the English requires (and has) filled" +
          (translationNeedsPublish(kind) ? `, and the publish permission, as putting ${RECORD[kind]} live does.` : "."),
        // The kind's own fields by name and type (src/shared/translatable.ts), which the procedure's input checks by the path's kind.
        body: translationSaveBodyOf(kind),
        answer: { description: "The saved translation, as the read answers it.", schema: translationAnswerOf(kind) },
      })),
    })
    .input(translationSaveInput)
    .output(translationAnswer)
    .mutation(async ({ ctx, input, path }) => {
      // Putting a translated article (or testimonial) live is publishing it: the same permission as the English.
      if (translationNeedsPublish(input.kind) && input.status === "published") await requirePermission(ctx, "publish", path);
      return saveTranslation(ctx.deps.db, actorOf(ctx), input);
    }),
  delete: translationProcedure
    .meta({
      rest: doors((kind) => ({
        method: "delete",
        summary: `Delete the translation of ${RECORD[kind]}`,
        description: "The site shows the English there again. 404 when there is no translation in that language.",
        errors: [400],
        answer: { description: "Deleted." },
      })),
    })
    .input(translationKey)
    .output(successAnswer)
    .mutation(async ({ ctx, input }) => {
      await deleteTranslation(ctx.deps.db, actorOf(ctx), input);
      return { success: true as const };
    }),
});
