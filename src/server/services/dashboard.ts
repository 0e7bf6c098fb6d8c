import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import * as tables from "../db/schema";
import type { SecretBox } from "../auth/secret-box";
import type { Permission } from "../../shared/permissions";
import { inquiryCounts, type InquiryScope } from "./inquiry-desk";

/** The permission each count card needs: the one its area's staff list needs (issue 34: a role sees no count of what it may not open). */
const CARD_PERMISSIONS = {
  services: "services.edit",
  team: "team.edit",
  testimonials: "testimonials.edit",
  news: "news.edit",
  content: "content.edit",
  images: "content.edit",
  social: "social.edit",
  users: "staff.manage",
} as const satisfies Record<string, Permission>;

/**
 * The dashboard's count cards in one query, and the inquiry desk's New and Overdue. (The spec's portal
 * counts list lengths; one count query is cheaper and does not read health information to count it.)
 * Each card only for a role that may open its area: the inquiry cards need inquiries.view and count what
 * the role sees of the desk (all, or those assigned to them or nobody).
 */
export async function dashboardCounts(
  db: Database,
  secrets: SecretBox,
  options: { permissions: readonly Permission[]; scope: InquiryScope },
  now = new Date(),
) {
  const count = (table: { id: unknown }) => sql<number>`(select count(*)::int from ${table})`;
  const tableOf = {
    services: tables.services,
    team: tables.teamMembers,
    testimonials: tables.testimonials,
    news: tables.newsArticles,
    content: tables.websiteContent,
    images: tables.websiteImages,
    social: tables.socialMediaLinks,
    users: tables.adminUsers,
  } as const;
  const allowed = (Object.keys(CARD_PERMISSIONS) as Array<keyof typeof CARD_PERMISSIONS>).filter((card) =>
    options.permissions.includes(CARD_PERMISSIONS[card]),
  );
  const [row] =
    allowed.length > 0
      ? await db
          .select(Object.fromEntries(allowed.map((card) => [card, count(tableOf[card])])) as Record<string, ReturnType<typeof count>>)
          .from(sql`(select 1) as one`)
      : [{}];
  const inquiries = options.permissions.includes("inquiries.view") ? await inquiryCounts(db, secrets, options.scope, now) : {};
  return { ...row, ...inquiries } as Partial<
    Record<keyof typeof CARD_PERMISSIONS | "contact" | "newInquiries" | "overdueInquiries", number>
  >;
}
