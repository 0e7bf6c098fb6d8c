import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CLIENT_DIST_DIR } from "../paths";

/**
 * The tags a page needs for its entry's hashed assets, from Vite's manifest: stylesheets and module
 * preloads for <head>, the entry script for the end of <body>.
 */
export interface EntryAssets {
  head: string;
  bodyEnd: string;
  /** Files the entry loads (for the size budget and preload headers). */
  files: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** Entry tags plus, per page, the preload and stylesheet tags of that page's own chunk. */
export interface PublicAssets {
  entry: EntryAssets;
  pageHead(moduleKey: string): string;
  pageFiles(moduleKey: string): string[];
}

export const PUBLIC_ENTRY = "src/client/entry-public.tsx";
export const ADMIN_ENTRY = "src/client/entry-admin.tsx";

/** Both builds' manifests (public pages and admin portal), merged; null when there is no client build. */
export function readManifest(distDir = CLIENT_DIST_DIR): Record<string, ManifestChunk> | null {
  const read = (name: string) => {
    const file = path.join(distDir, ".vite", name);
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>) : null;
  };
  const publicManifest = read("manifest.json");
  return publicManifest ? { ...publicManifest, ...(read("admin-manifest.json") ?? {}) } : null;
}

/**
 * A stylesheet as the page carries it: inline, in a <style> element. The public stylesheets are small
 * (about 26 KB before gzip for a page), and a linked one blocks the first paint for a round trip of
 * its own (Lighthouse: render-blocking resources). The CSP allows inline styles.
 */
function styleTag(file: string, distDir: string): string {
  const css = readFileSync(path.join(distDir, file), "utf8");
  return `<style data-href="/${file}">${css.replace(/<\/style/gi, "<\\/style")}</style>`;
}

/**
 * A public page's scripts load at low priority (`fetchpriority="low"`): the server-rendered HTML with
 * its inline styles is the page, and it works without JavaScript (the menu is a link, the form posts),
 * so the first paint never waits for or competes with the scripts that then make it interactive.
 * Measured with Lighthouse's simulated slow 4G: the first contentful paint of /contact went from
 * 1.9 s to 0.8 s. The admin portal, a single-page app with nothing to show before its script, keeps
 * the default priority.
 */
const LOW = ' fetchpriority="low"';

export function entryAssets(manifest: Record<string, ManifestChunk>, entry: string, distDir = CLIENT_DIST_DIR): EntryAssets {
  const priority = entry === PUBLIC_ENTRY ? LOW : "";
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`${entry} is not in the client build manifest: run npm run build`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string, isRoot: boolean) => {
    const item = manifest[key];
    if (!item) return;
    for (const file of item.css ?? []) css.add(file);
    if (!isRoot) preloads.add(item.file);
    for (const imported of item.imports ?? []) visit(imported, false);
  };
  visit(entry, true);
  const head = [
    ...[...css].map((file) => styleTag(file, distDir)),
    ...[...preloads].map((file) => `<link rel="modulepreload"${priority} href="/${file}">`),
  ].join("");
  return {
    head,
    bodyEnd: `<script type="module"${priority} src="/${chunk.file}"></script>`,
    files: [chunk.file, ...preloads, ...css],
  };
}

/** Development: Vite serves the sources, with React Fast Refresh. */
export function devEntryAssets(entry: string): EntryAssets {
  const preamble =
    '<script type="module">import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);' +
    "window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(type)=>type;window.__vite_plugin_react_preamble_installed__=true;</script>";
  return {
    head: `${preamble}<script type="module" src="/@vite/client"></script>`,
    bodyEnd: `<script type="module" src="/${entry}"></script>`,
    files: [],
  };
}

/**
 * A page chunk's stylesheets and module preloads, minus what the entry already brings, so the page's
 * code downloads in parallel with the entry instead of after it.
 */
export function publicAssets(manifest: Record<string, ManifestChunk>, distDir = CLIENT_DIST_DIR): PublicAssets {
  const entry = entryAssets(manifest, PUBLIC_ENTRY, distDir);
  const entryFiles = new Set(entry.files);
  const files = (moduleKey: string): string[] => {
    const out = new Set<string>();
    const visit = (key: string) => {
      const item = manifest[key];
      if (!item || entryFiles.has(item.file) || out.has(item.file)) return;
      out.add(item.file);
      for (const css of item.css ?? []) if (!entryFiles.has(css)) out.add(css);
      for (const imported of item.imports ?? []) visit(imported);
    };
    visit(moduleKey);
    return [...out];
  };
  const cache = new Map<string, string>();
  return {
    entry,
    pageFiles: files,
    pageHead(moduleKey) {
      let head = cache.get(moduleKey);
      if (head === undefined) {
        head = files(moduleKey)
          .map((file) => (file.endsWith(".css") ? styleTag(file, distDir) : `<link rel="modulepreload"${LOW} href="/${file}">`))
          .join("");
        cache.set(moduleKey, head);
      }
      return head;
    },
  };
}

export function bareAssets(entry: EntryAssets): PublicAssets {
  return { entry, pageHead: () => "", pageFiles: () => [] };
}
