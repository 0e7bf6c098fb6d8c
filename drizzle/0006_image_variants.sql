-- Responsive images: the variants of each upload (WebP and its own format at a few widths), made once by
-- sharp and kept beside it; the name of the file staff uploaded, for the media picker. (Number 0006:
-- 0005 belongs to another branch.)
CREATE TABLE "uploaded_image_variants" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"upload_name" varchar(64) NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD COLUMN "file_name" varchar(255);--> statement-breakpoint
ALTER TABLE "uploaded_image_variants" ADD CONSTRAINT "uploaded_image_variants_upload_name_uploaded_images_name_fk" FOREIGN KEY ("upload_name") REFERENCES "public"."uploaded_images"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_image_variants_upload_name_idx" ON "uploaded_image_variants" USING btree ("upload_name");