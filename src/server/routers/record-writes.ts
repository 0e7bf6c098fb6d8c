import { z } from "zod";
import { idParam } from "../../shared/schemas/fields";
import { successAnswer } from "../../shared/schemas/outputs";
import type { Database } from "../db/client";
import type { ErrorStatus, OperationTag } from "../rest/operations";
import { actorOf, type Actor } from "../services/activity";
import type { staffProcedure } from "../trpc";

/** The service functions that write one kind of record; each records its own activity-log line. */
export interface RecordWriters<Create extends z.ZodType, Update extends z.ZodType, Row> {
  create(db: Database, actor: Actor, input: z.output<Create>): Promise<Row>;
  update(db: Database, actor: Actor, input: z.output<Update>): Promise<Row>;
  delete(db: Database, actor: Actor, id: number): Promise<unknown>;
}

/** The REST door of a create or an update: what the reference says about it. */
interface WriteDoor {
  summary: string;
  description?: string;
  /** The success answer's description ("The saved service."). */
  saved: string;
  /** The admin forms that carry an image send multipart. */
  multipart?: "also";
  errors?: readonly ErrorStatus[];
}

/** The REST doors of a record's writes: POST {path}, PUT {path}/:id and DELETE {path}/:id. */
export interface RecordDoors<Output extends z.ZodType> {
  /** Below /api: "/admin/services". */
  path: string;
  tag: OperationTag;
  /** What a create or an update answers: the saved record. */
  output: Output;
  create: WriteDoor;
  update: WriteDoor;
  /** "a service": the delete's summary is "Delete a service". */
  delete: { what: string; description?: string; errors?: readonly ErrorStatus[] };
}

const writeDoor = (method: "post" | "put", path: string, tag: OperationTag, { saved, ...door }: WriteDoor) =>
  ({ method, path, tag, ...door, answer: { status: method === "post" ? 201 : 200, description: saved } }) as const;

/**
 * The create, update and delete procedures of a record staff edit (services, news, team, testimonials,
 * social links, content items, admin users): each checks its input with the record's zod schema and
 * hands it, with who is acting, to the service function. `procedure` says who may call them; `doors`
 * their REST doors. A delete answers `{ success: true }`.
 */
export function recordWrites<Create extends z.ZodType, Update extends z.ZodType, Output extends z.ZodType, Row>(
  procedure: typeof staffProcedure,
  inputs: { create: Create; update: Update },
  writers: RecordWriters<Create, Update, Row>,
  doors: RecordDoors<Output>,
) {
  const { path, tag, output } = doors;
  // tRPC cannot resolve a generic schema's types inside this function; the schemas have parsed `input`
  // (so it is their output) and check what is answered.
  return {
    create: procedure
      .meta({ rest: writeDoor("post", path, tag, doors.create) })
      .input(inputs.create)
      .output(output)
      .mutation(async ({ ctx, input }) => (await writers.create(ctx.deps.db, actorOf(ctx), input as z.output<Create>)) as never),
    update: procedure
      .meta({ rest: writeDoor("put", `${path}/:id`, tag, doors.update) })
      .input(inputs.update)
      .output(output)
      .mutation(async ({ ctx, input }) => (await writers.update(ctx.deps.db, actorOf(ctx), input as z.output<Update>)) as never),
    delete: procedure
      .meta({
        rest: {
          method: "delete",
          path: `${path}/:id`,
          tag,
          summary: `Delete ${doors.delete.what}`,
          description: doors.delete.description,
          errors: doors.delete.errors,
          answer: { description: "Deleted." },
        },
      })
      .input(idParam)
      .output(successAnswer)
      .mutation(async ({ ctx, input }) => {
        await writers.delete(ctx.deps.db, actorOf(ctx), input.id);
        return { success: true as const };
      }),
  };
}

/** A list of a record's answers. */
export const listOf = <T extends z.ZodType>(schema: T) => z.array(schema);

/**
 * A download a REST door streams as its chunks come (`reply: "download"`): the file's name, its media
 * type when not the door's, and the chunks. Checked as such; the chunks themselves are never buffered.
 */
export const downloadOf = <Chunk>() =>
  z.object({
    filename: z.string(),
    contentType: z.string().optional(),
    chunks: z.custom<AsyncIterable<Chunk>>((value) => value != null && typeof (value as AsyncIterable<Chunk>)[Symbol.asyncIterator] === "function"),
  });

/** Records read batch by batch (`reply: "jsonArrayStream"`): checked to be a stream, never buffered. */
export const batchesOf = <Row>() =>
  z.custom<AsyncIterable<Row[]>>((value) => value != null && typeof (value as AsyncIterable<Row[]>)[Symbol.asyncIterator] === "function");
