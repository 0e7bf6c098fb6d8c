import { languageOf, type Language, type LanguageCode } from "../../shared/languages";
import type { Catalogue } from "./catalogue/en";
import type { WordPart, Words } from "./catalogue/parts";

/**
 * The page's language and its interface catalogue (issue 27). A document is in one language from its
 * address to its last word: the browser loads that language's catalogue (catalogue/<code>.ts, a chunk
 * of its own) before it hydrates and never changes it (choosing another language loads that page);
 * the server applies a language's catalogue right before it builds a page's reads and renders it,
 * which run synchronously (src/server/site/ssr/render.tsx). Components read the words through these
 * bindings (`T.nav.home`), which always hold the current page's.
 */
export let T: Catalogue["T"];
export let TH: Catalogue["TH"];
export let TN: Catalogue["TN"];
export let TC: Catalogue["TC"];
export let TS: Catalogue["TS"];
export let D: Catalogue["D"];
export let CM: Catalogue["CM"];
export let L: Catalogue["L"];
export let B: Catalogue["B"];
let current: Language = languageOf("en");

export function applyCatalogue(language: LanguageCode, catalogue: Catalogue): void {
  ({ T, TH, TN, TC, TS, D, CM, L, B } = catalogue);
  current = languageOf(language);
}

/** The language of the page being rendered or shown. */
export function pageLanguage(): Language {
  return current;
}

const loadedParts = new Set<string>();
let wordFiles: Record<string, string> = {};

/** Where each part of this page's language's words loads from, as the page's data names them (the browser's entry). */
export function setWordFiles(files: Record<string, string>): void {
  wordFiles = files;
}

/**
 * The browser's words: its page language's core and the parts a page needs, loaded once each from the
 * files the server named (setWordFiles: each part a build entry of its own, catalogue/<language>/<part>.ts),
 * and added to the bindings group by group (a page renders once its parts are in: routing.ts, loadPage).
 */
export async function loadWords(language: LanguageCode, parts: readonly WordPart[]): Promise<void> {
  const wanted = (["core", ...parts] as const).filter((part) => !loadedParts.has(part));
  const loaded = await Promise.all(
    wanted.map((part) =>
      (import(/* @vite-ignore */ wordFiles[part]!) as Promise<{ WORDS: Words }>).then((module) => [part, module.WORDS] as const),
    ),
  );
  const next: Record<string, object> = { T, TH, TN, TC, TS, D, CM, L, B };
  for (const [part, words] of loaded) {
    loadedParts.add(part);
    for (const [group, entries] of Object.entries(words)) next[group] = { ...next[group], ...entries };
  }
  applyCatalogue(language, next as Catalogue);
}

/**
 * The `lang` a passage needs when its words are not in the page's language (staff content with no
 * translation yet shows in English): undefined when they are.
 */
export function foreignLang(language: LanguageCode | undefined): string | undefined {
  if (!language || language === current.code) return undefined;
  return languageOf(language).tag;
}
