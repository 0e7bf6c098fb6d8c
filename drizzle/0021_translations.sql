CREATE TABLE "translations" (
	"kind" varchar(20) NOT NULL,
	"record_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"fields" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"source" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_name" varchar(200),
	CONSTRAINT "translations_kind_record_id_language_pk" PRIMARY KEY("kind","record_id","language"),
	CONSTRAINT "translations_status_check" CHECK ("translations"."status" in ('published', 'draft')),
	CONSTRAINT "translations_language_check" CHECK ("translations"."language" in ('es', 'zh'))
);
--> statement-breakpoint
DROP INDEX "legal_text_versions_kind_version_unique";--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD COLUMN "language" varchar(5) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD COLUMN "source_version" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_text_versions_kind_language_version_unique" ON "legal_text_versions" USING btree ("kind","language","version");--> statement-breakpoint
-- ==== BEGIN hand-written: a record's translations go with it (issue 27); re-append after regenerating ====
CREATE FUNCTION "translations_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "translations" AS t USING old_rows AS o WHERE t."kind" = TG_ARGV[0] AND t."record_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_forget_translations" AFTER DELETE ON "services"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "translations_forget"('service');
--> statement-breakpoint
CREATE TRIGGER "news_articles_forget_translations" AFTER DELETE ON "news_articles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "translations_forget"('news');
--> statement-breakpoint
CREATE TRIGGER "team_members_forget_translations" AFTER DELETE ON "team_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "translations_forget"('team');
--> statement-breakpoint
CREATE TRIGGER "website_content_forget_translations" AFTER DELETE ON "website_content"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "translations_forget"('content');
--> statement-breakpoint
CREATE TRIGGER "website_images_forget_translations" AFTER DELETE ON "website_images"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "translations_forget"('image');
-- ==== END hand-written: translations go with their records ====
