/**
 * The language choice (public-site.md sections 1, 3, 4 and 9): English, Spanish, Chinese. It changes
 * only the cultural wellness insights on the About page. Saved in local storage under "language".
 */
export const LANGUAGE_STORAGE_KEY = "language";
export const DEFAULT_LANGUAGE = "en";

export interface Language {
  code: "en" | "es" | "zh";
  name: string;
  nativeName: string;
  flag: string;
  /** Open Graph locale of the About page. */
  locale: "en_US" | "es_ES" | "zh_CN";
}

export const LANGUAGES: Language[] = [
  {
    code: "en",
    name: "English",
    nativeName: "English",
    flag: "🇺🇸",
    locale: "en_US",
  },
  {
    code: "es",
    name: "Spanish",
    nativeName: "Español",
    flag: "🇪🇸",
    locale: "es_ES",
  },
  {
    code: "zh",
    name: "Chinese",
    nativeName: "中文",
    flag: "🇨🇳",
    locale: "zh_CN",
  },
];

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

/** The saved choice, else the browser's language if supported, else English. */
export function pickInitialLanguage(saved: string | null, browserLanguages: readonly string[]): Language["code"] {
  const fromSaved = findLanguage(saved);
  if (fromSaved) return fromSaved.code;
  for (const tag of browserLanguages) {
    const match = findLanguage(tag.toLowerCase().split("-")[0]);
    if (match) return match.code;
  }
  return DEFAULT_LANGUAGE;
}
