CREATE TABLE "legal_text_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_text_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"version" integer NOT NULL,
	"effective_date" varchar(10) NOT NULL,
	"html" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	"published_by_name" varchar(100)
);
--> statement-breakpoint
ALTER TABLE "legal_text_versions" ADD CONSTRAINT "legal_text_versions_published_by_admin_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_text_versions_kind_version_unique" ON "legal_text_versions" USING btree ("kind","version");