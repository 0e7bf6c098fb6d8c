import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PUBLIC_ROUTES } from "../../client/public/routes";
import { CLIENT_DIST_DIR } from "../paths";
import { publicAssets, readManifest } from "./assets";

/**
 * What each public page downloads: the entry, the page's chunk, and the chunks it may load on demand
 * (the legal texts), never another page's chunk or the admin portal. Used by `npm run build`'s report
 * and by tests/bundle-budget.test.ts (120 KB gzip at most, no antd).
 */
export const PUBLIC_JS_BUDGET_BYTES = 120 * 1024;

export interface PageBundle {
  /** The route table's key of the page. */
  route: string;
  files: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function publicPageBundles(distDir = CLIENT_DIST_DIR): PageBundle[] {
  const manifest = readManifest(distDir) as Record<string, Chunk> | null;
  if (!manifest) throw new Error("No client build: run npm run build");
  const assets = publicAssets(manifest);
  const pageModules = new Set(PUBLIC_ROUTES.map((route) => route.page.module));
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;

  return PUBLIC_ROUTES.map(({ key, page }) => {
    const files = new Set([...assets.entry.files, ...assets.pageFiles(page.module)]);
    // On-demand chunks reachable from the entry or the page (other pages excluded).
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) return;
      for (const dynamic of chunk.dynamicImports ?? []) {
        if (pageModules.has(dynamic) && dynamic !== page.module) continue;
        const target = manifest[dynamic];
        if (target && !files.has(target.file)) {
          files.add(target.file);
          for (const css of target.css ?? []) files.add(css);
          visit(dynamic);
        }
      }
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit("src/client/entry-public.tsx");
    visit(page.module);
    const list = [...files];
    return {
      route: key,
      files: list,
      jsGzipBytes: list.filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gz(f), 0),
      cssGzipBytes: list.filter((f) => f.endsWith(".css")).reduce((sum, f) => sum + gz(f), 0),
    };
  });
}
