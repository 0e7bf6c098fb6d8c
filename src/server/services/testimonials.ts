import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { testimonialInput, testimonialUpdateInput } from "../../shared/schemas/testimonials";
import type { Database } from "../db/client";
import { testimonials } from "../db/schema";
import { errors } from "../errors";
import { recordChange, type Actor } from "./activity";

/** Client testimonials: the public list shows visible ones only; staff see and edit all. */
export const TESTIMONIAL_NOT_FOUND = "Testimonial not found";

export function listVisibleTestimonials(db: Database) {
  return db.select().from(testimonials).where(eq(testimonials.isVisible, true)).orderBy(asc(testimonials.id));
}

export function listAllTestimonials(db: Database) {
  return db.select().from(testimonials).orderBy(asc(testimonials.id));
}

export async function createTestimonial(db: Database, actor: Actor, input: z.output<typeof testimonialInput>) {
  const [row] = await db.insert(testimonials).values({ ...input, imageUrl: input.imageUrl ?? null }).returning();
  await recordChange(db, actor, { action: "create", resourceType: "testimonial", resourceId: row!.id, label: `Testimonial by ${row!.name}` });
  return row!;
}

export async function updateTestimonial(db: Database, actor: Actor, input: z.output<typeof testimonialUpdateInput>) {
  const { id, ...fields } = input;
  const [row] = await db
    .update(testimonials)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning();
  if (!row) throw errors.notFound(TESTIMONIAL_NOT_FOUND);
  await recordChange(db, actor, { action: "update", resourceType: "testimonial", resourceId: row.id, label: `Testimonial by ${row.name}` });
  return row;
}

export async function deleteTestimonial(db: Database, actor: Actor, id: number) {
  const [row] = await db.delete(testimonials).where(eq(testimonials.id, id)).returning();
  if (!row) throw errors.notFound(TESTIMONIAL_NOT_FOUND);
  await recordChange(db, actor, { action: "delete", resourceType: "testimonial", resourceId: row.id, label: `Testimonial by ${row.name}` });
  return row;
}
