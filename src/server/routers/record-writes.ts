import type { z } from "zod";
import { idParam } from "../../shared/schemas/fields";
import type { Database } from "../db/client";
import { actorOf, type Actor } from "../services/activity";
import type { staffProcedure } from "../trpc";

/** The service functions that write one kind of record; each records its own activity-log line. */
export interface RecordWriters<Create extends z.ZodType, Update extends z.ZodType, Row, Deleted> {
  create(db: Database, actor: Actor, input: z.output<Create>): Promise<Row>;
  update(db: Database, actor: Actor, input: z.output<Update>): Promise<Row>;
  delete(db: Database, actor: Actor, id: number): Promise<Deleted>;
}

/**
 * The create, update and delete procedures of a record staff edit (services, news, team, testimonials,
 * social links, content items, admin users): each checks its input with the record's zod schema and
 * hands it, with who is acting, to the service function. `procedure` says who may call them.
 */
export function recordWrites<Create extends z.ZodType, Update extends z.ZodType, Row, Deleted>(
  procedure: typeof staffProcedure,
  inputs: { create: Create; update: Update },
  writers: RecordWriters<Create, Update, Row, Deleted>,
) {
  // tRPC cannot resolve a generic schema's output type inside this function; the schema has parsed
  // `input`, so it is that schema's output.
  return {
    create: procedure
      .input(inputs.create)
      .mutation(({ ctx, input }) => writers.create(ctx.deps.db, actorOf(ctx), input as z.output<Create>)),
    update: procedure
      .input(inputs.update)
      .mutation(({ ctx, input }) => writers.update(ctx.deps.db, actorOf(ctx), input as z.output<Update>)),
    delete: procedure.input(idParam).mutation(({ ctx, input }) => writers.delete(ctx.deps.db, actorOf(ctx), input.id)),
  };
}
