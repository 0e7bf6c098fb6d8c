CREATE TABLE "booking_claims" (
	"owner_kind" varchar(10) NOT NULL,
	"owner_id" integer NOT NULL,
	"cell_start" timestamp with time zone NOT NULL,
	"booking_id" integer NOT NULL,
	CONSTRAINT "booking_claims_owner_kind_owner_id_cell_start_pk" PRIMARY KEY("owner_kind","owner_id","cell_start")
);
--> statement-breakpoint
CREATE TABLE "booking_clinicians" (
	"team_member_id" integer PRIMARY KEY NOT NULL,
	"staff_user_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"feed_token_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_kind" varchar(10) NOT NULL,
	"owner_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "booking_hours_owner_check" CHECK ("booking_hours"."owner_kind" in ('clinician', 'resource')),
	CONSTRAINT "booking_hours_weekday_check" CHECK ("booking_hours"."weekday" between 0 and 6),
	CONSTRAINT "booking_hours_minutes_check" CHECK (0 <= "booking_hours"."start_minute" and "booking_hours"."start_minute" < "booking_hours"."end_minute" and "booking_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "booking_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_kind" varchar(10) NOT NULL,
	"owner_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"note" varchar(200),
	CONSTRAINT "booking_overrides_owner_check" CHECK ("booking_overrides"."owner_kind" in ('clinic', 'clinician', 'resource')),
	CONSTRAINT "booking_overrides_minutes_check" CHECK (("booking_overrides"."start_minute" is null and "booking_overrides"."end_minute" is null) or (0 <= "booking_overrides"."start_minute" and "booking_overrides"."start_minute" < "booking_overrides"."end_minute" and "booking_overrides"."end_minute" <= 1440))
);
--> statement-breakpoint
CREATE TABLE "booking_resources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_resources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"kind" varchar(10) DEFAULT 'room' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_resources_kind_check" CHECK ("booking_resources"."kind" in ('room', 'device'))
);
--> statement-breakpoint
CREATE TABLE "booking_service_clinicians" (
	"service_id" integer NOT NULL,
	"team_member_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_service_clinicians_service_id_team_member_id_pk" PRIMARY KEY("service_id","team_member_id")
);
--> statement-breakpoint
CREATE TABLE "booking_service_settings" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"bookable" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"interval_minutes" integer DEFAULT 30 NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 1440 NOT NULL,
	"days_ahead" integer DEFAULT 30 NOT NULL,
	"resource_id" integer,
	"requires_confirmation" boolean DEFAULT true NOT NULL,
	"late_cancel_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_service_settings_minutes_check" CHECK ("booking_service_settings"."duration_minutes" between 5 and 720 and "booking_service_settings"."duration_minutes" % 5 = 0 and "booking_service_settings"."interval_minutes" between 5 and 720 and "booking_service_settings"."interval_minutes" % 5 = 0 and "booking_service_settings"."buffer_before_minutes" between 0 and 240 and "booking_service_settings"."buffer_before_minutes" % 5 = 0 and "booking_service_settings"."buffer_after_minutes" between 0 and 240 and "booking_service_settings"."buffer_after_minutes" % 5 = 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" integer,
	"clinician_id" integer,
	"resource_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"block_starts_at" timestamp with time zone NOT NULL,
	"block_ends_at" timestamp with time zone NOT NULL,
	"status" varchar(12) NOT NULL,
	"inquiry_id" integer,
	"language" varchar(5) DEFAULT 'en' NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"calendar_uid" varchar(100) NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"link_secret" varchar(64) NOT NULL,
	"staff_message" varchar(500),
	"reminder_sent_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('requested', 'confirmed', 'declined', 'cancelled', 'attended', 'no_show')),
	CONSTRAINT "bookings_times_check" CHECK ("bookings"."block_starts_at" <= "bookings"."starts_at" and "bookings"."starts_at" < "bookings"."ends_at" and "bookings"."ends_at" <= "bookings"."block_ends_at"),
	CONSTRAINT "bookings_language_check" CHECK ("bookings"."language" in ('en', 'es', 'zh'))
);
--> statement-breakpoint
ALTER TABLE "booking_claims" ADD CONSTRAINT "booking_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_clinicians" ADD CONSTRAINT "booking_clinicians_team_member_id_team_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_clinicians" ADD CONSTRAINT "booking_clinicians_staff_user_id_admin_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_clinicians" ADD CONSTRAINT "booking_service_clinicians_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_clinicians" ADD CONSTRAINT "booking_service_clinicians_team_member_id_booking_clinicians_team_member_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."booking_clinicians"("team_member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_settings" ADD CONSTRAINT "booking_service_settings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_settings" ADD CONSTRAINT "booking_service_settings_resource_id_booking_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."booking_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_clinician_id_booking_clinicians_team_member_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."booking_clinicians"("team_member_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resource_id_booking_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."booking_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_changed_by_admin_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_claims_booking_idx" ON "booking_claims" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_clinicians_staff_user_unique" ON "booking_clinicians" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "booking_hours_owner_idx" ON "booking_hours" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "booking_overrides_owner_date_idx" ON "booking_overrides" USING btree ("owner_kind","owner_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key_unique" ON "bookings" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_calendar_uid_unique" ON "bookings" USING btree ("calendar_uid");--> statement-breakpoint
CREATE INDEX "bookings_clinician_starts_idx" ON "bookings" USING btree ("clinician_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_resource_starts_idx" ON "bookings" USING btree ("resource_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_inquiry_idx" ON "bookings" USING btree ("inquiry_id");--> statement-breakpoint
-- ==== BEGIN hand-written: booking permissions (issue 38); re-append after regenerating ====
-- The table's copies of the built-in roles' permissions (the code's BUILT_IN_ROLES is what counts).
UPDATE "roles" SET "permissions" = "permissions" || '["bookings.work"]'::jsonb WHERE "key" IN ('super_admin', 'admin', 'front_desk', 'clinician') AND NOT ("permissions" ? 'bookings.work');--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || '["availability.edit"]'::jsonb WHERE "key" IN ('super_admin', 'admin') AND NOT ("permissions" ? 'availability.edit');
-- ==== END hand-written: booking permissions ====
