ALTER TABLE "admin_users" ADD COLUMN "pending_email" varchar(255);--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "pending_email_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "pending_email_expires_at" timestamp with time zone;