/**
 * The legal texts (issue 22): the Privacy Policy (Notice of Privacy Practices), the Terms and
 * Conditions and the HIPAA authorization. Each is versioned in the database (legal_text_versions):
 * super admins publish a new version from the portal's Legal texts screen, the public site shows the
 * newest everywhere (dialogs, contact form, its own page), and an inquiry's consent receipt names the
 * versions its form showed. This module is the one list of the three: their names, public addresses
 * and which consent of the inquiry form each one is.
 *
 * The public pages' first bundle carries this module (the route table reads it) and has a 90 KB budget: keep it to facts.
 */
export const LEGAL_KINDS = ["privacy", "terms", "hipaa"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export interface LegalKindInfo {
  /** The text's title: its page's heading, its dialog's and the portal's. */
  title: string;
  /** Its public page (server-rendered, in the sitemap). */
  path: string;
}

export const LEGAL_TEXTS: Record<LegalKind, LegalKindInfo> = {
  privacy: { title: "Privacy Policy", path: "/privacy" },
  terms: { title: "Terms and Conditions", path: "/terms" },
  hipaa: { title: "HIPAA Authorization", path: "/hipaa-authorization" },
};

/** The consent of the inquiry form each text goes with: its key in a consent receipt. */
export const LEGAL_CONSENTS = { privacy: "privacyPolicy", terms: "termsAndConditions", hipaa: "hipaaConsent" } as const;

/** How a receipt names a version: its number and effective date ("v2, effective 2025-06-01"). */
export const legalVersionLabel = (version: number, effectiveDate: string) => `v${version}, effective ${effectiveDate}`;
