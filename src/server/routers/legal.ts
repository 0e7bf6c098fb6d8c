import { legalTextAnswer } from "../../shared/schemas/legal";
import { legalPublishInput, legalReadInput, legalVersionsInput } from "../../shared/schemas/legal";
import { actorOf } from "../services/activity";
import { currentLegalText, listLegalVersions, publishLegalText } from "../services/legal-texts";
import { permitted, publicProcedure, router } from "../trpc";
import { listOf } from "./record-writes";
import { door, publicRead, read } from "./doors";

/** Only super admins change what the site's visitors agree to. */
const legalProcedure = permitted("legal.edit");
const tag = "Legal texts";

/** The legal texts (src/shared/legal.ts): the current one of each kind for everyone, versions and publishing for super admins. */
export const legalRouter = router({
  current: publicProcedure
    .meta(
      publicRead("/legal/:kind", "A legal text in force", "Its current version: HTML, effective date, version label and SHA-256.", {
        description:
          "`kind` is privacy (the Privacy Policy), terms (the Terms and Conditions) or hipaa (the HIPAA authorization). " +
          "`lang` (es, zh) reads its version in that language, or the English one where it has none (`language` " +
          "says which).",
        errors: [400],
      }),
    )
    .input(legalReadInput)
    .output(legalTextAnswer)
    .query(({ ctx, input }) => currentLegalText(ctx.deps.db, input.kind, input.lang)),
  versions: legalProcedure
    .meta(
      read(
        tag,
        "/admin/legal/:kind/versions",
        "Every version of a legal text",
        "Newest first; `language` (es, zh) gives that translation's versions.",
        { errors: [400] },
      ),
    )
    .input(legalVersionsInput)
    .output(listOf(legalTextAnswer))
    .query(({ ctx, input }) => listLegalVersions(ctx.deps.db, input.kind, input.language)),
  publish: legalProcedure
    .meta(
      door("post", tag, "/admin/legal/:kind", "Publish a new version of a legal text", "The version published.", {
        description:
          "The HTML is cleaned like every staff HTML; the new version is the one the site shows from now on (in " +
          "its `language`: en by default, or es, zh for a translation of the English version in force), and new " +
          "inquiries' consent receipts name it.",
        errors: [409],
      }),
    )
    .input(legalPublishInput)
    .output(legalTextAnswer)
    .mutation(({ ctx, input }) => publishLegalText(ctx.deps.db, actorOf(ctx), input)),
});
