import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PAGE_MODULES } from "../../client/public/pages/registry";
import type { PublicRouteKey } from "../../client/public/routes";
import { CLIENT_DIST_DIR } from "../paths";
import { publicAssets, readManifest } from "./assets";

/**
 * What each public page downloads: the entry, the page's chunk, and the chunks it may load on demand
 * (the legal texts), never another page's chunk or the admin portal. Used by `npm run build`'s report
 * and by tests/bundle-budget.test.ts (120 KB gzip at most, no antd).
 */
export const PUBLIC_JS_BUDGET_BYTES = 120 * 1024;

export interface PageBundle {
  route: PublicRouteKey;
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
  const pageModules = new Set(Object.values(PAGE_MODULES));
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;

  return (Object.keys(PAGE_MODULES) as PublicRouteKey[]).map((route) => {
    const files = new Set([...assets.entry.files, ...assets.pageFiles(PAGE_MODULES[route])]);
    // On-demand chunks reachable from the entry or the page (other pages excluded).
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) return;
      for (const dynamic of chunk.dynamicImports ?? []) {
        if (pageModules.has(dynamic) && dynamic !== PAGE_MODULES[route]) continue;
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
    visit(PAGE_MODULES[route]);
    const list = [...files];
    return {
      route,
      files: list,
      jsGzipBytes: list.filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gz(f), 0),
      cssGzipBytes: list.filter((f) => f.endsWith(".css")).reduce((sum, f) => sum + gz(f), 0),
    };
  });
}
