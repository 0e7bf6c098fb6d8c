import { asc, eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import type { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import type { Database } from "../db/client";
import { services, uploadedImages } from "../db/schema";
import { errors } from "../errors";
import { recordWrite, type Actor, type RecordKind } from "./activity";
import { uploadAt, uploadSize, withStoredImage } from "./uploads";

/** The clinic's services (treatments): public list and detail, staff create/edit/delete with an optional image. */

export const SERVICE_NOT_FOUND = "Service not found";

/** How the activity log names a service: its title. */
const SERVICE: RecordKind<typeof services.$inferSelect> = { resourceType: "service", notFound: SERVICE_NOT_FOUND, label: (row) => row.title };

export type ServiceRow = typeof services.$inferSelect;

/** A service as the reads give it: with the measured size of its uploaded image (the pages' srcset). */
const readColumns = { ...getTableColumns(services), imageSize: uploadSize };
const readServices = (db: Database) => db.select(readColumns).from(services).leftJoin(uploadedImages, uploadAt(services.imageUrl));

export function listServices(db: Database) {
  return readServices(db).orderBy(asc(services.id));
}

/** The slugs getServiceBySlug finds (the pages tell an unknown slug by it without a query each). */
export async function listServiceSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: services.slug }).from(services);
  return rows.map((row) => row.slug);
}

export async function getServiceBySlug(db: Database, slug: string) {
  const [row] = await readServices(db).where(eq(services.slug, slug));
  if (!row) throw errors.notFound(SERVICE_NOT_FOUND);
  return row;
}

export async function getServiceById(db: Database, id: number) {
  const [row] = await readServices(db).where(eq(services.id, id));
  if (!row) throw errors.notFound(SERVICE_NOT_FOUND);
  return row;
}

export async function createService(db: Database, actor: Actor, input: z.output<typeof serviceInput>) {
  const { image, imageUrl, ...fields } = input;
  const row = await withStoredImage(db, image, async (stored) => {
    const [saved] = await db
      .insert(services)
      .values({ ...fields, imageUrl: stored?.url ?? imageUrl ?? null })
      .returning();
    return saved!;
  });
  return recordWrite(db, actor, "create", SERVICE, row);
}

/** An edit without a new file or an imageUrl keeps the current image. */
export async function updateService(db: Database, actor: Actor, input: z.output<typeof serviceUpdateInput>) {
  const { id, image, imageUrl, ...fields } = input;
  await getServiceById(db, id);
  const row = await withStoredImage(db, image, async (stored) => {
    const [saved] = await db
      .update(services)
      .set({ ...fields, imageUrl: stored?.url ?? imageUrl, updatedAt: new Date() })
      .where(eq(services.id, id))
      .returning();
    if (!saved) throw errors.notFound(SERVICE_NOT_FOUND);
    return saved;
  });
  return recordWrite(db, actor, "update", SERVICE, row);
}

export async function deleteService(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(services).where(eq(services.id, id)).returning();
  return recordWrite(db, actor, "delete", SERVICE, row);
}
