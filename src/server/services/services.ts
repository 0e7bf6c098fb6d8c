import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import type { Database } from "../db/client";
import { services } from "../db/schema";
import { errors } from "../errors";
import { recordWrite, type Actor } from "./activity";
import { saveWithVersion, type Restoring, type VersionedKind } from "./record-versions";
import { withStoredImage } from "./uploads";

/** The clinic's services (treatments): public list and detail, staff create/edit/delete with an optional image. */

export const SERVICE_NOT_FOUND = "Service not found";

/** How the activity log names a service (its title); its saves keep versions. */
const SERVICE: VersionedKind<typeof services.$inferSelect> = {
  resourceType: "service",
  notFound: SERVICE_NOT_FOUND,
  label: (row) => row.title,
  history: "service",
};

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
  return withStoredImage(db, image, (stored) =>
    saveWithVersion(db, actor, SERVICE, null, async (tx) => {
      const [saved] = await tx
        .insert(services)
        .values({ ...fields, imageUrl: stored?.url ?? null })
        .returning();
      return saved;
    }),
  );
}

/**
 * An edit without a new file keeps the current image. A restore of an earlier version comes through
 * here too (`restoring`), and brings back that version's image (`imageUrl`, which callers of the
 * update procedure cannot send: a new image arrives as a file).
 */
export async function updateService(
  db: Database,
  actor: Actor,
  input: z.output<typeof serviceUpdateInput> & { imageUrl?: string | null },
  restoring?: Restoring,
) {
  const { id, image, imageUrl, ...fields } = input;
  await getServiceById(db, id);
  return withStoredImage(db, image, (stored) =>
    saveWithVersion(
      db,
      actor,
      SERVICE,
      id,
      async (tx) => {
        const image = stored ? { imageUrl: stored.url } : imageUrl !== undefined ? { imageUrl } : {};
        const [saved] = await tx
          .update(services)
          .set({ ...fields, ...image, updatedAt: new Date() })
          .where(eq(services.id, id))
          .returning();
        return saved;
      },
      restoring,
    ),
  );
}

export async function deleteService(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(services).where(eq(services.id, id)).returning();
  return recordWrite(db, actor, "delete", SERVICE, row);
}
