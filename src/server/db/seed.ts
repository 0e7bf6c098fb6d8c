import { sql } from "drizzle-orm";
import type { Database } from "./client";
import {
  appMeta,
  bookingClinicians,
  bookingHours,
  bookingResources,
  bookingServiceClinicians,
  bookingServiceSettings,
  newsArticles,
  services,
  socialMediaLinks,
  teamMembers,
  testimonials,
  translations,
  websiteContent,
  websiteImages,
} from "./schema";
import {
  SEED_BOOKING,
  SEED_CONTENT,
  SEED_IMAGES,
  SEED_SERVICES,
  SEED_SOCIAL_LINKS,
  SEED_TEAM,
  SEED_TESTIMONIALS,
  seedNewsArticles,
  shareTexts,
} from "./seed-data";
import { CATALOGUES } from "../../client/public/catalogue/all";

import { seedLegalTexts } from "../services/legal-texts";
import { clinicWeekly } from "../services/booking-availability";
import { getClinic } from "../services/settings";
import { englishFieldsOf, needsUpdate } from "../services/translation-fields";
import { SEED_TRANSLATIONS } from "./seed-translations-all";
import type { SeedTranslations } from "./seed-translations";
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from "../../shared/languages";
import type { TranslatableKind } from "../../shared/translatable";

const SEED_MARKER = "seeded_at";

/**
 * Seeds the content once, on the first start. The marker row is claimed in the same transaction, so
 * a later start (or a second instance starting at the same moment) never seeds again and never
 * overwrites or re-creates what staff changed or deleted. Returns true when it seeded.
 * The legal texts' version 1 is written whenever a kind has no version yet, on a database seeded
 * before they were versioned too (seedLegalTexts; it never touches a published version).
 */
export async function seedDatabase(db: Database, now = new Date()): Promise<boolean> {
  const seeded = await seedContent(db, now);
  if (seeded) await seedBooking(db);
  await seedLegalTexts(db);
  await seedTranslationsOnce(db, now);
  await seedShareTextsOnce(db, now);
  return seeded;
}

/**
 * Runs `seed` once per database: it claims the marker row `key` in the same transaction, so a later
 * start (or a second instance starting at the same moment) never runs it again. True when it ran.
 */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function once(db: Database, key: string, now: Date, seed: (tx: Transaction) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(appMeta).values({ key, value: now.toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    await seed(tx);
    return true;
  });
}

async function seedContent(db: Database, now: Date): Promise<boolean> {
  return once(db, SEED_MARKER, now, async (tx) => {
    await tx
      .insert(services)
      .values([...SEED_SERVICES])
      .onConflictDoNothing();
    // The clinic's example testimonials: given by patients who agreed to their publication, received the
    // clinic's day they are added, nothing given in return (docs/decisions/0049-testimonial-sources.md).
    const addedOn = sql`(${now.toISOString()}::timestamptz at time zone 'America/Denver')::date`;
    await tx
      .insert(testimonials)
      .values(SEED_TESTIMONIALS.map((t) => ({ ...t, receivedAt: addedOn, source: "patient", consentToPublish: true, incentive: null })));
    await tx.insert(teamMembers).values([...SEED_TEAM]);
    await tx
      .insert(websiteContent)
      .values(SEED_CONTENT.map((item) => ({ ...item, contentType: item.contentType ?? "text" })))
      .onConflictDoNothing();
    await tx
      .insert(websiteImages)
      .values([...SEED_IMAGES])
      .onConflictDoNothing();
    await tx.insert(socialMediaLinks).values([...SEED_SOCIAL_LINKS]);
    await tx.insert(newsArticles).values(seedNewsArticles(now)).onConflictDoNothing();
  });
}

/**
 * Booking out of the box (issue 38; docs/decisions/0075-booking-model.md), with the first start's content
 * only (a clinic already running chooses for itself): the two seeded practitioners are bookable
 * clinicians working the clinic's hours (Clinic details'), an ozone chair is a device with the same hours,
 * and Ozone Therapy (with the chair) and IV Nutrient Therapy are bookable as requests staff confirm.
 */
async function seedBooking(db: Database): Promise<void> {
  const weekly = clinicWeekly((await getClinic(db)).hours).flatMap((stretches, weekday) =>
    stretches.map((s) => ({ weekday, startMinute: s.start, endMinute: s.end })),
  );
  await db.transaction(async (tx) => {
    const team = await tx.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers);
    const clinicianIds = SEED_BOOKING.clinicians.flatMap((name) => team.filter((m) => m.name === name).map((m) => m.id));
    if (clinicianIds.length === 0) return;
    await tx.insert(bookingClinicians).values(clinicianIds.map((teamMemberId) => ({ teamMemberId })));
    const [chair] = await tx.insert(bookingResources).values(SEED_BOOKING.resource).returning({ id: bookingResources.id });
    const owners = [
      ...clinicianIds.map((ownerId) => ({ ownerKind: "clinician" as const, ownerId })),
      { ownerKind: "resource" as const, ownerId: chair!.id },
    ];
    if (weekly.length) await tx.insert(bookingHours).values(owners.flatMap((owner) => weekly.map((w) => ({ ...owner, ...w }))));
    const seededServices = await tx.select({ id: services.id, slug: services.slug }).from(services);
    for (const setting of SEED_BOOKING.services) {
      const service = seededServices.find((row) => row.slug === setting.slug);
      if (!service) continue;
      const { slug: _slug, withResource, ...rules } = setting;
      await tx.insert(bookingServiceSettings).values({ ...rules, serviceId: service.id, resourceId: withResource ? chair!.id : null });
      await tx
        .insert(bookingServiceClinicians)
        .values(clinicianIds.map((teamMemberId, sortOrder) => ({ serviceId: service.id, teamMemberId, sortOrder })));
    }
  });
}

const TRANSLATIONS_MARKER = "translations_seeded_at";

/**
 * The seeded records' Spanish and Chinese (issue 27), written once (a marker row claimed in the same
 * transaction, as the content's): on the first start, and on the first start of a database seeded
 * before the site had languages. Each is the translation of the seeded English (its `source`): where
 * that record's English is still the seeded one it is published; where staff have changed it since, it
 * is a draft that shows as "needs update", for staff to bring up to date. Records staff made, and
 * seeded ones they deleted, get none. Testimonials stay in the patient's words.
 */
async function seedTranslationsOnce(db: Database, now: Date): Promise<void> {
  await once(db, TRANSLATIONS_MARKER, now, async (tx) => {
    const [serviceRows, articleRows, teamRows, contentRows, imageRows] = await Promise.all([
      tx.select().from(services),
      tx.select().from(newsArticles),
      tx.select().from(teamMembers),
      tx.select().from(websiteContent),
      tx.select().from(websiteImages),
    ]);
    // The seeded English of each record, by the key the translations use.
    const seededServices = new Map<string, Record<string, unknown>>(
      SEED_SERVICES.map((service) => [service.slug, { sections: [], ...service }]),
    );
    const seededArticles = new Map<string, Record<string, unknown>>(seedNewsArticles(now).map((article) => [article.slug, article]));
    const seededTeam = new Map<string, Record<string, unknown>>(SEED_TEAM.map((member) => [member.name, member]));
    const seededContent = new Map<string, Record<string, unknown>>(
      SEED_CONTENT.map((item) => [`${item.page}/${item.section}/${item.key}`, item]),
    );
    const seededImages = new Map<string, Record<string, unknown>>(
      SEED_IMAGES.map((image) => [`${image.page}/${image.section}/${image.key}`, image]),
    );
    const rows: Array<typeof translations.$inferInsert> = [];
    for (const [language, seeded] of Object.entries(SEED_TRANSLATIONS) as Array<[TranslationLanguage, SeedTranslations]>) {
      const add = (
        kind: TranslatableKind,
        record: Record<string, unknown> & { id: number },
        english: Record<string, unknown> | undefined,
        fields: Record<string, unknown> | undefined,
      ) => {
        if (!english || !fields) return;
        const source = englishFieldsOf(kind, english);
        // Compared as the Translations screen compares (jsonb keeps a section's keys in its own order).
        const unchanged = !needsUpdate(kind, source, englishFieldsOf(kind, record));
        rows.push({ kind, recordId: record.id, language, fields, status: unchanged ? "published" : "draft", source });
      };
      for (const row of serviceRows)
        add("service", row, seededServices.get(row.slug), seeded.services[row.slug] as unknown as Record<string, unknown>);
      for (const row of articleRows)
        add("news", row, seededArticles.get(row.slug), seeded.news[row.slug] as unknown as Record<string, unknown>);
      for (const row of teamRows) add("team", row, seededTeam.get(row.name), seeded.team[row.name] as unknown as Record<string, unknown>);
      for (const row of contentRows) {
        const key = `${row.page}/${row.section}/${row.key}`;
        const content = seeded.content[key];
        add("content", row, seededContent.get(key), content === undefined ? undefined : { content });
      }
      for (const row of imageRows) {
        const key = `${row.page}/${row.section}/${row.key}`;
        const altText = seeded.imageAlts[key];
        add("image", row, seededImages.get(key), altText === undefined ? undefined : { altText });
      }
    }
    if (rows.length > 0) await tx.insert(translations).values(rows).onConflictDoNothing();
  });
}

const SHARE_TEXTS_MARKER = "share_texts_seeded_at";

/**
 * Each page's share texts as website content staff edit (issue 27; shareTexts in seed-data.ts), with
 * their Spanish and Chinese published: once on every database, new or older (a marker row claimed in
 * the same transaction, as the content's). A text already there (one staff added under the same
 * place) is left as it is, without translations.
 */
async function seedShareTextsOnce(db: Database, now: Date): Promise<void> {
  await once(db, SHARE_TEXTS_MARKER, now, async (tx) => {
    const english = shareTexts(CATALOGUES.en.TS);
    const added = await tx
      .insert(websiteContent)
      .values(english.map((item) => ({ ...item, contentType: "text" as const })))
      .onConflictDoNothing()
      .returning();
    const place = (item: { page: string; section: string; key: string }) => `${item.page}/${item.section}/${item.key}`;
    const rows: Array<typeof translations.$inferInsert> = [];
    for (const language of TRANSLATION_LANGUAGES) {
      const words = new Map(shareTexts(CATALOGUES[language].TS).map((item) => [place(item), item.content]));
      for (const row of added) {
        const content = words.get(place(row));
        if (content)
          rows.push({
            kind: "content",
            recordId: row.id,
            language,
            fields: { content },
            status: "published",
            source: englishFieldsOf("content", row),
          });
      }
    }
    if (rows.length > 0) await tx.insert(translations).values(rows);
  });
}
