ALTER TABLE "services" ALTER COLUMN "offered_on_contact_form" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "language" varchar(5);--> statement-breakpoint
CREATE INDEX "contact_submissions_language_created_idx" ON "contact_submissions" USING btree ("language","created_at");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_language_check" CHECK ("contact_submissions"."language" in ('en', 'es', 'zh'));