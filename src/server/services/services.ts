import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import type { Database } from "../db/client";
import { services } from "../db/schema";
import { errors } from "../errors";
import { recordWrite, type Actor, type RecordKind } from "./activity";
import { withStoredImage } from "./uploads";

/** The clinic's services (treatments): public list and detail, staff create/edit/delete with an optional image. */

export const SERVICE_NOT_FOUND = "Service not found";

/** How the activity log names a service: its title. */
const SERVICE: RecordKind<typeof services.$inferSelect> = { resourceType: "service", notFound: SERVICE_NOT_FOUND, label: (row) => row.title };

export type ServiceRow = typeof services.$inferSelect;

export function listServices(db: Database): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.id));
}

/** The slugs getServiceBySlug finds (the pages tell an unknown slug by it without a query each). */
export async function listServiceSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: services.slug }).from(services);
  return rows.map((row) => row.slug);
}

export async function getServiceBySlug(db: Database, slug: string): Promise<ServiceRow> {
  const [row] = await db.select().from(services).where(eq(services.slug, slug));
  if (!row) throw errors.notFound(SERVICE_NOT_FOUND);
  return row;
}

export async function getServiceById(db: Database, id: number): Promise<ServiceRow> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  if (!row) throw errors.notFound(SERVICE_NOT_FOUND);
  return row;
}

export async function createService(db: Database, actor: Actor, input: z.output<typeof serviceInput>) {
  const { image, ...fields } = input;
  const row = await withStoredImage(db, image, async (stored) => {
    const [saved] = await db
      .insert(services)
      .values({ ...fields, imageUrl: stored?.url ?? null })
      .returning();
    return saved!;
  });
  return recordWrite(db, actor, "create", SERVICE, row);
}

/** An edit without a new file keeps the current image. */
export async function updateService(db: Database, actor: Actor, input: z.output<typeof serviceUpdateInput>) {
  const { id, image, ...fields } = input;
  await getServiceById(db, id);
  const row = await withStoredImage(db, image, async (stored) => {
    const [saved] = await db
      .update(services)
      .set({ ...fields, ...(stored ? { imageUrl: stored.url } : {}), updatedAt: new Date() })
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
