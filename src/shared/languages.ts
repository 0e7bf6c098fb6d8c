/**
 * The site's languages (issue 27): English, Spanish and Simplified Chinese. Every public page has an
 * address in each (`/about`, `/es/about`, `/zh/about`; the home pages are `/`, `/es/`, `/zh/`), is
 * rendered on the server in that language, and says so (`<html lang>`, hreflang alternates). The
 * visitor's choice is saved in local storage under "language" (public-site.md sections 1, 3, 4 and 9)
 * and suggested, never applied by itself, on a page of another language.
 *
 * The public pages' first bundle carries this module: keep it to facts.
 */
export const LANGUAGE_STORAGE_KEY = "language";
export const DEFAULT_LANGUAGE = "en";

export const LANGUAGE_CODES = ["en", "es", "zh"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
/** The languages staff translate into (English is the source). */
export const TRANSLATION_LANGUAGES = ["es", "zh"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export interface Language {
  code: LanguageCode;
  name: string;
  nativeName: string;
  flag: string;
  /** The BCP 47 tag of its text: `<html lang>`, `lang` of a passage, hreflang. */
  tag: "en" | "es" | "zh-Hans";
  /** Open Graph locale of its pages. */
  locale: "en_US" | "es_ES" | "zh_CN";
  /** The locale dates and numbers are written in. */
  intl: "en-US" | "es-US" | "zh-CN";
}

export const LANGUAGES: Language[] = [
  { code: "en", name: "English", nativeName: "English", flag: "🇺🇸", tag: "en", locale: "en_US", intl: "en-US" },
  { code: "es", name: "Spanish", nativeName: "Español", flag: "🇪🇸", tag: "es", locale: "es_ES", intl: "es-US" },
  { code: "zh", name: "Chinese", nativeName: "中文", flag: "🇨🇳", tag: "zh-Hans", locale: "zh_CN", intl: "zh-CN" },
];

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

export function languageOf(code: LanguageCode): Language {
  return findLanguage(code) ?? LANGUAGES[0]!;
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** The saved choice, else the browser's language if supported, else English. */
export function pickInitialLanguage(saved: string | null, browserLanguages: readonly string[]): LanguageCode {
  const fromSaved = findLanguage(saved);
  if (fromSaved) return fromSaved.code;
  for (const tag of browserLanguages) {
    const match = findLanguage(tag.toLowerCase().split("-")[0]);
    if (match) return match.code;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * A public address's language and the page's path without it: "/es/services/x" gives es and
 * "/services/x"; "/es" and "/es/" give es and "/"; any other path is English.
 */
export function splitLanguagePath(pathname: string): { language: LanguageCode; path: string } {
  const match = /^\/(es|zh)(\/.*)?$/.exec(pathname);
  if (!match) return { language: "en", path: pathname };
  return { language: match[1] as LanguageCode, path: match[2] && match[2] !== "/" ? match[2] : "/" };
}

/** A page's address in a language: "/services/x" in es gives "/es/services/x"; the home page "/es/". A hash or query stays. */
export function localizedPath(path: string, language: LanguageCode): string {
  if (language === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  return `/${language}${path}`;
}
