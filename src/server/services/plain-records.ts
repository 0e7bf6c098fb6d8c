import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { recordWrite, type Actor, type RecordKind } from "./activity";

/** A table of records staff edit whole: an id and the time of the last change. */
type PlainTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The create, update and delete of a record without versions or pictures to resolve (team members,
 * testimonials, social links): one statement each, logged by recordWrite with `kind`'s words (and a
 * missing record is kind's 404). `Row` is the table's row; `Create` and `Update` the checked inputs.
 */
export function plainRecordWriters<Row extends { id: number }, Create extends object, Update extends { id: number }>(table: PlainTable, kind: RecordKind<Row>) {
  return {
    async create(db: Database, actor: Actor, input: Create): Promise<Row> {
      const [row] = (await db.insert(table).values(input as never).returning()) as Row[];
      return recordWrite(db, actor, "create", kind, row);
    },
    async update(db: Database, actor: Actor, { id, ...fields }: Update): Promise<Row> {
      const [row] = (await db.update(table).set({ ...fields, updatedAt: new Date() } as never).where(eq(table.id, id)).returning()) as Row[];
      return recordWrite(db, actor, "update", kind, row);
    },
    async delete(db: Database, actor: Actor, id: number): Promise<Row> {
      const [row] = (await db.delete(table).where(eq(table.id, id)).returning()) as Row[];
      return recordWrite(db, actor, "delete", kind, row);
    },
  };
}
