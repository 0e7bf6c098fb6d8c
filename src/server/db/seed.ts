import { sql } from "drizzle-orm";
import type { Database } from "./client";
import {
  appMeta,
  newsArticles,
  services,
  socialMediaLinks,
  teamMembers,
  testimonials,
  websiteContent,
  websiteImages,
} from "./schema";
import {
  SEED_CONTENT,
  SEED_IMAGES,
  SEED_SERVICES,
  SEED_SOCIAL_LINKS,
  SEED_TEAM,
  SEED_TESTIMONIALS,
  seedNewsArticles,
} from "./seed-data";

import { seedLegalTexts } from "../services/legal-texts";

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
  await seedLegalTexts(db);
  return seeded;
}

async function seedContent(db: Database, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEED_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    await tx.insert(services).values([...SEED_SERVICES]).onConflictDoNothing();
    // The clinic's example testimonials: given by patients who agreed to their publication, received the
    // clinic's day they are added, nothing given in return (docs/decisions/0049-testimonial-sources.md).
    const addedOn = sql`(${now.toISOString()}::timestamptz at time zone 'America/Denver')::date`;
    await tx.insert(testimonials).values(SEED_TESTIMONIALS.map((t) => ({ ...t, receivedAt: addedOn, source: "patient", consentToPublish: true, incentive: null })));
    await tx.insert(teamMembers).values([...SEED_TEAM]);
    await tx
      .insert(websiteContent)
      .values(SEED_CONTENT.map((item) => ({ ...item, contentType: item.contentType ?? "text" })))
      .onConflictDoNothing();
    await tx.insert(websiteImages).values([...SEED_IMAGES]).onConflictDoNothing();
    await tx.insert(socialMediaLinks).values([...SEED_SOCIAL_LINKS]);
    await tx.insert(newsArticles).values(seedNewsArticles(now)).onConflictDoNothing();
    return true;
  });
}
