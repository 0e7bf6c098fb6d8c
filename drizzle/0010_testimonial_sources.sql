-- Testimonials record where they came from (the FTC's 2024 rule on reviews; docs/decisions/0049-testimonial-sources.md).
-- The testimonials already here were published by the clinic as its patients' words: they are recorded
-- as given by the patient, with the patient's agreement, received on the clinic's day they were added,
-- and with nothing given in return. Staff correct any that differ in the admin portal.
ALTER TABLE "testimonials" ADD COLUMN "received_at" date;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "source" varchar(120);--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "consent_to_publish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "incentive" varchar(255);--> statement-breakpoint
UPDATE "testimonials" SET "received_at" = ("created_at" AT TIME ZONE 'America/Denver')::date, "source" = 'patient', "consent_to_publish" = true;--> statement-breakpoint
ALTER TABLE "testimonials" ALTER COLUMN "received_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ALTER COLUMN "source" SET NOT NULL;
