import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CLIENT_DIST_DIR } from "../../paths";
import type { LanguageCode } from "../../../shared/languages";
import { WORD_PARTS, type WordPart } from "../../../client/public/catalogue/parts";

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

/**
 * What a public page carries: its stylesheets inline in <head> (the entry's and the page chunk's), and
 * at the end of <body> the loader that starts the entry script and every module the page needs.
 */
export interface PublicAssets {
  /** The entry's own files (for the size budget). */
  entry: EntryAssets;
  head(moduleKey: string): string;
  /** The loader, with the page chunk's modules and those of its words (issue 27: wordModules). */
  bodyEnd(moduleKey: string, words?: readonly string[]): string;
  /** The page chunk's files beyond the entry's (for the size budget), with those of its words. */
  pageFiles(moduleKey: string, words?: readonly string[]): string[];
  /** Where the browser loads each part of a language's words from (the page's data names them: i18n.ts). */
  wordFiles(language: LanguageCode): Record<string, string>;
}

/** Every part of a language's words (src/client/public/catalogue/parts.ts). */
const allWordModules = (language: LanguageCode) => wordModules(language, WORD_PARTS);

/** The modules of a page's words in a language: its catalogue's core and the page's parts (src/client/public/i18n.ts). */
export const wordModules = (language: LanguageCode, parts: readonly WordPart[]) =>
  ["core", ...parts].map((part) => `src/client/public/catalogue/${language}/${part}.ts`);

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

/** The tags of an entry as the admin portal loads it: stylesheets inline, modules preloaded, the entry script. */
export function entryAssets(manifest: Record<string, ManifestChunk>, entry: string, distDir = CLIENT_DIST_DIR): EntryAssets {
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
    ...[...preloads].map((file) => `<link rel="modulepreload" href="/${file}">`),
  ].join("");
  return {
    head,
    bodyEnd: `<script type="module" src="/${chunk.file}"></script>`,
    files: [chunk.file, ...preloads, ...css],
  };
}

/** Development: Vite serves the sources, with React Fast Refresh for the portal (a public module reloads the page). */
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
 * When a public page's scripts start: after the page's load event and its first contentful paint, so
 * the server-rendered page and its pictures have the connection to themselves (on a phone's slow link,
 * 80 KB of scripts fetched beside the hero picture delay it), and the scripts' evaluation and hydration
 * come after the first paint instead of before it. The links, the menu (a link to the drawer) and the
 * inquiry form (it posts) work as plain HTML before that; what needs the script (the dialogs, the
 * carousel, Load More) answers once the page hydrates (Preact hydrates in one task: no click lands
 * in the middle of it).
 * Measured with Lighthouse (mobile, simulated slow 4G; bench/lighthouse.ts), interleaved on the four
 * pages: with the scripts in the document (preloaded in <head>), first contentful paint 1.7-1.9 s and
 * performance 98-99; started by this loader, 0.7-0.8 s and 100 (figures in docs/performance.md).
 *
 * The module preloads go in with the entry (not in <head>, where the browser would fetch them at once),
 * so the page's modules still download in parallel rather than one import after another. The stylesheets
 * already inline are announced to Vite's preload helper as disabled <link>s (which no browser fetches):
 * the helper looks for a stylesheet link before it loads a chunk's CSS, and would fetch each again.
 *
 * A hidden tab paints nothing, so there the scripts start at once (or as soon as it is hidden). The
 * loader is an inline script: the pages' Content-Security-Policy allows it by its hash
 * (PUBLIC_LOADER_CSP_SOURCE) and no other.
 */
function publicLoader(tag: HTMLScriptElement) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const head = document.head;
    for (const style of Array.from(document.querySelectorAll("style[data-href]"))) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.disabled = true;
      link.href = style.getAttribute("data-href")!;
      head.appendChild(link);
    }
    for (const href of (tag.getAttribute("data-modules") ?? "").split(" ")) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      head.appendChild(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.src = tag.getAttribute("data-entry")!;
    document.body.appendChild(script);
  };
  // The first contentful paint as the browser reports it: once the frame is on screen, which on a busy
  // device can be well after the load event (a browser without paint timing skips this wait).
  let painted =
    !PerformanceObserver.supportedEntryTypes?.includes("paint") || performance.getEntriesByName("first-contentful-paint").length > 0;
  let loaded = document.readyState === "complete";
  const next = () => {
    if (document.visibilityState === "hidden") start();
    else if (painted && loaded) requestAnimationFrame(() => setTimeout(start, 0));
  };
  if (!painted) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted = true;
      next();
    }).observe({ type: "paint", buffered: true });
  }
  if (!loaded) {
    addEventListener(
      "load",
      () => {
        loaded = true;
        next();
      },
      { once: true },
    );
  }
  document.addEventListener("visibilitychange", next);
  next();
}

/** The loader as the page carries it, and its hash for the Content-Security-Policy. */
// Without its line breaks and indentation (its statements all end in ";" or a brace).
export const PUBLIC_LOADER_SCRIPT = `(${publicLoader.toString().replace(/\n\s*/g, "")})(document.currentScript)`;
export const PUBLIC_LOADER_CSP_SOURCE = `'sha256-${createHash("sha256").update(PUBLIC_LOADER_SCRIPT).digest("base64")}'`;

/**
 * The public pages' assets from the client build: the entry's and each page chunk's stylesheets
 * (inline) and modules (started by the loader), the page's own minus what the entry already brings.
 */
export function publicAssets(manifest: Record<string, ManifestChunk>, distDir = CLIENT_DIST_DIR): PublicAssets {
  const entryChunk = manifest[PUBLIC_ENTRY];
  if (!entryChunk) throw new Error(`${PUBLIC_ENTRY} is not in the client build manifest: run npm run build`);
  const entry = entryAssets(manifest, PUBLIC_ENTRY, distDir);
  const entryFiles = new Set(entry.files);
  const files = (moduleKey: string, words: readonly string[] = []): string[] => {
    const out = new Set<string>();
    const visit = (key: string) => {
      const item = manifest[key];
      if (!item || entryFiles.has(item.file) || out.has(item.file)) return;
      out.add(item.file);
      for (const css of item.css ?? []) if (!entryFiles.has(css)) out.add(css);
      for (const imported of item.imports ?? []) visit(imported);
    };
    visit(moduleKey);
    for (const module of words) visit(module);
    return [...out];
  };
  const entryStyles = entry.files.filter((file) => file.endsWith(".css"));
  const entryModules = entry.files.filter((file) => file.endsWith(".js") && file !== entryChunk.file);
  const tags = new Map<string, { head: string; bodyEnd: string }>();
  const tagsOf = (moduleKey: string, words: readonly string[] = []) => {
    let made = tags.get(`${moduleKey} ${words.join(" ")}`);
    if (!made) {
      const pageFiles = files(moduleKey, words);
      const styles = [...entryStyles, ...pageFiles.filter((file) => file.endsWith(".css"))];
      const modules = [...entryModules, ...pageFiles.filter((file) => file.endsWith(".js"))];
      made = {
        head: styles.map((file) => styleTag(file, distDir)).join(""),
        bodyEnd:
          `<script data-entry="/${entryChunk.file}" data-modules="${modules.map((file) => `/${file}`).join(" ")}">` +
          `${PUBLIC_LOADER_SCRIPT}</script>`,
      };
      tags.set(`${moduleKey} ${words.join(" ")}`, made);
    }
    return made;
  };
  const wordFiles = (language: LanguageCode) =>
    Object.fromEntries(
      allWordModules(language).flatMap((module) => {
        const chunk = manifest[module];
        return chunk ? [[partOf(module), `/${chunk.file}`]] : [];
      }),
    );
  return {
    entry,
    head: (moduleKey) => tagsOf(moduleKey).head,
    bodyEnd: (moduleKey, words) => tagsOf(moduleKey, words).bodyEnd,
    pageFiles: files,
    wordFiles,
  };
}

/** "src/client/public/catalogue/es/home.ts" is the part "home". */
const partOf = (module: string) => path.basename(module, ".ts");

/** The words' files when Vite serves the sources (development): the modules themselves. */
export const devWordFiles = (language: LanguageCode) =>
  Object.fromEntries(allWordModules(language).map((module) => [partOf(module), `/${module}`]));

/** Pages whose assets do not depend on the page: development (Vite serves the sources) and tests without a build. */
export function bareAssets(entry: EntryAssets): PublicAssets {
  return { entry, head: () => entry.head, bodyEnd: () => entry.bodyEnd, pageFiles: () => [], wordFiles: () => ({}) };
}
