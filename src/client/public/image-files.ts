/**
 * A website image's served file name is its SEO filename (Website Images in the admin portal): an
 * uploaded image stored as /uploads/<hash>.webp is shown on the public pages as
 * /uploads/<hash>/<seo-filename>.webp, which the server answers with the same stored image
 * (src/server/site/web.ts). The rules of every upload address, variants included, live in
 * src/shared/image-variants.ts, which the server reads too.
 */
export { servedImageUrl } from "../../shared/image-variants";
