import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PUBLIC_ROUTES } from "../../../client/public/routes";
import { CLIENT_DIST_DIR } from "../../paths";
import { publicAssets, readManifest, wordModules } from "./assets";
import { WORD_PARTS } from "../../../client/public/catalogue/parts";
import { LANGUAGE_CODES, type LanguageCode } from "../../../shared/languages";

/**
 * What each public page loads: the entry, the page's chunk and what they import, which is what a
 * visitor downloads before the page is interactive, and what every page fetches once it is up (the
 * page-view script; the language notice for a visitor whose language is another). That is the budget,
 * counted as a browser counts it (issue 37): 85 KB gzip at most, so booking and search fit under 90 KB
 * (the renderer, Preact with its React-compatible layer, is about 11 KB of it: decisions/0070). Code
 * that runs only after an interaction loads then (the legal texts when a dialog opens, the inquiry
 * form's schema when the form is first focused) and is reported beside it, with its own smaller
 * budget; never another page's chunk or the admin portal. Used by `npm run build`'s report and by
 * tests/bundle-budget.test.ts.
 */
export const PUBLIC_JS_BUDGET_BYTES = 85 * 1024;
/** What a page may load on demand, after an interaction, at most (all of it together). */
export const ON_DEMAND_JS_BUDGET_BYTES = 20 * 1024;

/**
 * What every page fetches once it is up, before any interaction, beside its own modules: the visit
 * counting (the page-view script; a browser that sends Do Not Track fetches it too, then sends nothing).
 * A browser counts it with the page; issue 37 asked the budget to as well.
 */
export const AFTER_LOAD_MODULES = ["src/client/public/analytics.ts"] as const;
/** Fetched once the page is up only when there is a language to suggest (a visitor whose language is another). */
export const LANGUAGE_NOTICE_MODULE = "src/client/public/language-suggestion.tsx";

export interface PageBundle {
  /** The route table's key of the page. */
  route: string;
  /** The page's language: each loads its own catalogue (issue 27), so each has its own weight. */
  language: LanguageCode;
  /** Files loaded with the page. */
  files: string[];
  jsGzipBytes: number;
  /**
   * What a browser fetches before any interaction, as it counts it: the page's modules (jsGzipBytes)
   * and what every page fetches once it is up (AFTER_LOAD_MODULES: the page-view script).
   */
  beforeInteractionJsGzipBytes: number;
  /** The language notice's code, which a visitor whose language is another fetches too (before interaction). */
  languageNoticeJsGzipBytes: number;
  cssGzipBytes: number;
  /** Files loaded only after an interaction (dynamic imports of the entry or the page, other pages excluded). */
  onDemandFiles: string[];
  onDemandJsGzipBytes: number;
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
  // Other pages' chunks and other languages' catalogues are never this page's.
  const everyWords = LANGUAGE_CODES.flatMap((language) => wordModules(language, WORD_PARTS));
  const pageModules = new Set([...PUBLIC_ROUTES.map((route) => route.page.module), ...everyWords]);
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const jsBytes = (files: Iterable<string>) => [...files].filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gz(f), 0);

  return PUBLIC_ROUTES.flatMap(({ key, page, words }) =>
    LANGUAGE_CODES.map((language) => {
      const files = new Set([...assets.entry.files, ...assets.pageFiles(page.module, wordModules(language, words))]);
      const onDemand = new Set<string>();
      const seen = new Set<string>();
      // Walks the static imports (loaded with the page) and collects what they import on demand.
      const visit = (key: string, loadedWithPage: boolean) => {
        const chunk = manifest[key];
        if (!chunk || seen.has(key)) return;
        seen.add(key);
        if (!loadedWithPage && !files.has(chunk.file)) {
          onDemand.add(chunk.file);
          for (const css of chunk.css ?? []) onDemand.add(css);
        }
        for (const imported of chunk.imports ?? []) visit(imported, loadedWithPage);
        for (const dynamic of chunk.dynamicImports ?? []) {
          if (pageModules.has(dynamic)) continue; // another page's chunk (or this one, loaded with the page)
          visit(dynamic, false);
        }
      };
      visit("src/client/entry-public.tsx", true);
      visit(page.module, true);
      for (const module of wordModules(language, words)) visit(module, true);
      // The inquiry form's messages load with its schema, when a visitor starts on the form: on demand.
      if (words.includes("contact")) visit(wordModules(language, ["form"])[1]!, false);
      const list = [...files];
      // What the entry fetches once the page is up (the page-view script), not already with the page.
      const afterLoad = new Set<string>();
      const collect = (key: string, into: Set<string>) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file) || into.has(chunk.file)) return;
        into.add(chunk.file);
        for (const imported of chunk.imports ?? []) collect(imported, into);
      };
      for (const module of AFTER_LOAD_MODULES) collect(module, afterLoad);
      const notice = new Set<string>();
      collect(LANGUAGE_NOTICE_MODULE, notice);
      const jsGzipBytes = jsBytes(list);
      return {
        route: key,
        language,
        files: list,
        jsGzipBytes,
        beforeInteractionJsGzipBytes: jsGzipBytes + jsBytes(afterLoad),
        languageNoticeJsGzipBytes: jsBytes([...notice].filter((file) => !afterLoad.has(file))),
        cssGzipBytes: list.filter((f) => f.endsWith(".css")).reduce((sum, f) => sum + gz(f), 0),
        onDemandFiles: [...onDemand],
        onDemandJsGzipBytes: jsBytes(onDemand),
      };
    }),
  );
}
