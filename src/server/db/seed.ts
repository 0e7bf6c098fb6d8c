import { randomBytes } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { count } from "drizzle-orm";
import { hashSecret } from "../auth/passwords";
import type { Database } from "./client";
import {
  adminUsers,
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

const SEED_MARKER = "seeded_at";

/**
 * Seeds the content once, on the first start. The marker row is claimed in the same transaction, so
 * a later start (or a second instance starting at the same moment) never seeds again and never
 * overwrites or re-creates what staff changed or deleted. Returns true when it seeded.
 */
export async function seedDatabase(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEED_MARKER, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    await tx.insert(services).values([...SEED_SERVICES]).onConflictDoNothing();
    await tx.insert(testimonials).values([...SEED_TESTIMONIALS]);
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

/** A readable random password: four groups of five base32 characters (100 bits). */
export function generatePassword(): string {
  const raw = encodeBase32LowerCaseNoPadding(randomBytes(13)).slice(0, 20);
  return raw.match(/.{5}/g)!.join("-");
}

/**
 * Creates the first super admin when no admin user exists: ADMIN_USERNAME / ADMIN_PASSWORD, or a
 * generated password that the caller prints once.
 */
export async function ensureFirstAdmin(
  db: Database,
  opts: { username: string; password?: string },
): Promise<{ created: false } | { created: true; username: string; generatedPassword?: string }> {
  const [existing] = await db.select({ value: count() }).from(adminUsers);
  if ((existing?.value ?? 0) > 0) return { created: false };
  const password = opts.password ?? generatePassword();
  const inserted = await db
    .insert(adminUsers)
    .values({ username: opts.username, passwordHash: await hashSecret(password), role: "super_admin", notifyNewInquiries: true })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id });
  if (inserted.length === 0) return { created: false };
  return { created: true, username: opts.username, generatedPassword: opts.password ? undefined : password };
}
