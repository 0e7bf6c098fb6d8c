import { z } from "zod";
import { idParam, langQuery } from "../../shared/schemas/fields";
import type { TranslatableKind } from "../../shared/translatable";
import { inLanguage } from "../services/translated-reads";
import { successAnswer } from "../../shared/schemas/outputs";
import type { Database } from "../db/client";
import type { ErrorStatus, OperationTag } from "../rest/operations";
import { actorOf, type Actor } from "../services/activity";
import type { Permission } from "../../shared/permissions";
import { permitted, publicProcedure, requirePermission, type staffProcedure } from "../trpc";
import { publicRead, read } from "./doors";

/** The service functions that write one kind of record; each records its own activity-log line. */
export interface RecordWriters<Create extends z.ZodType, Update extends z.ZodType, Row> {
  create(db: Database, actor: Actor, input: z.output<Create>): Promise<Row>;
  update(db: Database, actor: Actor, input: z.output<Update>): Promise<Row>;
  delete(db: Database, actor: Actor, id: number): Promise<unknown>;
}

/** What the reference says of a create or an update beyond its summary. */
interface WriteDoor {
  description?: string;
  /** The admin forms that carry an image send multipart. */
  multipart?: "also";
  errors?: readonly ErrorStatus[];
}

/**
 * A record staff edit (a service, an article, a team member…) as its REST doors name it: its public list
 * at GET {path}, its staff list at GET /admin{path}, and its writes: POST /admin{path}, PUT and DELETE
 * /admin{path}/:id, summarised from `record` ("a service": "Create a service", "Update a service",
 * "Delete a service", answering "The saved service.").
 */
export interface RecordDoors<Output extends z.ZodType> {
  /** Below /api, without /admin: "/services". */
  path: string;
  /** What the staff list needs (the record's edit permission). */
  permission: Permission;
  tag: OperationTag;
  /** One record as the lists show it and a create or an update answers it. */
  output: Output;
  record: string;
  /** "Add" where the spec adds rather than creates (team members, social links). */
  createVerb?: "Add";
}

/** The record's writes: their input schemas and service functions, and what their doors say beyond the summary. */
export interface RecordWritesSpec<Create extends z.ZodType, Update extends z.ZodType, Row> {
  inputs: { create: Create; update: Update };
  writers: RecordWriters<Create, Update, Row>;
  create?: WriteDoor;
  update?: WriteDoor;
  delete?: { description?: string; errors?: readonly ErrorStatus[] };
  /**
   * The field that puts the record live (news `isPublished`, testimonials `isVisible`): a create or an
   * update that sends it true also needs the "publish" permission (issue 24).
   */
  publishField?: string;
}

/**
 * The create, update and delete procedures of a record staff edit (services, news, team, testimonials,
 * social links, content items, admin users): each checks its input with the record's zod schema and
 * hands it, with who is acting, to the service function. `procedure` says who may call them. A delete
 * answers `{ success: true }`.
 */
export function recordWrites<Create extends z.ZodType, Update extends z.ZodType, Output extends z.ZodType, Row>(
  procedure: typeof staffProcedure,
  doors: RecordDoors<Output>,
  spec: RecordWritesSpec<Create, Update, Row>,
) {
  const { tag, output, record } = doors;
  const { writers } = spec;
  const path = `/admin${doors.path}`;
  // A write that puts the record live needs "publish" too (403 naming it, logged, like any permission);
  // answers the writer's actor once that is checked.
  const publishing = async (ctx: Parameters<typeof requirePermission>[0], input: unknown, where: string) => {
    if (spec.publishField && (input as Record<string, unknown>)[spec.publishField] === true) await requirePermission(ctx, "publish", where);
    return actorOf(ctx);
  };
  const saved = `The saved ${record.replace(/^an? /, "")}.`;
  // tRPC cannot resolve a generic schema's types inside this function; the schemas have parsed `input`
  // (so it is their output) and check what is answered.
  return {
    create: procedure
      .meta({
        rest: {
          method: "post",
          path,
          tag,
          summary: `${doors.createVerb ?? "Create"} ${record}`,
          ...spec.create,
          answer: { status: 201, description: saved },
        },
      })
      .input(spec.inputs.create)
      .output(output)
      .mutation(
        async ({ ctx, input, path: where }) =>
          (await writers.create(ctx.deps.db, await publishing(ctx, input, where), input as z.output<Create>)) as never,
      ),
    update: procedure
      .meta({
        rest: { method: "put", path: `${path}/:id`, tag, summary: `Update ${record}`, ...spec.update, answer: { description: saved } },
      })
      .input(spec.inputs.update)
      .output(output)
      .mutation(
        async ({ ctx, input, path: where }) =>
          (await writers.update(ctx.deps.db, await publishing(ctx, input, where), input as z.output<Update>)) as never,
      ),
    delete: procedure
      .meta({
        rest: {
          method: "delete",
          path: `${path}/:id`,
          tag,
          summary: `Delete ${record}`,
          ...spec.delete,
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

/** One of a record's lists: what its door says and the service function that reads it. */
interface RecordList {
  summary: string;
  answer: string;
  read: (db: Database) => Promise<unknown>;
  /** A kind staff translate: its public list takes `?lang=` (issue 27). */
  kind?: TranslatableKind;
}

/**
 * A record's two lists: the public one (`list`, GET {path}, cached; what visitors see) and the staff one
 * (`adminList`, GET /admin{path}; hidden ones too where a record can be hidden). Without `staff`, staff
 * see what visitors see, read and described the same way.
 */
export function recordLists<Output extends z.ZodType>(doors: RecordDoors<Output>, lists: { public: RecordList; staff?: RecordList }) {
  const list = z.array(doors.output);
  const staff = lists.staff ?? lists.public;
  return {
    list: publicProcedure
      .meta(publicRead(doors.path, lists.public.summary, lists.public.answer))
      .input(langQuery)
      .output(list)
      .query(async ({ ctx, input }) => {
        const rows = await lists.public.read(ctx.deps.db);
        const kind = lists.public.kind;
        return (kind ? await inLanguage(ctx.deps.db, kind, rows as Array<{ id: number }>, input?.lang) : rows) as never;
      }),
    adminList: permitted(doors.permission)
      .meta(read(doors.tag, `/admin${doors.path}`, staff.summary, staff.answer))
      .output(list)
      .query(async ({ ctx }) => (await staff.read(ctx.deps.db)) as never),
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
    chunks: z.custom<AsyncIterable<Chunk>>(
      (value) => value != null && typeof (value as AsyncIterable<Chunk>)[Symbol.asyncIterator] === "function",
    ),
  });

/** Records read batch by batch (`reply: "jsonArrayStream"`): checked to be a stream, never buffered. */
export const batchesOf = <Row>() =>
  z.custom<AsyncIterable<Row[]>>((value) => value != null && typeof (value as AsyncIterable<Row[]>)[Symbol.asyncIterator] === "function");
