import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { LanguageCode } from "../../shared/languages";
import { LEGAL_CONSENTS, LEGAL_KINDS, LEGAL_TEXTS, legalVersionLabel, type LegalKind } from "../../shared/legal";
import type { LegalPublishInput } from "../../shared/schemas/legal";
import type { Database } from "../db/client";
import { legalTextVersions, type ConsentReceipt } from "../db/schema";
import { errors } from "../errors";
import { seedLegalTextsFor } from "../legal/seed-texts";
import { SEED_TRANSLATIONS } from "../db/seed-translations-all";
import type { SeedTranslations } from "../db/seed-translations";
import type { TranslationLanguage } from "../../shared/languages";
import { recordChange, type Actor } from "./activity";
import { sanitizeStaffHtml } from "./html";
import { getClinic } from "./settings";

/**
 * The legal texts' versions (src/shared/legal.ts): the current one of each kind (its highest version),
 * every version for the portal, publishing a new one (super admins; logged), and the documents an
 * inquiry's consent receipt names. A published version is never changed: a correction is a new version.
 */

export interface LegalText {
  kind: LegalKind;
  version: number;
  label: string;
  effectiveDate: string;
  html: string;
  sha256: string;
  publishedAt: Date;
  publishedBy: string | null;
  language: LanguageCode;
  sourceVersion: number | null;
}

type Row = typeof legalTextVersions.$inferSelect;

/**
 * A stored version as it is shown and answered. Its HTML is cleaned again on the way out, as every staff
 * HTML is (issue 34): HTML written into the table some other way than publishing (an older rule, a hand
 * edit) reaches no page uncleaned. Cleaning what publishing cleaned changes nothing, so the hash holds.
 */
const answerOf = (row: Row): LegalText => ({
  kind: row.kind,
  version: row.version,
  label: legalVersionLabel(row.version, row.effectiveDate),
  effectiveDate: row.effectiveDate,
  html: sanitizeStaffHtml(row.html),
  sha256: row.sha256,
  publishedAt: row.publishedAt,
  publishedBy: row.publishedByName,
  language: row.language,
  sourceVersion: row.sourceVersion,
});

/** The SHA-256 of a version's exact HTML (what the site shows): a receipt names it. */
export const legalSha256 = (html: string) => createHash("sha256").update(html, "utf8").digest("hex");

/**
 * The text of this kind in force in a language, the one its page and the form's consent show (and so
 * the one a visitor there agrees to): the language's highest version while it translates the English
 * version in force; else the English one (its `language` says so, and the page marks it lang="en").
 * A translation of an older English version stays unshown until a new one is published (issue 36: a
 * visitor on /es/ never consents to an older text than an English one would), and a language with no
 * version of the text at all reads the English too.
 */
export async function currentLegalText(db: Database, kind: LegalKind, language: LanguageCode = "en"): Promise<LegalText> {
  const newest = async (lang: LanguageCode) =>
    (
      await db
        .select()
        .from(legalTextVersions)
        .where(and(eq(legalTextVersions.kind, kind), eq(legalTextVersions.language, lang)))
        .orderBy(desc(legalTextVersions.version))
        .limit(1)
    )[0];
  const [english, translated] = await Promise.all([newest("en"), language === "en" ? undefined : newest(language)]);
  if (!english) throw errors.notFound(`No ${LEGAL_TEXTS[kind].title} has been published`);
  return answerOf(translated && (translated.sourceVersion ?? 0) >= english.version ? translated : english);
}

/** Every version of a kind in a language, newest first (the portal's history). */
export async function listLegalVersions(db: Database, kind: LegalKind, language: LanguageCode = "en"): Promise<LegalText[]> {
  const rows = await db
    .select()
    .from(legalTextVersions)
    .where(and(eq(legalTextVersions.kind, kind), eq(legalTextVersions.language, language)))
    .orderBy(desc(legalTextVersions.version));
  return rows.map(answerOf);
}

/**
 * Publishes a new version: the HTML cleaned like every staff HTML, numbered after the current one, and
 * logged. Two publications of one kind at the same moment cannot both take a number (the unique index
 * refuses the second: a 409 that says to reload).
 */
export async function publishLegalText(db: Database, actor: Actor, input: LegalPublishInput): Promise<LegalText> {
  const html = sanitizeStaffHtml(input.html).trim();
  if (html === "") throw errors.invalidField(["html"], "Please write the text.");
  const language = input.language ?? "en";
  return db.transaction(async (tx) => {
    const newest = (lang: LanguageCode) =>
      tx
        .select({ version: legalTextVersions.version })
        .from(legalTextVersions)
        .where(and(eq(legalTextVersions.kind, input.kind), eq(legalTextVersions.language, lang)))
        .orderBy(desc(legalTextVersions.version))
        .limit(1);
    const [latest] = await newest(language);
    const version = (latest?.version ?? 0) + 1;
    // A translation names the English version it translates: a newer English one makes it "needs update".
    const sourceVersion = language === "en" ? null : ((await newest("en"))[0]?.version ?? null);
    const [row] = await tx
      .insert(legalTextVersions)
      .values({
        kind: input.kind,
        version,
        effectiveDate: input.effectiveDate,
        html,
        sha256: legalSha256(html),
        publishedBy: actor.adminId,
        publishedByName: actor.username,
        language,
        sourceVersion,
      })
      .returning();
    await recordChange(tx, actor, {
      action: "create",
      resourceType: "legal_text",
      resourceId: row!.id,
      label: `${LEGAL_TEXTS[input.kind].title}${language === "en" ? "" : ` (${language})`}, ${legalVersionLabel(version, input.effectiveDate)}`,
      details: { kind: input.kind, language, version, effectiveDate: input.effectiveDate },
    });
    return answerOf(row!);
  });
}

/**
 * The receipt's documents of an inquiry sent now from a form in `language`: each text it shows (the
 * language's version while it is up to date, else the English one: currentLegalText), named by label,
 * SHA-256 and, on a form in another language than English, the language of the text shown ("en" for
 * one shown in English while its translation is updated). An English form's receipt is as before.
 */
export async function currentLegalDocuments(db: Database, language: LanguageCode = "en"): Promise<ConsentReceipt["documents"]> {
  const texts = await Promise.all(LEGAL_KINDS.map((kind) => currentLegalText(db, kind, language)));
  const documents = {} as ConsentReceipt["documents"];
  for (const text of texts)
    documents[LEGAL_CONSENTS[text.kind]] = {
      version: text.label,
      sha256: text.sha256,
      ...(language === "en" && text.language === "en" ? {} : { language: text.language }),
    };
  return documents;
}

/**
 * Writes version 1 of each kind that has none yet (the texts the site started with, with the clinic's
 * details in Settings now). Run at every start, before anything reads the texts; a kind that has
 * versions is left alone, so it never overwrites what super admins published.
 */
export async function seedLegalTexts(db: Database): Promise<void> {
  const clinic = await getClinic(db);
  const seeded = seedLegalTextsFor(clinic);
  for (const kind of LEGAL_KINDS) {
    const { effectiveDate, html } = seeded[kind];
    await db
      .insert(legalTextVersions)
      .values({ kind, version: 1, effectiveDate, html, sha256: legalSha256(html) })
      .onConflictDoNothing({ target: [legalTextVersions.kind, legalTextVersions.language, legalTextVersions.version] });
  }
  // The seeded translations of version 1 (issue 27): a translation of the English version 1.
  for (const [language, translated] of Object.entries(SEED_TRANSLATIONS) as [TranslationLanguage, SeedTranslations][]) {
    const texts = translated.legal(clinic);
    for (const kind of LEGAL_KINDS) {
      const html = texts[kind].html;
      await db
        .insert(legalTextVersions)
        .values({
          kind,
          language,
          version: 1,
          sourceVersion: 1,
          effectiveDate: seeded[kind].effectiveDate,
          html,
          sha256: legalSha256(html),
        })
        .onConflictDoNothing({ target: [legalTextVersions.kind, legalTextVersions.language, legalTextVersions.version] });
    }
  }
}
