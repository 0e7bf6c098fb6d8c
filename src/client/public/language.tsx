import {
  findLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  localizedPath,
  pickInitialLanguage,
  type Language,
  type LanguageCode,
} from "../../shared/languages";
import { pageLanguage } from "./i18n";

/**
 * The language choice (public-site.md section 4; issue 27). A page is in its address's language; the
 * choice goes to the same page in the chosen language (a new page load: its words are another
 * catalogue) and is saved in local storage under "language". The saved choice, or else the browser's
 * language, only ever suggests: a small notice in that language links to this page in it, and never
 * switches the page by itself.
 */

/** Saves the choice (when storage allows) before the visitor goes to the page in that language. */
export function rememberLanguage(code: LanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Not saved when storage is blocked; the page in that language still opens.
  }
}

function savedChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // Storage may be blocked (private mode).
  }
}

export const SUGGESTION_DISMISSED_KEY = "language-suggestion-dismissed";

/**
 * The language to suggest on this page, if any: the saved choice, or else the browser's language, when
 * it is another of the site's languages than the page's and the suggestion was not dismissed. Asked
 * before the notice's code loads (language-suggestion.tsx), so a page that shows none never fetches it.
 */
export function languageToSuggest(): Language | null {
  let dismissed = false;
  try {
    dismissed = window.localStorage.getItem(SUGGESTION_DISMISSED_KEY) === "1";
  } catch {
    // Without storage it shows on each page until a language is chosen.
  }
  const preferred = findLanguage(pickInitialLanguage(savedChoice(), navigator.languages ?? [navigator.language]));
  return !dismissed && preferred && preferred.code !== pageLanguage().code ? preferred : null;
}

/**
 * This page in each language: plain links (they work without JavaScript too); a click also saves the
 * choice. A page that is not found links to each language's home page (the server sends one 404 body
 * for every unknown address, so nothing in it may depend on the address).
 */
export function LanguageLinks({ path, className }: { path: string; className?: string }) {
  const current = pageLanguage();
  return (
    <ul className={className ?? "lang-links"}>
      {LANGUAGES.map((language) => (
        <li key={language.code}>
          <a
            href={localizedPath(path, language.code)}
            hrefLang={language.tag}
            lang={language.tag}
            aria-current={language.code === current.code ? "true" : undefined}
            onClick={() => rememberLanguage(language.code)}
          >
            {language.nativeName}
          </a>
        </li>
      ))}
    </ul>
  );
}
