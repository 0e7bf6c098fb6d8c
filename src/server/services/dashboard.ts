import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import * as tables from "../db/schema";
import type { SecretBox } from "../auth/secret-box";
import { inquiryCounts, type InquiryScope } from "./inquiry-desk";

/**
 * The dashboard's count cards in one query, and the inquiry desk's New and Overdue. (The spec's portal
 * counts list lengths; one count query is cheaper and does not read health information to count it.)
 */
export async function dashboardCounts(db: Database, secrets: SecretBox, options: { includeUsers: boolean; scope: InquiryScope }, now = new Date()) {
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
      users: count(tables.adminUsers),
    })
    .from(sql`(select 1) as one`);
  // The inquiry cards count what the caller's role sees (all, or those assigned to them or nobody).
  const counts = { ...row!, ...(await inquiryCounts(db, secrets, options.scope, now)) };
  return options.includeUsers ? counts : { ...counts, users: undefined };
}
