CREATE TABLE "record_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"record_id" integer NOT NULL,
	"version" integer NOT NULL,
	"event" varchar(20) NOT NULL,
	"restored_from" integer,
	"fields" jsonb NOT NULL,
	"changed_fields" jsonb NOT NULL,
	"saved_by_id" integer,
	"saved_by_name" varchar(200),
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_versions_kind_check" CHECK ("record_versions"."kind" in ('news', 'service', 'content')),
	CONSTRAINT "record_versions_event_check" CHECK ("record_versions"."event" in ('created', 'updated', 'restored', 'before_history'))
);
--> statement-breakpoint
ALTER TABLE "record_versions" ADD CONSTRAINT "record_versions_saved_by_id_admin_users_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_versions_record_version_unique" ON "record_versions" USING btree ("kind","record_id","version");--> statement-breakpoint
-- A record's versions go with it (a version can belong to any of three tables, so no foreign key can
-- cascade): one statement-level trigger per versioned table, the kind passed as the trigger's argument.
CREATE FUNCTION "record_versions_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "record_versions" AS v USING old_rows AS o WHERE v."kind" = TG_ARGV[0] AND v."record_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "news_articles_forget_versions" AFTER DELETE ON "news_articles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_versions_forget"('news');
--> statement-breakpoint
CREATE TRIGGER "services_forget_versions" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_versions_forget"('service');
--> statement-breakpoint
CREATE TRIGGER "website_content_forget_versions" AFTER DELETE ON "website_content"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_versions_forget"('content');
