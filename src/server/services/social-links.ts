import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { socialLinkInput, socialLinkUpdateInput } from "../../shared/schemas/social";
import type { Database } from "../db/client";
import { socialMediaLinks } from "../db/schema";
import { recordWrite, type Actor, type RecordKind } from "./activity";

/** Social media links for the footer: the public list shows visible ones, by sortOrder. */
export const SOCIAL_LINK_NOT_FOUND = "Social media link not found";

const ordering = [asc(socialMediaLinks.sortOrder), asc(socialMediaLinks.id)];

export function listVisibleSocialLinks(db: Database) {
  return db.select().from(socialMediaLinks).where(eq(socialMediaLinks.isVisible, true)).orderBy(...ordering);
}

export function listAllSocialLinks(db: Database) {
  return db.select().from(socialMediaLinks).orderBy(...ordering);
}

/** How the activity log names a social media link. */
const SOCIAL_LINK: RecordKind<typeof socialMediaLinks.$inferSelect> = {
  resourceType: "social_media_link",
  notFound: SOCIAL_LINK_NOT_FOUND,
  label: (row) => row.displayName,
};

export async function createSocialLink(db: Database, actor: Actor, input: z.output<typeof socialLinkInput>) {
  const [row] = await db.insert(socialMediaLinks).values(input).returning();
  return recordWrite(db, actor, "create", SOCIAL_LINK, row);
}

export async function updateSocialLink(db: Database, actor: Actor, input: z.output<typeof socialLinkUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db.update(socialMediaLinks).set({ ...fields, updatedAt: new Date() }).where(eq(socialMediaLinks.id, id)).returning();
  return recordWrite(db, actor, "update", SOCIAL_LINK, row);
}

export async function deleteSocialLink(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(socialMediaLinks).where(eq(socialMediaLinks.id, id)).returning();
  return recordWrite(db, actor, "delete", SOCIAL_LINK, row);
}
