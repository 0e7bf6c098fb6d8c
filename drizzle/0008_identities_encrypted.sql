ALTER TABLE "contact_submissions" ADD COLUMN "identity" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "search_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_submissions_search_idx" ON "contact_submissions" USING gin ("search_terms");--> statement-breakpoint
-- ===== Hand-written (identities encrypted) =====
-- The plaintext identity columns leave contact_submissions. Their values wait in contact_identity_legacy
-- (not in schema.ts: the server's start-up migration, services/inquiry-identity.ts, reads it in batches,
-- encrypts each row's identity into contact_submissions.identity with its blind index, deletes the
-- legacy rows it has done, drops the table when it is empty and rewrites the table files (VACUUM FULL),
-- so no page keeps the old plaintext). The DROP COLUMN statements drizzle generated follow the copy.
-- Only a database holding inquiries gets the table (a new one never has it).
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM "contact_submissions") THEN
		CREATE TABLE "contact_identity_legacy" (
			"submission_id" integer PRIMARY KEY NOT NULL REFERENCES "contact_submissions"("id") ON DELETE CASCADE,
			"name" varchar(255),
			"email" varchar(255),
			"phone" varchar(50),
			"services_interested" jsonb,
			"consent_receipt" jsonb
		);
		INSERT INTO "contact_identity_legacy" ("submission_id", "name", "email", "phone", "services_interested", "consent_receipt")
			SELECT "id", "name", "email", "phone", "services_interested", "consent_receipt" FROM "contact_submissions";
	END IF;
END
$$;--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "phone_digits";--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "services_interested";--> statement-breakpoint
ALTER TABLE "contact_submissions" DROP COLUMN "consent_receipt";
