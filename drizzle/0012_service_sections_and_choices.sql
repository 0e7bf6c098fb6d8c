CREATE TABLE "inquiry_service_names" (
	"name" varchar(255) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "offered_on_contact_form" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The inquiry form offered these names until the choices became data: the services with these titles
-- stay offered, and the inquiry desk's filter keeps offering every name inquiries were sent with (the
-- inquiries already there were sent with these three; an empty database has none to name).
UPDATE "services" SET "offered_on_contact_form" = true WHERE "title" IN ('Utah Stem Cell Therapy', 'Ozone Therapy');--> statement-breakpoint
INSERT INTO "inquiry_service_names" ("name") SELECT "choice" FROM (VALUES ('Utah Stem Cell Therapy'), ('Ozone Therapy'), ('General Consultation')) AS "choices" ("choice") WHERE EXISTS (SELECT 1 FROM "contact_submissions") ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The stem cell page's educational texts, which the page used to carry, become the seeded service's
-- sections (the same as src/server/db/seed-data.ts, STEM_CELL_SECTIONS), unless it has sections already.
UPDATE "services" SET "sections" = '[{"kind":"overview","eyebrow":"Understanding stem cell therapy","title":"What Are Stem Cells?","text":"Stem cells are the body''s repair cells. They can develop into many kinds of tissue and release signals that calm inflammation and encourage healing. Regenerative therapy places these cells where the body needs support, helping it repair itself."},{"kind":"benefits","title":"Benefits","items":[{"title":"Anti-Aging","text":"Supports healthy tissue renewal as we age."},{"title":"Pain Relief","text":"May ease chronic joint and soft-tissue pain."},{"title":"Tissue Regeneration","text":"Encourages repair of cartilage, tendons and ligaments."},{"title":"Non-Surgical Option","text":"A minimally invasive alternative to many surgeries."}]},{"kind":"conditions","title":"Common Conditions Treated","items":["Joint pain","Sports injuries","Back and neck pain","Chronic inflammation"]},{"kind":"steps","title":"The Treatment Process","items":[{"title":"Consultation","text":"We review your history, imaging and goals, and answer every question."},{"title":"Treatment","text":"The procedure takes 1-2 hours in our clinic."},{"title":"Recovery","text":"Most patients return to normal activities within 24-48 hours."},{"title":"Results","text":"Improvements build gradually over 2-3 months as tissue heals."}]},{"kind":"cta","text":"Not sure whether stem cell therapy is right for you? Start with a conversation.","button":"Book a Consultation"}]'::jsonb WHERE "slug" = 'stem-cell-therapy' AND "sections" = '[]'::jsonb;
