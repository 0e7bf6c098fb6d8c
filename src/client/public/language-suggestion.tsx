import { useEffect, useState } from "react";
import {
  findLanguage,
  LANGUAGE_STORAGE_KEY,
  localizedPath,
  pickInitialLanguage,
  type Language,
  type LanguageCode,
} from "../../shared/languages";
import { L, pageLanguage } from "./i18n";
import { rememberLanguage } from "./language";
import { usePagePath } from "./router";

/** The suggestion's words, each in its own language (the page that shows it has another's catalogue). */
const SUGGESTIONS: Record<LanguageCode, string> = {
  en: "View this page in English",
  es: "Ver esta página en español",
  zh: "查看此页面的中文版",
};

function savedChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // Storage may be blocked (private mode).
  }
}

const DISMISSED_KEY = "language-suggestion-dismissed";

/**
 * "Ver esta página en español": when the saved choice, or else the browser's language, is another of
 * the site's languages than the page's, a notice in that language links to this page in it. Shown after
 * the page is up, at the bottom of the screen (it moves nothing on the page); dismissed, it stays away.
 */
export function LanguageSuggestion() {
  const path = usePagePath();
  const [suggested, setSuggested] = useState<Language | null>(null);
  useEffect(() => {
    let dismissed = false;
    try {
      dismissed = window.localStorage.getItem(DISMISSED_KEY) === "1";
    } catch {
      // Without storage it shows on each page until a language is chosen.
    }
    const preferred = findLanguage(pickInitialLanguage(savedChoice(), navigator.languages ?? [navigator.language]));
    if (!dismissed && preferred && preferred.code !== pageLanguage().code) setSuggested(preferred);
  }, []);
  if (!suggested) return null;
  const dismiss = () => {
    setSuggested(null);
    try {
      window.localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Stays dismissed for this page only.
    }
  };
  return (
    <section className="lang-suggestion" aria-label={L.suggestionRegion} data-testid="language-suggestion">
      <a
        href={localizedPath(path, suggested.code)}
        hrefLang={suggested.tag}
        lang={suggested.tag}
        onClick={() => rememberLanguage(suggested.code)}
      >
        {SUGGESTIONS[suggested.code]}
      </a>
      <button type="button" className="icon-btn" aria-label={L.suggestionDismiss} onClick={dismiss}>
        ×
      </button>
    </section>
  );
}
