import type { RouterOutputs } from "../api";

/** "2025-05-21" as "Effective date: May 21, 2025", the line above every legal text (a calendar date: read in UTC, so no time zone moves it). */
export const legalDateLine = (isoDate: string) =>
  `Effective date: ${new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}`;

/** What shows when a legal text cannot be read (its page, its dialog). */
export const LEGAL_FAILED = {
  title: "This text could not be loaded",
  text: "Please try again in a moment, or call us and we will send you a copy.",
};

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
