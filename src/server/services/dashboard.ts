import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import * as tables from "../db/schema";
import { inquiryCounts } from "./inquiry-desk";

/**
 * The dashboard's count cards in one query, and the inquiry desk's New and Overdue. (The spec's portal
 * counts list lengths; one count query is cheaper and does not read health information to count it.)
 */
export async function dashboardCounts(db: Database, includeUsers: boolean, now = new Date()) {
  const count = (table: { id: unknown }) => sql<number>`(select count(*)::int from ${table})`;
  const [row] = await db
    .select({
      services: count(tables.services),
      team: count(tables.teamMembers),
      testimonials: count(tables.testimonials),
      news: count(tables.newsArticles),
      content: count(tables.websiteContent),
      images: count(tables.websiteImages),
      social: count(tables.socialMediaLinks),
      contact: sql<number>`(select coalesce(sum(${tables.contactStatusCounts.total}), 0)::int from ${tables.contactStatusCounts})`,
      users: count(tables.adminUsers),
    })
    .from(sql`(select 1) as one`);
  const counts = { ...row!, ...(await inquiryCounts(db, now)) };
  return includeUsers ? counts : { ...counts, users: undefined };
}
