ALTER TABLE "testimonials" ADD COLUMN "language" varchar(5) DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- ==== BEGIN hand-written: a testimonial's translations go with it (issue 27; the function is 0021's); re-append after regenerating ====
CREATE TRIGGER "testimonials_forget_translations" AFTER DELETE ON "testimonials"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "translations_forget"('testimonial');
-- ==== END hand-written: testimonials' translations go with them ====
