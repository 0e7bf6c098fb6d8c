CREATE TABLE "uploaded_images" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
