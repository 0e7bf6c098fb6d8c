-- The page texts that were constants of the pages (the calls to action, the news page's and the contact
-- page's texts) become content items staff edit in Website Content (issue 22). A database seeded before
-- them gets them here, with the pages' words (src/server/db/seed-data.ts, PAGE_TEXTS; tests/content-texts.test.ts
-- checks both agree); an item already there is kept as it is. A database not seeded yet gets them from
-- its first start's seed instead.
INSERT INTO "website_content" ("page", "section", "key", "content")
SELECT "page", "section", "key", "content" FROM (VALUES
  ('home', 'cta', 'title', 'Ready to Start Your Wellness Journey?'),
  ('home', 'cta', 'text', 'Tell us a little about your goals and we''ll get back to you within 24 hours to plan your consultation.'),
  ('news', 'hero', 'eyebrow', 'News & Research'),
  ('news', 'hero', 'title', 'Latest News & Updates'),
  ('news', 'hero', 'intro', 'Research, clinic news and practical guides from our team.'),
  ('news', 'articleCta', 'title', 'Have Questions About Regenerative Care?'),
  ('news', 'articleCta', 'text', 'Our team is happy to talk through your options.'),
  ('contact', 'hero', 'eyebrow', 'Contact'),
  ('contact', 'hero', 'title', 'Book An Appointment'),
  ('contact', 'hero', 'intro', 'Send us a few details and a member of our team will contact you within 24 hours.'),
  ('contact', 'hero', 'responsePromise', 'We reply within 24 hours'),
  ('contact', 'hero', 'confidential', 'Your details stay confidential'),
  ('contact', 'hero', 'callPrompt', 'Prefer to talk it through?'),
  ('contact', 'form', 'title', 'Inquire Today'),
  ('contact', 'details', 'title', 'Get in Touch'),
  ('contact', 'details', 'intro', 'Questions before you book? We''re happy to help.')
) AS "texts" ("page", "section", "key", "content")
WHERE EXISTS (SELECT 1 FROM "app_meta" WHERE "key" = 'seeded_at')
ON CONFLICT ("page", "section", "key") DO NOTHING;
