import { asc, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";

/**
 * The site's order of the records staff arrange by dragging their list (services, team members,
 * testimonials): a `sort_order` column, read with the id as the tie-break (so records from before the
 * order, all 0, keep the order of their creation). A new record goes last.
 */

/** A table whose records staff arrange: an id and a sort order. */
export type OrderedTable = PgTable & { id: PgColumn; sortOrder: PgColumn };

/** How a reorder names its kind: the log's resource type and label, and the error's noun. */
export interface OrderedKind {
  resourceType: string;
  /** "Services order": the activity log's label. */
  label: string;
  /** "service": in "Unknown service id: 9". */
  noun: string;
}

/** The site's order, for `.orderBy(...)`: the place staff gave, then the id. */
export const inSiteOrder = (table: OrderedTable) => [asc(table.sortOrder), asc(table.id)];

/** The place after the last one (a new record's `sortOrder`). */
export const lastPlace = (table: OrderedTable) => sql<number>`(select coalesce(max(${table.sortOrder}), 0) + 1 from ${table})`;

/**
 * Saves the order of every record of the table: `ids` names each once, first to last (the portal sends
 * the whole list as it shows it). An id named twice, one that is no record, or a record left out (the
 * list changed since it was read) is refused with its words, and nothing changes. Logged as one update
 * of the kind's order. Answers the ids in their new order.
 */
export async function reorderRecords(db: Database, actor: Actor, table: OrderedTable, kind: OrderedKind, ids: number[]): Promise<number[]> {
  const seen = new Set<number>();
  const twice: number[] = [];
  for (const id of ids) {
    if (seen.has(id)) twice.push(id);
    seen.add(id);
  }
  if (twice.length > 0)
    throw errors.invalidField(["ids"], `Each ${kind.noun} may appear only once in the order (id ${twice[0]} is twice).`);
  return db.transaction(async (tx) => {
    // Locked in id order, so two reorders at once take their turns (the second sees the first's order).
    const rows = (await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .orderBy(...inSiteOrder(table))
      .for("update")) as Array<{ id: number }>;
    const known = new Set(rows.map((row) => row.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw errors.invalidField(["ids"], `Unknown ${kind.noun} id: ${unknown}. Reload the list and try again.`);
    const missing = rows.find((row) => !seen.has(row.id));
    if (missing)
      throw errors.invalidField(
        ["ids"],
        `The order must name every ${kind.noun}: id ${missing.id} is missing. Reload the list and try again.`,
      );
    const order = ids;
    for (const [index, id] of order.entries()) {
      await tx
        .update(table)
        .set({ sortOrder: index + 1 } as never)
        .where(eq(table.id, id));
    }
    await recordChange(tx, actor, {
      action: "update",
      resourceType: kind.resourceType,
      resourceId: null,
      label: kind.label,
      details: { order },
    });
    return order;
  });
}
