/**
 * A website image's served file name is its SEO filename (Website Images in the admin portal): an
 * uploaded image stored as /uploads/<hash>.webp is shown on the public pages as
 * /uploads/<hash>/<seo-filename>.webp, which the server answers with the same stored image
 * (src/server/web.ts). Image search sees a name that says what the picture is. Images that are not
 * uploads (the built-in /images/... files) and images without an SEO filename keep their address.
 */
const STORED = /^\/uploads\/([a-f0-9]{32})\.(jpg|png|webp|gif)$/;
const NAMED = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(jpg|png|webp|gif)$/;

export function servedImageUrl(image: { imageUrl: string; seoFilename?: string | null }): string {
  const stored = STORED.exec(image.imageUrl);
  if (!stored || !image.seoFilename) return image.imageUrl;
  return `/uploads/${stored[1]}/${image.seoFilename}.${stored[2]}`;
}

/** The stored name a served /uploads/<hash>/<file> address stands for, or null when it is not one. */
export function storedImageName(hash: string, file: string): string | null {
  const named = NAMED.exec(file);
  return named && /^[a-f0-9]{32}$/.test(hash) ? `${hash}.${named[2]}` : null;
}
