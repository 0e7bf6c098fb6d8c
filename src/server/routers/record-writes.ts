import { z } from "zod";
import { idParam, langQuery, reorderInput, slugParam } from "../../shared/schemas/fields";
import { pageFilter } from "../../shared/schemas/content";
import type { LanguageCode } from "../../shared/languages";
import type { TranslatableKind } from "../../shared/translatable";
import { inLanguage, oneInLanguage } from "../services/translated-reads";
import { orderAnswer, successAnswer } from "../../shared/schemas/answers";
import { reorderRecords, type OrderedKind, type OrderedTable } from "../services/record-order";
import type { Database } from "../db/client";
import type { ErrorStatus, OperationTag } from "../rest/operations";
import { actorOf, type Actor } from "../services/activity";
import type { Permission } from "../../shared/permissions";
import { permitted, publicProcedure, requirePermission, type staffProcedure } from "../trpc";
import { door, publicRead, read } from "./doors";

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

/** A record's doors, written in one line: its path below /api, the permission its writes and staff reads need, its tag, answer and name. */
export function recordDoors<Output extends z.ZodType>(
  path: string,
  permission: Permission,
  tag: OperationTag,
  output: Output,
  record: string,
  createVerb?: "Add",
): RecordDoors<Output> {
  return { path, permission, tag, output, record, ...(createVerb ? { createVerb } : {}) };
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
 * hands it, with who is acting, to the service function. Who may call them: the doors' permission, or
 * `procedure` where more is asked (the users' fresh check and the spec's own 403 message). A delete
 * answers `{ success: true }`.
 */
export function recordWrites<Create extends z.ZodType, Update extends z.ZodType, Output extends z.ZodType, Row>(
  doors: RecordDoors<Output>,
  spec: RecordWritesSpec<Create, Update, Row>,
  procedure: typeof staffProcedure = permitted(doors.permission),
) {
  const { tag, output, record } = doors;
  const { writers } = spec;
  const path = `/admin${doors.path}`;
  // A write that puts the record live needs "publish" too (403 naming it, logged, like any permission);
  // then the service function writes it as the caller. tRPC cannot resolve a generic schema's types
  // inside this function; the schemas have parsed `input` (so it is their output) and check what is answered.
  const saving =
    <Input>(write: (db: Database, actor: Actor, input: Input) => Promise<Row>) =>
    async ({ ctx, input, path: where }: { ctx: Parameters<typeof requirePermission>[0]; input: unknown; path: string }) => {
      if (spec.publishField && (input as Record<string, unknown>)[spec.publishField] === true)
        await requirePermission(ctx, "publish", where);
      return (await write(ctx.deps.db, actorOf(ctx), input as Input)) as never;
    };
  const saved = `The saved ${record.replace(/^an? /, "")}.`;
  return {
    create: procedure
      .meta(door("post", tag, path, `${doors.createVerb ?? "Create"} ${record}`, saved, { ...spec.create, answer: { status: 201 } }))
      .input(spec.inputs.create)
      .output(output)
      .mutation(saving<z.output<Create>>(writers.create)),
    update: procedure
      .meta(door("put", tag, `${path}/:id`, `Update ${record}`, saved, spec.update))
      .input(spec.inputs.update)
      .output(output)
      .mutation(saving<z.output<Update>>(writers.update)),
    delete: procedure
      .meta(door("delete", tag, `${path}/:id`, `Delete ${record}`, "Deleted.", spec.delete))
      .input(idParam)
      .output(successAnswer)
      .mutation(async ({ ctx, input }) => {
        await writers.delete(ctx.deps.db, actorOf(ctx), input.id);
        return { success: true as const };
      }),
  };
}

/**
 * The new order of a record's list (PUT /admin{path}/order; staff drag the list): for the doors'
 * permission, as editing the records; the public pages show the records in that order.
 */
export function recordReorder<Output extends z.ZodType>(doors: RecordDoors<Output>, table: OrderedTable, kind: OrderedKind) {
  const plural = kind.label.replace(/ order$/, "").toLowerCase();
  return {
    reorder: permitted(doors.permission)
      .meta(
        door("put", doors.tag, `/admin${doors.path}/order`, `Reorder the ${plural}`, "Every id in the new order.", {
          description:
            `Every one of the ${plural}' ids in \`ids\`, once each, first to last; the public pages show them so. An id ` +
            "named twice, an unknown id or one left out (the list changed since it was read) is refused (400) and nothing changes.",
        }),
      )
      .input(reorderInput)
      .output(orderAnswer)
      .mutation(async ({ ctx, input }) => ({ ids: await reorderRecords(ctx.deps.db, actorOf(ctx), table, kind, input.ids) })),
  };
}

/** One of a record's lists: what its door says and the service function that reads it. */
interface RecordList<Args extends unknown[] = []> {
  summary: string;
  answer: string;
  read: (db: Database, ...args: Args) => Promise<unknown>;
  /** A kind staff translate: its public list takes `?lang=` (issue 27). */
  kind?: TranslatableKind;
}

/**
 * A public list (GET {path}, cached; what visitors see): `list` reads it for the checked `input`, and it
 * is laid over in `?lang=`'s language when the kind is translated.
 */
function publicList<Input extends z.ZodType<{ lang?: LanguageCode } | undefined>, Output extends z.ZodType>(
  doors: RecordDoors<Output>,
  entry: Omit<RecordList<never[]>, "read">,
  input: Input,
  list: (db: Database, input: z.output<Input>) => Promise<unknown>,
) {
  return publicProcedure
    .meta(publicRead(doors.path, entry.summary, entry.answer))
    .input(input)
    .output(listOf(doors.output))
    .query(async ({ ctx, input: query }) => {
      const rows = await list(ctx.deps.db, query as z.output<Input>);
      const kind = entry.kind;
      const lang = (query as z.output<Input>)?.lang;
      return (kind ? await inLanguage(ctx.deps.db, kind, rows as Array<{ id: number }>, lang) : rows) as never;
    });
}

/**
 * A record's two lists: the public one (`list`, GET {path}, cached; what visitors see) and the staff one
 * (`adminList`, GET /admin{path}; hidden ones too where a record can be hidden). Without `staff`, staff
 * see what visitors see, read and described the same way.
 */
export function recordLists<Output extends z.ZodType>(doors: RecordDoors<Output>, lists: { public: RecordList; staff?: RecordList }) {
  const staff = lists.staff ?? lists.public;
  return {
    list: publicList(doors, lists.public, langQuery, (db) => lists.public.read(db)),
    adminList: permitted(doors.permission)
      .meta(read(doors.tag, `/admin${doors.path}`, staff.summary, staff.answer))
      .output(listOf(doors.output))
      .query(async ({ ctx }) => (await staff.read(ctx.deps.db)) as never),
  };
}

/**
 * The slots of the pages that staff fill (content items, image slots) in two lists: `visible`, one
 * page's visible slots (public, GET {path}?page=&section=, cached, in `?lang=`'s language), and
 * `adminList`, every slot (GET /admin{path}, of one page when given) for the doors' permission.
 */
export function pageSlotLists<Output extends z.ZodType>(
  doors: RecordDoors<Output>,
  kind: TranslatableKind,
  query: z.ZodType<{ page: string; section?: string; lang?: LanguageCode }>,
  lists: { visible: RecordList<[page: string, section?: string]>; all: RecordList<[page?: string]> },
) {
  return {
    visible: publicList(doors, { ...lists.visible, kind }, query, (db, { page, section }) => lists.visible.read(db, page, section)),
    adminList: permitted(doors.permission)
      .meta(read(doors.tag, `/admin${doors.path}`, lists.all.summary, lists.all.answer))
      .input(pageFilter)
      .output(listOf(doors.output))
      .query(async ({ ctx, input }) => (await lists.all.read(ctx.deps.db, input?.page || undefined)) as never),
  };
}

/** One record read by its slug (public, in a language) or by its id (staff). */
interface RecordRead<Key, Out extends z.ZodType> {
  summary: string;
  answer: string;
  read: (db: Database, key: Key) => Promise<unknown>;
  /** Its answer (the public view of an article is not what staff see of it). */
  output: Out;
}

/**
 * A record's single reads: `bySlug` (GET {path}/:slug, public, in `?lang=`'s language when the kind is
 * translated) and `byId` (GET /admin{path}/:id, the doors' permission), each as its door names it.
 */
export function recordReads<Output extends z.ZodType, SlugOut extends z.ZodType, IdOut extends z.ZodType>(
  doors: RecordDoors<Output>,
  reads: { bySlug: RecordRead<string, SlugOut> & { kind: TranslatableKind }; byId: RecordRead<number, IdOut> },
) {
  const { bySlug, byId } = reads;
  return {
    bySlug: publicProcedure
      .meta(publicRead(`${doors.path}/:slug`, bySlug.summary, bySlug.answer))
      .input(slugParam)
      .output(bySlug.output)
      .query(
        async ({ ctx, input }) =>
          oneInLanguage(ctx.deps.db, bySlug.kind, (await bySlug.read(ctx.deps.db, input.slug)) as { id: number }, input.lang) as never,
      ),
    byId: permitted(doors.permission)
      .meta(read(doors.tag, `/admin${doors.path}/:id`, byId.summary, byId.answer))
      .input(idParam)
      .output(byId.output)
      .query(async ({ ctx, input }) => (await byId.read(ctx.deps.db, input.id)) as never),
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
