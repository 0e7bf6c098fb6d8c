import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { socialMediaLinks } from "../db/schema";
import type { RecordKind } from "./activity";
import { plainRecordWriters } from "./plain-records";

/** Social media links for the footer: the public list shows visible ones, by sortOrder. */
export const SOCIAL_LINK_NOT_FOUND = "Social media link not found";

const ordering = [asc(socialMediaLinks.sortOrder), asc(socialMediaLinks.id)];

export function listVisibleSocialLinks(db: Database) {
  return db
    .select()
    .from(socialMediaLinks)
    .where(eq(socialMediaLinks.isVisible, true))
    .orderBy(...ordering);
}

export function listAllSocialLinks(db: Database) {
  return db
    .select()
    .from(socialMediaLinks)
    .orderBy(...ordering);
}

/** How the activity log names a social media link. */
const SOCIAL_LINK: RecordKind<typeof socialMediaLinks.$inferSelect> = {
  resourceType: "social_media_link",
  notFound: SOCIAL_LINK_NOT_FOUND,
  label: (row) => row.displayName,
};

/** Staff's create, update and delete of a social media link. */
export const socialLinkWriters = plainRecordWriters(socialMediaLinks, SOCIAL_LINK);
