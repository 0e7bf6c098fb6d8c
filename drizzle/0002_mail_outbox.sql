CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(30) NOT NULL,
	"submission_id" integer NOT NULL,
	"recipient_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	"last_error" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "notify_new_inquiries" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "spam_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "reminder_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_recipient_admin_id_admin_users_id_fk" FOREIGN KEY ("recipient_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."skipped_at" is null;--> statement-breakpoint
-- Super admins receive new-inquiry mail unless they turn it off; inquiries already past the reply
-- promise when this arrives get no reminder (they were waiting before reminders existed).
UPDATE "admin_users" SET "notify_new_inquiries" = true WHERE "role" = 'super_admin';
--> statement-breakpoint
UPDATE "contact_submissions" SET "reminder_queued_at" = now() WHERE "created_at" < now() - interval '24 hours';
