import { and, eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import { contactServiceChoices } from "../../shared/contact-choices";
import type { serviceInput, serviceUpdateInput } from "../../shared/schemas/services";
import type { Database } from "../db/client";
import { services, uploadedImages } from "../db/schema";
import { errors } from "../errors";
import type { Actor } from "./activity";
import { saveWithPicture, titledKind, type Restoring } from "./record-versions";
import { uploadAt, uploadSize } from "./uploads";
import { deleteRecord, updateRecordRow } from "./plain-records";
import { inSiteOrder, lastPlace } from "./record-order";
import { followSlug, markGone } from "./redirects";

/** The clinic's services (treatments): public list and detail, staff create/edit/delete with an optional image. */

export const SERVICE_NOT_FOUND = "Service not found";

export type ServiceRow = typeof services.$inferSelect;

/** How a reorder of the services names it (the log, the errors). */
export const SERVICE_ORDER = { resourceType: "service", label: "Services order", noun: "service" };

/** How the activity log names a service (its title); its saves keep versions. */
const SERVICE = titledKind<ServiceRow>("service", SERVICE_NOT_FOUND, "service");

/** A service as the reads give it: with the measured size of its uploaded image (the pages' srcset). */
const readColumns = { ...getTableColumns(services), imageSize: uploadSize };
const readServices = (db: Database) => db.select(readColumns).from(services).leftJoin(uploadedImages, uploadAt(services.imageUrl));

/** A published service: a draft is on no public page, list, sitemap or form (staff preview it). */
const isPublic = eq(services.isPublished, true);

/** Every published service, in the site's order (the services list, the home page, the sitemap). */
export function listServices(db: Database) {
  return readServices(db)
    .where(isPublic)
    .orderBy(...inSiteOrder(services));
}

/** Staff list: every service, drafts too, in the site's order. */
export function listAllServices(db: Database) {
  return readServices(db).orderBy(...inSiteOrder(services));
}

/** The services the inquiry form offers (titles, in the site's order): published ones only. */
async function offeredTitles(db: Database): Promise<string[]> {
  const rows = await db
    .select({ title: services.title })
    .from(services)
    .where(and(isPublic, eq(services.offeredOnContactForm, true)))
    .orderBy(...inSiteOrder(services));
  return rows.map((row) => row.title);
}

/** The inquiry form's service choices at this moment: the offered services, then General Consultation. */
export async function currentContactChoices(db: Database): Promise<string[]> {
  return contactServiceChoices(await offeredTitles(db));
}

/**
 * The service names an inquiry may be sent with at this moment: the form's choices, and every other
 * service that has a page (its Book This Service adds it to the form for that visit, issue 36).
 */
export async function acceptedContactServices(db: Database): Promise<Set<string>> {
  // A published service only: a draft is not on the site, so no visit can have chosen it (issue 36).
  const rows = await db.select({ title: services.title }).from(services).where(isPublic);
  return new Set([...(await currentContactChoices(db)), ...rows.map((row) => row.title)]);
}

/**
 * What every public page reads of the services: each one's title and address in the site's order (the
 * footer's Services column; whether the form offers it, and the name it is sent with, for Book This
 * Service), and the form's choices.
 */
export async function listServiceLinks(db: Database) {
  const rows = await db
    .select({ slug: services.slug, title: services.title, offeredOnContactForm: services.offeredOnContactForm })
    .from(services)
    .where(isPublic)
    .orderBy(...inSiteOrder(services));
  return {
    services: rows.map((row) => ({ ...row, contactChoice: row.title })),
    contactChoices: contactServiceChoices(rows.filter((row) => row.offeredOnContactForm).map((row) => row.title)),
  };
}

/** The slugs getServiceBySlug finds (the pages tell an unknown slug by it without a query each): published ones. */
export async function listServiceSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: services.slug }).from(services).where(isPublic);
  return rows.map((row) => row.slug);
}

/** A published service by its slug (a draft is not found, as an unknown slug). */
export async function getServiceBySlug(db: Database, slug: string) {
  const [row] = await readServices(db).where(and(eq(services.slug, slug), isPublic));
  if (!row) throw errors.notFound(SERVICE_NOT_FOUND);
  return row;
}

/** Any service by its slug, a draft too: what staff preview at its public address. */
export async function getServiceBySlugForPreview(db: Database, slug: string) {
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
  return saveWithPicture(db, actor, SERVICE, null, image, async (tx, stored) => {
    const [saved] = await tx
      .insert(services)
      .values({ ...fields, imageUrl: stored?.url ?? imageUrl ?? null, sortOrder: lastPlace(services) })
      .returning();
    if (saved) await followSlug(tx, actor, "/services", null, addressOf(saved));
    return saved;
  });
}

/**
 * An edit without a new file or an imageUrl (an earlier upload chosen in the media picker) keeps the
 * current image. A restore of an earlier version comes through here too (`restoring`), and brings
 * back that version's image.
 */
export async function updateService(
  db: Database,
  actor: Actor,
  input: z.output<typeof serviceUpdateInput> & { imageUrl?: string | null },
  restoring?: Restoring,
) {
  const { id, image, imageUrl, ...fields } = input;
  await getServiceById(db, id);
  return saveWithPicture(
    db,
    actor,
    SERVICE,
    id,
    image,
    async (tx, stored) => {
      const image = stored ? { imageUrl: stored.url } : imageUrl !== undefined ? { imageUrl } : {};
      const [before] = await tx
        .select({ slug: services.slug, isPublished: services.isPublished })
        .from(services)
        .where(eq(services.id, id));
      const saved = await updateRecordRow(tx, services, id, { ...fields, ...image });
      // A published service's old address answers 301 to the new one in every language (issue 39).
      if (saved) await followSlug(tx, actor, "/services", before ? addressOf(before) : null, addressOf(saved));
      return saved;
    },
    restoring,
  );
}

/** A published service deleted: its page answers 410 Gone until staff point its address somewhere (issue 39). */
export function deleteService(db: Database, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const row = await deleteRecord(tx, actor, services, SERVICE, id);
    if (row.isPublished) await markGone(tx, actor, "/services", row.slug);
    return row;
  });
}

/** A service's address for the redirects: its slug, and whether visitors see it. */
const addressOf = (row: { slug: string; isPublished: boolean }) => ({ slug: row.slug, isPublic: row.isPublished });
