import { createHash } from "node:crypto";
import { LEGAL_EFFECTIVE_DATES, legalPlainText } from "../../client/public/layout/legal-content";
import { T } from "../../client/public/text";
import type { ConsentReceipt } from "../db/schema";

/**
 * Consent receipts: which version of each legal text a visitor accepted with an inquiry. A version is
 * the text's effective date and the start of the SHA-256 of its exact words (the contact form's copy:
 * the Privacy Policy and Terms its dialogs show, and the HIPAA authorization sentence next to its
 * checkbox), so changing a text changes its version without anyone having to remember to.
 *
 * The versions are those this release serves; the page and the server are one release. (A visitor who
 * opened the form before an upgrade and sends it after would be recorded with the new texts; the signed
 * form token of the inquiry-notification issue is where the rendered versions will travel instead.)
 */
export type LegalDocument = keyof ConsentReceipt["documents"];

interface LegalVersion {
  version: string;
  sha256: string;
  text: string;
}

/** A text's version: its effective date and the start of its SHA-256 (any change to the words changes it). */
export function versionOf(effectiveDate: string, text: string): LegalVersion {
  const sha256 = createHash("sha256").update(text, "utf8").digest("hex");
  return { version: `${effectiveDate}#${sha256.slice(0, 8)}`, sha256, text };
}

export const LEGAL_VERSIONS: Record<LegalDocument, LegalVersion> = {
  privacyPolicy: versionOf(LEGAL_EFFECTIVE_DATES.privacyPolicy, legalPlainText("privacyPolicy", "contactForm")),
  hipaaConsent: versionOf(LEGAL_EFFECTIVE_DATES.privacyPolicy, T.contact.fields.hipaaConsent),
  termsAndConditions: versionOf(LEGAL_EFFECTIVE_DATES.termsAndConditions, legalPlainText("termsAndConditions", "contactForm")),
};

export const LEGAL_DOCUMENT_NAMES: Record<LegalDocument, string> = {
  privacyPolicy: "Privacy Policy",
  hipaaConsent: "HIPAA Authorization",
  termsAndConditions: "Terms and Conditions",
};

/** The receipt of an inquiry sent now: the three texts' versions and hashes, and the moment. */
export function consentReceipt(acceptedAt: Date): ConsentReceipt {
  const entry = (document: LegalDocument) => ({ version: LEGAL_VERSIONS[document].version, sha256: LEGAL_VERSIONS[document].sha256 });
  return {
    acceptedAt: acceptedAt.toISOString(),
    documents: { privacyPolicy: entry("privacyPolicy"), hipaaConsent: entry("hipaaConsent"), termsAndConditions: entry("termsAndConditions") },
  };
}
