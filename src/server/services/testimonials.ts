import { asc, eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import type { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import type { Database } from "../db/client";
import { testimonials, uploadedImages } from "../db/schema";
import { recordWrite, type Actor, type RecordKind } from "./activity";
import { uploadAt, uploadSize } from "./uploads";

/** Client testimonials: the public list shows visible ones only; staff see and edit all. */
export const TESTIMONIAL_NOT_FOUND = "Testimonial not found";

export function listVisibleTestimonials(db: Database) {
  return db
    .select({ ...getTableColumns(testimonials), imageSize: uploadSize })
    .from(testimonials)
    .leftJoin(uploadedImages, uploadAt(testimonials.imageUrl))
    .where(eq(testimonials.isVisible, true))
    .orderBy(asc(testimonials.id));
}

export function listAllTestimonials(db: Database) {
  return db.select().from(testimonials).orderBy(asc(testimonials.id));
}

/** How the activity log names a testimonial. */
const TESTIMONIAL: RecordKind<typeof testimonials.$inferSelect> = {
  resourceType: "testimonial",
  notFound: TESTIMONIAL_NOT_FOUND,
  label: (row) => `Testimonial by ${row.name}`,
};

export async function createTestimonial(db: Database, actor: Actor, input: z.output<typeof testimonialInput>) {
  const [row] = await db.insert(testimonials).values({ ...input, imageUrl: input.imageUrl ?? null }).returning();
  return recordWrite(db, actor, "create", TESTIMONIAL, row);
}

export async function updateTestimonial(db: Database, actor: Actor, input: z.output<typeof testimonialUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db.update(testimonials).set({ ...fields, updatedAt: new Date() }).where(eq(testimonials.id, id)).returning();
  return recordWrite(db, actor, "update", TESTIMONIAL, row);
}

export async function deleteTestimonial(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(testimonials).where(eq(testimonials.id, id)).returning();
  return recordWrite(db, actor, "delete", TESTIMONIAL, row);
}
