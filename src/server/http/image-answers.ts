import type { Context as HonoContext } from "hono";
import type { AppDeps } from "../deps";
import { errors, HTTP_MESSAGES } from "../errors";
import { respondCached, type CachedBody } from "./public-cache";
import { findStoredImage } from "../services/uploads";

/** An image answer: cached bytes (304 and ETag as for any cached body), and never a script, whatever the bytes. */
export function respondImage(c: HonoContext, entry: CachedBody, cacheControl: string): Response {
  const response = respondCached(c.req.raw, entry, cacheControl);
  response.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  return response;
}

/**
 * An uploaded image or one of its responsive variants by its stored name (/uploads/<name>, and
 * /uploads/<hash>/<seo-filename> on the public pages; src/shared/image-variants.ts), from the database
 * through a byte-bounded cache of its own (images never change under a name, so it is never emptied by
 * staff changes): the real content type, nosniff, no script ever, and cached for a year by browsers (a
 * name is the start of its upload's SHA-256). A variant of an upload from before the variants is made
 * on its first request; a name the list does not give is a 404.
 */
export async function serveUpload(c: HonoContext, deps: AppDeps, name: string): Promise<Response> {
  const key = `image:${name}`;
  let entry = deps.imageCache.get(key);
  if (!entry) {
    const image = await findStoredImage(deps.db, name);
    if (!image) throw errors.notFound(HTTP_MESSAGES.notFound);
    entry = await deps.imageCache.getOrCreate(key, async () => ({ body: image.data, contentType: image.contentType }));
  }
  return respondImage(c, entry, "public, max-age=31536000, immutable");
}
