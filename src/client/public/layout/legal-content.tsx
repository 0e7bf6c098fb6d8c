/** Placeholder until the legal texts land. */
export type LegalReading = "footer" | "contactForm";
export function PrivacyPolicyContent({ reading }: { reading: LegalReading }) {
  return <p>{reading}</p>;
}
export function TermsContent({ reading }: { reading: LegalReading }) {
  return <p>{reading}</p>;
}
