CREATE TABLE "brand_files" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_server" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" varchar(255) NOT NULL,
	"port" integer NOT NULL,
	"security" varchar(10) NOT NULL,
	"username" varchar(255),
	"password" text,
	"from_address" varchar(255),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "mail_server_one_row" CHECK ("mail_server"."id" = 1),
	CONSTRAINT "mail_server_security" CHECK ("mail_server"."security" in ('none', 'starttls', 'tls'))
);
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "offered_on_contact_form" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "language" varchar(5);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_server" ADD CONSTRAINT "mail_server_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_language_created_idx" ON "contact_submissions" USING btree ("language","created_at");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_language_check" CHECK ("contact_submissions"."language" in ('en', 'es', 'zh'));