import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import type { Database } from "../db/client";
import { socialMediaLinks } from "../db/schema";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";

/** Social media links for the footer: the public list shows visible ones, by sortOrder. */
export const SOCIAL_LINK_NOT_FOUND = "Social media link not found";

const ordering = [asc(socialMediaLinks.sortOrder), asc(socialMediaLinks.id)];

export function listVisibleSocialLinks(db: Database) {
  return db.select().from(socialMediaLinks).where(eq(socialMediaLinks.isVisible, true)).orderBy(...ordering);
}

export function listAllSocialLinks(db: Database) {
  return db.select().from(socialMediaLinks).orderBy(...ordering);
}

export async function createSocialLink(db: Database, actor: Actor, input: z.output<typeof socialLinkInput>) {
  const [row] = await db.insert(socialMediaLinks).values(input).returning();
  await recordChange(db, actor, { action: "create", resourceType: "social_media_link", resourceId: row!.id, label: row!.displayName });
  return row!;
}

export async function updateSocialLink(db: Database, actor: Actor, input: z.output<typeof socialLinkUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db
    .update(socialMediaLinks)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(socialMediaLinks.id, id))
    .returning();
  if (!row) throw errors.notFound(SOCIAL_LINK_NOT_FOUND);
  await recordChange(db, actor, { action: "update", resourceType: "social_media_link", resourceId: row.id, label: row.displayName });
  return row;
}

export async function deleteSocialLink(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(socialMediaLinks).where(eq(socialMediaLinks.id, id)).returning();
  if (!row) throw errors.notFound(SOCIAL_LINK_NOT_FOUND);
  await recordChange(db, actor, { action: "delete", resourceType: "social_media_link", resourceId: row.id, label: row.displayName });
  return row;
}
