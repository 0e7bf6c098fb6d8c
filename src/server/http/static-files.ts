import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { CachedBody } from "./public-cache";

/**
 * The built client (dist/client: hashed assets, images, icons), read into memory once at start with an
 * ETag and, for text types, a gzip made once. Hashed assets are cached for a year.
 */
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=UTF-8",
  ".mjs": "text/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=UTF-8",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

export interface StaticFile extends CachedBody {
  cacheControl: string;
}

export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== ".vite") walk(full);
        continue;
      }
      const type = TYPES[path.extname(name).toLowerCase()];
      if (!type) continue;
      const body = readFileSync(full);
      const urlPath = `/${path.relative(root, full).split(path.sep).join("/")}`;
      const hashed = urlPath.startsWith("/assets/");
      files.set(urlPath, {
        body,
        etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
        contentType: type,
        status: 200,
        createdAt: Date.now(),
        gzip: COMPRESSIBLE.test(name) && body.length > 512 ? gzipSync(body, { level: 9 }) : undefined,
        cacheControl: hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400",
      });
    }
  };
  walk(root);
  return files;
}
