import type { RouterOutputs } from "../api";
import { foreignLang, L } from "../i18n";

/**
 * "2025-05-21" as "Effective date: May 21, 2025" in the page's language, the line above every legal text (a calendar date: no time zone
 * moves it).
 */
export const legalDateLine = (isoDate: string) => {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  return L.legalDateLine(L.longDate(year, month - 1, day));
};

/**
 * A legal text as the site shows it, on its page and in its dialog: the line with its effective date,
 * then its HTML (written in the portal's visual editor and cleaned by the server when published). On a
 * page in another language than the text's (the English shown while its translation is being updated,
 * issue 36), a line in the page's language says so first, and only the text itself is marked lang.
 */
export function LegalText({ text, testId }: { text: RouterOutputs["legal"]["current"]; testId?: string }) {
  const lang = foreignLang(text.language);
  return (
    <div className="legal-text" data-testid={testId} data-version={text.version} data-language={text.language}>
      {lang ? (
        <p className="notice legal-updating" data-testid="legal-translation-updating">
          {L.legalTranslationUpdating}
        </p>
      ) : null}
      <p>
        <strong>{legalDateLine(text.effectiveDate)}</strong>
      </p>
      {/* the legal text's HTML, cleaned by the server's allowlist (src/server/services/html.ts) when published and again when read */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see the lines above */}
      <div lang={lang} dangerouslySetInnerHTML={{ __html: text.html }} />
    </div>
  );
}
