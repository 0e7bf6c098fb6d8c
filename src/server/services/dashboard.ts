import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import {
  adminUsers,
  contactStatusCounts,
  newsArticles,
  services,
  socialMediaLinks,
  teamMembers,
  testimonials,
  websiteContent,
  websiteImages,
} from "../db/schema";
import { inquiryCounts } from "./inquiry-desk";

/**
 * The dashboard's count cards in one query, and the inquiry desk's New and Overdue. (The spec's portal
 * counts list lengths; one count query is cheaper and does not read health information to count it.)
 */
export async function dashboardCounts(db: Database, includeUsers: boolean, now = new Date()) {
  const count = (table: { id: unknown }) => sql<number>`(select count(*)::int from ${table})`;
  const [row] = await db
    .select({
      services: count(services),
      team: count(teamMembers),
      testimonials: count(testimonials),
      news: count(newsArticles),
      content: count(websiteContent),
      images: count(websiteImages),
      social: count(socialMediaLinks),
      contact: sql<number>`(select coalesce(sum(${contactStatusCounts.total}), 0)::int from ${contactStatusCounts})`,
      users: count(adminUsers),
    })
    .from(sql`(select 1) as one`);
  const counts = { ...row!, ...(await inquiryCounts(db, now)) };
  return includeUsers ? counts : { ...counts, users: undefined };
}
