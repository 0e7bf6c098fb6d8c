import { LANGUAGE_STORAGE_KEY, LANGUAGES, localizedPath, type LanguageCode } from "../../shared/languages";
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
