import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { testimonials } from "../db/schema";
import type { RecordKind } from "./activity";
import { plainRecordWriters } from "./plain-records";
import { selectWithImageSize } from "./uploads";
import { inSiteOrder } from "./record-order";

/**
 * Client testimonials: the public list shows visible ones only, and only those the patient agreed to
 * publish (a save refuses visible without consent; the read holds to it too); staff see and edit all.
 */
export const TESTIMONIAL_NOT_FOUND = "Testimonial not found";

export function listVisibleTestimonials(db: Database) {
  return selectWithImageSize(db, testimonials)
    .where(and(eq(testimonials.isVisible, true), eq(testimonials.consentToPublish, true)))
    .orderBy(...inSiteOrder(testimonials));
}

export function listAllTestimonials(db: Database) {
  return db
    .select()
    .from(testimonials)
    .orderBy(...inSiteOrder(testimonials));
}

/** How the activity log names a testimonial. */
const TESTIMONIAL: RecordKind<typeof testimonials.$inferSelect> = {
  resourceType: "testimonial",
  notFound: TESTIMONIAL_NOT_FOUND,
  label: (row) => `Testimonial by ${row.name}`,
};

/** Staff's create, update and delete of a testimonial. */
export const testimonialWriters = plainRecordWriters(testimonials, TESTIMONIAL, { ordered: true });

/** How a reorder of the testimonials names it (the log, the errors). */
export const TESTIMONIAL_ORDER = { resourceType: "testimonial", label: "Testimonials order", noun: "testimonial" };
