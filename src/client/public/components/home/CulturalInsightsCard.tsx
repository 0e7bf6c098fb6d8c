import { useId } from "react";
import { CULTURAL_INSIGHTS } from "../../../../shared/cultural-insights";
import { LANGUAGES, localizedPath, type Language, type LanguageCode } from "../../../../shared/languages";
import { pageLanguage } from "../../i18n";
import { rememberLanguage } from "../../language";
import { usePagePath } from "../../router";
import { usePageContent } from "../../data";
import { D, T } from "../../i18n";

/** The page's language, the languages offered, and the choice (it opens this page in the chosen language). */
function useLanguage(): { language: Language; languages: Language[]; setLanguage: (code: LanguageCode) => void } {
  const path = usePagePath();
  return {
    language: pageLanguage(),
    languages: LANGUAGES,
    setLanguage: (code) => {
      rememberLanguage(code);
      if (code !== pageLanguage().code)
        window.location.assign(`${localizedPath(path, code)}${window.location.search}${window.location.hash}`);
    },
  };
}

/**
 * The Cultural Wellness Insights card: flag, language name and the three insights of the current
 * language, with the language choice (a radio group). Choosing a language opens this page in it (issue 27);
 * the choice is saved in localStorage ("language").
 */
export function CulturalInsightsCard() {
  const { language, languages, setLanguage } = useLanguage();
  const titleId = useId();
  const name = useId();
  const { show } = usePageContent("aboutInsights", D.ABOUT_INSIGHTS);
  return (
    <section className="card insights-card" aria-labelledby={titleId} data-testid="cultural-insights">
      <div className="insights-head">
        <span className="insights-flag" aria-hidden="true">
          {language.flag}
        </span>
        <div>
          {show("h2", "title", { id: titleId, className: "insights-title" })}
          <p className="insights-language" data-testid="insights-language">
            <span lang={language.tag}>{language.nativeName}</span>
            {language.nativeName !== language.name ? <span className="insights-language-en"> · {language.name}</span> : null}
          </p>
        </div>
      </div>
      {show("p", "intro", { className: "insights-intro" })}
      <fieldset className="lang-choice">
        <legend className="lang-choice-legend">{T.about.chooseLanguage}</legend>
        <div className="lang-options">
          {languages.map((option) => (
            <label key={option.code} className="lang-option">
              <input
                type="radio"
                name={name}
                value={option.code}
                checked={option.code === language.code}
                onChange={() => setLanguage(option.code)}
              />
              <span className="lang-option-box">
                <span aria-hidden="true">{option.flag}</span>
                <span lang={option.tag}>{option.nativeName}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ul className="insights-list" data-testid="insights-list">
        {CULTURAL_INSIGHTS[language.code].map((insight, index) => (
          // a language's fixed list from src/shared/cultural-insights.ts, never reordered, and its items hold no state
          // biome-ignore lint/suspicious/noArrayIndexKey: see the lines above
          <li key={index}>{insight}</li>
        ))}
      </ul>
    </section>
  );
}
