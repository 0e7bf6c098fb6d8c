import { legalDateLine } from "../../../shared/legal";
import type { RouterOutputs } from "../api";

/**
 * A legal text as the site shows it, on its page and in its dialog: the line with its effective date,
 * then its HTML (written in the portal's visual editor and cleaned by the server when published).
 */
export function LegalText({ text, testId }: { text: RouterOutputs["legal"]["current"]; testId?: string }) {
  return (
    <div className="legal-text" data-testid={testId} data-version={text.version}>
      <p>
        <strong>{legalDateLine(text.effectiveDate)}</strong>
      </p>
      <div dangerouslySetInnerHTML={{ __html: text.html }} />
    </div>
  );
}
