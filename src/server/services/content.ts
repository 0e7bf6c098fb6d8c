import { and, asc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { contentItemInput, contentItemUpdateInput } from "../../shared/schemas/content";
import type { Database } from "../db/client";
import { websiteContent } from "../db/schema";
import { contentPlace } from "../../shared/site-places";
import type { Actor } from "./activity";
import { sanitizeStaffHtml } from "./html";
import { saveWithVersion, type Restoring, type VersionedKind } from "./record-versions";
import { deleteRecord, updateRecordRow } from "./plain-records";

/**
 * Website content items, grouped by page and section. Items of type html are sanitised on save and
 * on the way out; other types are text and rendered escaped by the pages.
 */
export const CONTENT_NOT_FOUND = "Content item not found";

/** A content item (or a version's fields) as it is shown: html sanitised again. */
export function cleanContentForOutput<T extends { contentType: string; content: string }>(row: T): T {
  return row.contentType === "html" ? { ...row, content: sanitizeStaffHtml(row.content) } : row;
}

const ordering = [asc(websiteContent.page), asc(websiteContent.section), asc(websiteContent.sortOrder), asc(websiteContent.id)];

/** Public read of /api/content?page=&section=: visible items only. */
export async function listVisibleContent(db: Database, page: string, section?: string) {
  const filters: SQL[] = [eq(websiteContent.page, page), eq(websiteContent.isVisible, true)];
  if (section) filters.push(eq(websiteContent.section, section));
  const rows = await db
    .select()
    .from(websiteContent)
    .where(and(...filters))
    .orderBy(...ordering);
  return rows.map(cleanContentForOutput);
}

export async function listAllContent(db: Database, page?: string) {
  const rows = await db
    .select()
    .from(websiteContent)
    .where(page ? eq(websiteContent.page, page) : undefined)
    .orderBy(...ordering);
  return rows.map(cleanContentForOutput);
}

function columnsFrom(input: z.output<typeof contentItemInput>) {
  return { ...input, content: input.contentType === "html" ? sanitizeStaffHtml(input.content) : input.content };
}

/** How the activity log names a content item (where it appears: "Home page, Hero, Title"); its saves keep versions. */
const CONTENT_ITEM: VersionedKind<typeof websiteContent.$inferSelect> = {
  resourceType: "website_content",
  notFound: CONTENT_NOT_FOUND,
  label: contentPlace,
  history: "content",
};

export async function createContentItem(db: Database, actor: Actor, input: z.output<typeof contentItemInput>) {
  return saveWithVersion(db, actor, CONTENT_ITEM, null, async (tx) => {
    const [row] = await tx.insert(websiteContent).values(columnsFrom(input)).returning();
    return row;
  });
}

/** A restore of an earlier version comes through here too (`restoring`), with the same rules. */
export async function updateContentItem(db: Database, actor: Actor, input: z.output<typeof contentItemUpdateInput>, restoring?: Restoring) {
  const { id, ...fields } = input;
  return saveWithVersion(db, actor, CONTENT_ITEM, id, (tx) => updateRecordRow(tx, websiteContent, id, columnsFrom(fields)), restoring);
}

export function deleteContentItem(db: Database, actor: Actor, id: number) {
  return deleteRecord(db, actor, websiteContent, CONTENT_ITEM, id);
}
