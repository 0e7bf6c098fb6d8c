import { and, asc, eq, inArray } from "drizzle-orm";
import { contactServiceChoices, generalConsultationIn } from "../../shared/contact-choices";
import type { LanguageCode } from "../../shared/languages";
import type { TranslatableKind } from "../../shared/translatable";
import type { Database } from "../db/client";
import { services, translations } from "../db/schema";
import { listServiceLinks } from "./services";
import { inSiteOrder } from "./record-order";

/**
 * The public reads in a language (issue 27, `?lang=`): each record with its published translation's
 * words in place of the English ones, and `language` saying which its words are in. A record with no
 * published translation in that language keeps its English words and says `language: "en"`, so the
 * page marks it lang="en". English is the words' own language: a read in English (`?lang=en`) answers
 * exactly, byte for byte, what a read that names no language answers (issue 39), and a single record
 * (a service, an article) says the languages it has a page in either way.
 * Staff's drafts never show here; the Translations screen reads them (translations.ts).
 */

type Translated<Row> = Row & { language?: LanguageCode; translatedFrom?: LanguageCode };

/** Kinds whose translations the pages label as translations (a testimonial stays the patient's words). */
const LABELLED: ReadonlySet<TranslatableKind> = new Set(["testimonial"]);

/** The language a record was written in: its own `language` where it has one (a testimonial), else English. */
const writtenIn = (row: object): LanguageCode =>
  "language" in row && typeof row.language === "string" ? (row.language as LanguageCode) : "en";

/** The published translations of some records of a kind into a language, by record id. */
async function publishedTranslations(db: Database, kind: TranslatableKind, language: LanguageCode, ids: number[]) {
  if (ids.length === 0) return new Map<number, Record<string, unknown>>();
  const rows = await db
    .select({ recordId: translations.recordId, fields: translations.fields })
    .from(translations)
    .where(
      and(
        eq(translations.kind, kind),
        eq(translations.language, language as "es" | "zh"),
        eq(translations.status, "published"),
        inArray(translations.recordId, ids),
      ),
    );
  return new Map(rows.map((row) => [row.recordId, row.fields]));
}

/** A translation's words over the record's: a field left empty in the translation keeps the English. */
function overlay<Row extends object>(row: Row, fields: Record<string, unknown>): Row {
  const words = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== "" && !(Array.isArray(value) && value.length === 0)),
  );
  return { ...row, ...words };
}

/**
 * Records in a language: translated where a published translation exists, else as written (`language`
 * says which). Only English is translated: a record written in another language (a testimonial in the
 * patient's Spanish) keeps its words everywhere. A translation of a LABELLED kind says `translatedFrom`.
 */
export async function inLanguage<Row extends { id: number }>(
  db: Database,
  kind: TranslatableKind,
  rows: Row[],
  lang: LanguageCode | undefined,
): Promise<Array<Translated<Row>>> {
  if (!lang || lang === "en") return rows;
  const english = rows.filter((row) => writtenIn(row) === "en");
  const found = await publishedTranslations(
    db,
    kind,
    lang,
    english.map((row) => row.id),
  );
  return rows.map((row) => {
    const fields = writtenIn(row) === "en" ? found.get(row.id) : undefined;
    if (!fields) return { ...row, language: writtenIn(row) };
    return { ...overlay(row, fields), language: lang, ...(LABELLED.has(kind) ? { translatedFrom: "en" as const } : {}) };
  });
}

/** The languages a record can be read in: English and each published translation (a page's hreflang alternates). */
export async function languagesOf(db: Database, kind: TranslatableKind, id: number): Promise<LanguageCode[]> {
  const rows = await db
    .select({ language: translations.language })
    .from(translations)
    .where(and(eq(translations.kind, kind), eq(translations.recordId, id), eq(translations.status, "published")))
    .orderBy(asc(translations.language));
  return ["en", ...rows.map((row) => row.language)];
}

/** The languages each record of a kind can be read in, by id (the sitemap's alternates): languagesOf for all at once. */
export async function languagesOfEach(db: Database, kind: TranslatableKind): Promise<Map<number, LanguageCode[]>> {
  const rows = await db
    .select({ recordId: translations.recordId, language: translations.language })
    .from(translations)
    .where(and(eq(translations.kind, kind), eq(translations.status, "published")))
    .orderBy(asc(translations.language));
  const byRecord = new Map<number, LanguageCode[]>();
  for (const row of rows) byRecord.set(row.recordId, [...(byRecord.get(row.recordId) ?? ["en"]), row.language]);
  return byRecord;
}

/** One record (a service, an article) in a language (English when none is named), with the languages it has a page in. */
export async function oneInLanguage<Row extends { id: number }>(
  db: Database,
  kind: TranslatableKind,
  row: Row,
  lang: LanguageCode | undefined,
) {
  const [translated] = await inLanguage(db, kind, [row], lang);
  return { ...translated!, languages: await languagesOf(db, kind, row.id) };
}

/**
 * Every service's title and address in a language, and the inquiry form's choices: the choices stay the
 * English names the inquiry is sent and kept with (the desk's filter, the mail), and
 * `contactChoiceLabels` says how the form shows each in that language.
 */
export async function serviceLinksInLanguage(db: Database, lang: LanguageCode | undefined) {
  if (!lang || lang === "en") return listServiceLinks(db);
  // One read of the services: their links in the language, and the form's English choices from the same rows.
  const rows = await db
    .select({ id: services.id, slug: services.slug, title: services.title, offeredOnContactForm: services.offeredOnContactForm })
    .from(services)
    .where(eq(services.isPublished, true))
    .orderBy(...inSiteOrder(services));
  const translated = await inLanguage(db, "service", rows, lang);
  const contactChoices = contactServiceChoices(rows.filter((row) => row.offeredOnContactForm).map((row) => row.title));
  const labels = new Map(translated.map((row, index) => [rows[index]!.title, row.title]));
  return {
    services: translated.map(({ slug, title, offeredOnContactForm, language }, index) => ({
      slug,
      title,
      offeredOnContactForm,
      contactChoice: rows[index]!.title,
      ...(language ? { language } : {}),
    })),
    contactChoices,
    contactChoiceLabels: contactChoices.map((choice) => labels.get(choice) ?? generalConsultationIn(lang, choice)),
  };
}
