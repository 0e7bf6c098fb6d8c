-- The home hero's picture has one source: the Website Images entry of home/hero (with its alt text).
-- The content item home/hero/backgroundImage also claimed it and silently lost: it goes.
DELETE FROM "website_content" WHERE "page" = 'home' AND "section" = 'hero' AND "key" = 'backgroundImage';
