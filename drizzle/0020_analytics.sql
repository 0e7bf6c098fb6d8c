CREATE TABLE "analytics_daily" (
	"day" varchar(10) NOT NULL,
	"dimension" varchar(20) NOT NULL,
	"value" varchar(200) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"starts" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_seen" (
	"day" varchar(10) NOT NULL,
	"visitor" varchar(32) NOT NULL,
	"key" varchar(240) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_seen_day_visitor_key_pk" PRIMARY KEY("day","visitor","key")
);
--> statement-breakpoint
CREATE INDEX "analytics_seen_at_idx" ON "analytics_seen" USING btree ("at");--> statement-breakpoint
-- ==== BEGIN hand-written: analytics permission (issue 25); re-append after regenerating ====
-- The table's copies of the built-in roles' permissions (the code's BUILT_IN_ROLES is what counts):
-- the Owner, Administrator and Marketing roles read the visitor figures.
UPDATE "roles" SET "permissions" = "permissions" || '["analytics.view"]'::jsonb WHERE "key" IN ('super_admin', 'admin', 'marketing') AND NOT ("permissions" ? 'analytics.view');
-- ==== END hand-written: analytics permission ====
