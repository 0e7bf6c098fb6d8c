import { createHash } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { LEGAL_CONSENTS, LEGAL_KINDS, LEGAL_TEXTS, legalVersionLabel, type LegalKind } from "../../shared/legal";
import type { LegalPublishInput } from "../../shared/schemas/legal";
import type { Database } from "../db/client";
import { legalTextVersions, type ConsentReceipt } from "../db/schema";
import { errors } from "../errors";
import { seedLegalTextsFor } from "../legal/seed-texts";
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
}

type Row = typeof legalTextVersions.$inferSelect;

const answerOf = (row: Row): LegalText => ({
  kind: row.kind,
  version: row.version,
  label: legalVersionLabel(row.version, row.effectiveDate),
  effectiveDate: row.effectiveDate,
  html: row.html,
  sha256: row.sha256,
  publishedAt: row.publishedAt,
  publishedBy: row.publishedByName,
});

/** The SHA-256 of a version's exact HTML (what the site shows): a receipt names it. */
export const legalSha256 = (html: string) => createHash("sha256").update(html, "utf8").digest("hex");

/** The text of this kind in force: its highest version. */
export async function currentLegalText(db: Database, kind: LegalKind): Promise<LegalText> {
  const [row] = await db.select().from(legalTextVersions).where(eq(legalTextVersions.kind, kind)).orderBy(desc(legalTextVersions.version)).limit(1);
  if (!row) throw errors.notFound(`No ${LEGAL_TEXTS[kind].title} has been published`);
  return answerOf(row);
}

/** Every version of a kind, newest first (the portal's history). */
export async function listLegalVersions(db: Database, kind: LegalKind): Promise<LegalText[]> {
  const rows = await db.select().from(legalTextVersions).where(eq(legalTextVersions.kind, kind)).orderBy(desc(legalTextVersions.version));
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
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ version: legalTextVersions.version })
      .from(legalTextVersions)
      .where(eq(legalTextVersions.kind, input.kind))
      .orderBy(desc(legalTextVersions.version))
      .limit(1);
    const version = (latest?.version ?? 0) + 1;
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
      })
      .returning();
    await recordChange(tx, actor, {
      action: "create",
      resourceType: "legal_text",
      resourceId: row!.id,
      label: `${LEGAL_TEXTS[input.kind].title}, ${legalVersionLabel(version, input.effectiveDate)}`,
      details: { kind: input.kind, version, effectiveDate: input.effectiveDate },
    });
    return answerOf(row!);
  });
}

/** The receipt's documents of an inquiry sent now: each current text's label and SHA-256. */
export async function currentLegalDocuments(db: Database): Promise<ConsentReceipt["documents"]> {
  const texts = await Promise.all(LEGAL_KINDS.map((kind) => currentLegalText(db, kind)));
  const documents = {} as ConsentReceipt["documents"];
  for (const text of texts) documents[LEGAL_CONSENTS[text.kind]] = { version: text.label, sha256: text.sha256 };
  return documents;
}

/**
 * Writes version 1 of each kind that has none yet (the texts the site started with, with the clinic's
 * details in Settings now). Run at every start, before anything reads the texts; a kind that has
 * versions is left alone, so it never overwrites what super admins published.
 */
export async function seedLegalTexts(db: Database): Promise<void> {
  const seeded = seedLegalTextsFor(await getClinic(db));
  for (const kind of LEGAL_KINDS) {
    const { effectiveDate, html } = seeded[kind];
    await db
      .insert(legalTextVersions)
      .values({ kind, version: 1, effectiveDate, html, sha256: legalSha256(html) })
      .onConflictDoNothing({ target: [legalTextVersions.kind, legalTextVersions.version] });
  }
}
