import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this module holding package.json (works from src/ and dist/). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot();
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "drizzle");
export const CLIENT_DIST_DIR = path.join(PROJECT_ROOT, "dist", "client");
/** The public site's static sources (what Vite copies into the build: pictures, icons). */
export const CLIENT_PUBLIC_DIR = path.join(PROJECT_ROOT, "public");
