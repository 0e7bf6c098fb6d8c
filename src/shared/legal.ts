/**
 * The legal texts (issue 22): the Privacy Policy (Notice of Privacy Practices), the Terms and
 * Conditions and the HIPAA authorization. Each is versioned in the database (legal_text_versions):
 * super admins publish a new version from the portal's Legal texts screen, the public site shows the
 * newest everywhere (dialogs, contact form, its own page), and an inquiry's consent receipt names the
 * versions its form showed. This module is the one list of the three: their names, public addresses
 * and which consent of the inquiry form each one is.
 */
export const LEGAL_KINDS = ["privacy", "terms", "hipaa"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export interface LegalKindInfo {
  /** The text's title: its page's heading, its dialog's and the portal's. */
  title: string;
  /** Its public page (server-rendered, in the sitemap). */
  path: string;
  /** The consent of the inquiry form it goes with: the receipt's document key. */
  consent: "privacyPolicy" | "termsAndConditions" | "hipaaConsent";
}

export const LEGAL_TEXTS: Record<LegalKind, LegalKindInfo> = {
  privacy: { title: "Privacy Policy", path: "/privacy", consent: "privacyPolicy" },
  terms: { title: "Terms and Conditions", path: "/terms", consent: "termsAndConditions" },
  hipaa: { title: "HIPAA Authorization", path: "/hipaa-authorization", consent: "hipaaConsent" },
};

/** "2025-05-21" as "May 21, 2025" (a calendar date: no time zone is involved). */
export function legalDateText(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${months[(month ?? 1) - 1]} ${day}, ${year}`;
}

/** The line every legal text starts with, on its page and in its dialog. */
export const legalDateLine = (isoDate: string) => `Effective date: ${legalDateText(isoDate)}`;

/** How a receipt names a version: its number and effective date ("v2, effective 2025-06-01"). */
export const legalVersionLabel = (version: number, effectiveDate: string) => `v${version}, effective ${effectiveDate}`;
