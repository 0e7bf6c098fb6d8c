import { useId } from "react";
import { CULTURAL_INSIGHTS } from "../../../../shared/cultural-insights";
import { useLanguage } from "../../language";
import { T } from "../../text";
import { usePageContent } from "../../data";
import { ABOUT_INSIGHTS } from "../../text-home";

/**
 * The Cultural Wellness Insights card: flag, language name and the three insights of the current
 * language, with the language choice (a radio group). Choosing a language changes only these insights;
 * the provider saves it in localStorage ("language") and sets <html lang>.
 */
export function CulturalInsightsCard() {
  const { language, languages, setLanguage } = useLanguage();
  const titleId = useId();
  const name = useId();
  const text = usePageContent("aboutInsights", ABOUT_INSIGHTS).fields;
  return (
    <section className="card insights-card" aria-labelledby={titleId} data-testid="cultural-insights">
      <div className="insights-head">
        <span className="insights-flag" aria-hidden="true">
          {language.flag}
        </span>
        <div>
          <h2 id={titleId} className="insights-title">
            {text.title}
          </h2>
          <p className="insights-language" data-testid="insights-language">
            <span lang={language.code}>{language.nativeName}</span>
            {language.nativeName !== language.name ? <span className="insights-language-en"> · {language.name}</span> : null}
          </p>
        </div>
      </div>
      <p className="insights-intro">{text.intro}</p>
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
                <span lang={option.code}>{option.nativeName}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ul className="insights-list" lang={language.code} data-testid="insights-list">
        {CULTURAL_INSIGHTS[language.code].map((insight, index) => (
          <li key={index}>{insight}</li>
        ))}
      </ul>
    </section>
  );
}
