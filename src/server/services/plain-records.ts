import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { recordWrite, type Actor, type RecordKind } from "./activity";
import { lastPlace, type OrderedTable } from "./record-order";

/** A table of records staff edit whole: an id and the time of the last change. */
type PlainTable = PgTable & { id: PgColumn; updatedAt: PgColumn };
/** A row of such a table. */
type RecordRow<Table extends PgTable> = Table["$inferSelect"] & { id: number };

/**
 * Sets `fields` and a new `updatedAt` on record `id` of `table`, and answers the saved row (undefined
 * when there is no such record): every update of a record staff edit.
 */
export async function updateRecordRow<Table extends PlainTable>(
  db: Database,
  table: Table,
  id: number,
  fields: Partial<Table["$inferInsert"]>,
): Promise<RecordRow<Table> | undefined> {
  const [row] = (await db
    .update(table)
    .set({ ...fields, updatedAt: new Date() } as never)
    .where(eq(table.id, id))
    .returning()) as RecordRow<Table>[];
  return row;
}

/**
 * Deletes record `id` of `table` and logs it with `kind`'s words (a missing record is kind's 404):
 * every record staff delete, with versions or without. Answers the deleted row.
 */
export async function deleteRecord<Table extends PgTable & { id: PgColumn }>(
  db: Database,
  actor: Actor,
  table: Table,
  kind: RecordKind<RecordRow<Table>>,
  id: number,
): Promise<RecordRow<Table>> {
  const [row] = (await db.delete(table).where(eq(table.id, id)).returning()) as RecordRow<Table>[];
  return recordWrite(db, actor, "delete", kind, row);
}

/**
 * The create, update and delete of a record without versions or pictures to resolve (team members,
 * testimonials, social links): one statement each, logged by recordWrite with `kind`'s words (and a
 * missing record is kind's 404). The rows and the inputs are typed by the table: a create takes what
 * it inserts, an update the id and the fields it changes.
 */
export function plainRecordWriters<Table extends PlainTable>(
  table: Table,
  kind: RecordKind<RecordRow<Table>>,
  /** `ordered`: staff arrange the list (a sort order, ./record-order.ts): a new record goes last. */
  options: { ordered?: boolean } = {},
) {
  type Row = RecordRow<Table>;
  return {
    async create(db: Database, actor: Actor, input: Table["$inferInsert"]): Promise<Row> {
      const values = options.ordered ? { ...input, sortOrder: lastPlace(table as unknown as OrderedTable) } : input;
      const [row] = (await db.insert(table).values(values).returning()) as Row[];
      return recordWrite(db, actor, "create", kind, row);
    },
    async update(db: Database, actor: Actor, { id, ...fields }: Partial<Table["$inferInsert"]> & { id: number }): Promise<Row> {
      return recordWrite(db, actor, "update", kind, await updateRecordRow(db, table, id, fields as never));
    },
    delete: (db: Database, actor: Actor, id: number): Promise<Row> => deleteRecord(db, actor, table, kind, id),
  };
}
