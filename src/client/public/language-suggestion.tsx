import { useState } from "react";
import { localizedPath, type Language, type LanguageCode } from "../../shared/languages";
import { L } from "./i18n";
import { rememberLanguage, SUGGESTION_DISMISSED_KEY } from "./language";
import { usePagePath } from "./router";

/** The suggestion's words, each in its own language (the page that shows it has another's catalogue). */
const SUGGESTIONS: Record<LanguageCode, string> = {
  en: "View this page in English",
  es: "Ver esta página en español",
  zh: "查看此页面的中文版",
};

/**
 * "Ver esta página en español": when the saved choice, or else the browser's language, is another of
 * the site's languages than the page's, a notice in that language links to this page in it (the
 * language found by languageToSuggest, before this code loads). Shown after the page is up, at the
 * bottom of the screen (it moves nothing on the page); dismissed, it stays away.
 */
export function LanguageSuggestion({ language }: { language: Language }) {
  const path = usePagePath();
  const [suggested, setSuggested] = useState<Language | null>(language);
  if (!suggested) return null;
  const dismiss = () => {
    setSuggested(null);
    try {
      window.localStorage.setItem(SUGGESTION_DISMISSED_KEY, "1");
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
