-- The rest of the page texts that were constants of the pages (the buttons, the home page's services and
-- testimonials intros, the small words above headings, the About page's heading, intro and section headings)
-- become content items staff edit in Website Content (issue 22). A database seeded before them gets them
-- here, with the pages' words (src/server/db/seed-data.ts, MORE_PAGE_TEXTS; tests/content-texts.test.ts
-- checks both agree); an item already there is kept as it is. A database not seeded yet gets them from
-- its first start's seed instead.
INSERT INTO "website_content" ("page", "section", "key", "content")
SELECT "page", "section", "key", "content" FROM (VALUES
  ('home', 'hero', 'eyebrow', 'Millcreek, Utah'),
  ('home', 'hero', 'bookButton', 'Book Appointment'),
  ('home', 'hero', 'browseButton', 'Explore Services'),
  ('home', 'welcome', 'eyebrow', 'Welcome'),
  ('home', 'welcome', 'link', 'Learn more about our approach'),
  ('home', 'services', 'eyebrow', 'Treatments'),
  ('home', 'services', 'title', 'Our Services'),
  ('home', 'services', 'intro', 'Regenerative treatments designed around you and delivered with care.'),
  ('home', 'services', 'button', 'Book Your Service'),
  ('home', 'testimonials', 'eyebrow', 'Testimonials'),
  ('home', 'testimonials', 'title', 'What Our Clients Say'),
  ('home', 'testimonials', 'intro', 'Experiences shared by patients from across the Salt Lake Valley.'),
  ('home', 'cta', 'bookButton', 'Book Your Appointment'),
  ('home', 'cta', 'contactButton', 'Contact Us'),
  ('about', 'heading', 'title', 'About Millcreek Regenerative Wellness'),
  ('about', 'heading', 'intro', 'A regenerative wellness clinic in Millcreek, Utah, built on listening, clear explanations and care that treats the whole person.'),
  ('about', 'mission', 'eyebrow', 'Who we are'),
  ('about', 'insights', 'title', 'Cultural Wellness Insights'),
  ('about', 'insights', 'intro', 'Wellness traditions shape how each of us heals. Choose a language to read a few reflections from our care team.'),
  ('about', 'team', 'eyebrow', 'Our people'),
  ('about', 'team', 'title', 'Our Team'),
  ('about', 'team', 'intro', 'Experienced clinicians and a friendly care team who take time to get to know you.'),
  ('about', 'approach', 'eyebrow', 'How we work'),
  ('about', 'approach', 'button', 'Explore Our Approach'),
  ('services', 'detail', 'bookButton', 'Book This Service'),
  ('services', 'detail', 'allButton', 'View All Services'),
  ('news', 'list', 'loadMore', 'Load More Articles'),
  ('news', 'article', 'backLink', 'Back to News'),
  ('news', 'article', 'sourceButton', 'Visit Original Source'),
  ('news', 'article', 'relatedTitle', 'Related Articles'),
  ('news', 'articleCta', 'contactButton', 'Contact Us'),
  ('news', 'articleCta', 'bookButton', 'Book Consultation'),
  ('contact', 'details', 'followTitle', 'Follow Us'),
  ('contact', 'map', 'title', 'Find Us')
) AS "texts" ("page", "section", "key", "content")
WHERE EXISTS (SELECT 1 FROM "app_meta" WHERE "key" = 'seeded_at')
ON CONFLICT ("page", "section", "key") DO NOTHING;
