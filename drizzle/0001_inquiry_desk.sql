CREATE TABLE "app_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "contact_access" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_access_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"admin_id" integer,
	"username" varchar(200),
	"action" varchar(20) NOT NULL,
	"details" jsonb,
	"ip_address" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"author_id" integer,
	"author_name" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_status_counts" (
	"status" varchar(20) PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "has_health_details" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "consent_receipt" jsonb;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status" varchar(20) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status_changed_by" integer;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_access" ADD CONSTRAINT "contact_access_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_access" ADD CONSTRAINT "contact_access_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_notes" ADD CONSTRAINT "contact_notes_author_id_admin_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_access_submission_idx" ON "contact_access" USING btree ("submission_id","at");--> statement-breakpoint
CREATE INDEX "contact_notes_submission_idx" ON "contact_notes" USING btree ("submission_id","created_at");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_changed_by_admin_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_assignee_id_admin_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_status_created_idx" ON "contact_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_assignee_idx" ON "contact_submissions" USING btree ("assignee_id");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_check" CHECK ("contact_submissions"."status" in ('new', 'contacted', 'scheduled', 'closed', 'spam'));--> statement-breakpoint
-- Inquiries from before the desk: health details were given when a ciphertext is stored; their last change is their arrival.
UPDATE "contact_submissions" SET "has_health_details" = ("health_conditions" IS NOT NULL AND "health_conditions" <> ''), "updated_at" = "created_at";
--> statement-breakpoint
-- The count of inquiries per status, kept by the triggers below (one statement-level trigger per kind of change).
INSERT INTO "contact_status_counts" ("status", "total")
SELECT s, (SELECT count(*)::int FROM "contact_submissions" WHERE "status" = s) FROM unnest(ARRAY['new', 'contacted', 'scheduled', 'closed', 'spam']) AS s;
--> statement-breakpoint
CREATE FUNCTION "contact_status_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_status_counts" AS c SET "total" = c."total" + n.n
  FROM (SELECT "status", count(*)::int AS n FROM new_rows GROUP BY "status") AS n WHERE c."status" = n."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_status_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_status_counts" AS c SET "total" = c."total" - o.n
  FROM (SELECT "status", count(*)::int AS n FROM old_rows GROUP BY "status") AS o WHERE c."status" = o."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_status_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_status_counts" AS c SET "total" = c."total" + d.n
  FROM (
    SELECT "status", sum(n)::int AS n FROM (
      SELECT "status", count(*) AS n FROM new_rows GROUP BY "status"
      UNION ALL
      SELECT "status", -count(*) AS n FROM old_rows GROUP BY "status"
    ) AS changes GROUP BY "status"
  ) AS d WHERE c."status" = d."status" AND d.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_status_counts_insert" AFTER INSERT ON "contact_submissions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_status_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "contact_status_counts_delete" AFTER DELETE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_status_counts_remove"();
--> statement-breakpoint
CREATE TRIGGER "contact_status_counts_update" AFTER UPDATE ON "contact_submissions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_status_counts_move"();
