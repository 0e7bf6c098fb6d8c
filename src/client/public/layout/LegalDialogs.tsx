import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";
import { Dialog } from "../components/Dialog";
import type { LegalReading } from "./legal-content";
import { T } from "../text";
import { useClinic } from "../data";

// The long legal texts are their own chunk, downloaded only when a dialog first opens.
const PrivacyPolicyContent = lazy(() => import("./legal-content").then((m) => ({ default: m.PrivacyPolicyContent })));
const TermsContent = lazy(() => import("./legal-content").then((m) => ({ default: m.TermsContent })));

function LegalLoading() {
  return (
    <div aria-busy="true">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" style={{ width: "70%" }} />
    </div>
  );
}

/**
 * The Privacy Policy and Terms dialogs, openable from the footer and from the contact form. The spec
 * gives two readings of each (dates; governing law): `reading` picks the footer's or the form's copy.
 */
interface LegalDialogs {
  openPrivacy: (reading: LegalReading) => void;
  openTerms: (reading: LegalReading) => void;
}

const LegalContext = createContext<LegalDialogs | null>(null);

export function LegalDialogsProvider({ children }: { children: ReactNode }) {
  const [privacy, setPrivacy] = useState<LegalReading | null>(null);
  const [terms, setTerms] = useState<LegalReading | null>(null);
  const value = useMemo(() => ({ openPrivacy: setPrivacy, openTerms: setTerms }), []);
  const clinic = useClinic();
  return (
    <LegalContext.Provider value={value}>
      {children}
      <Dialog open={privacy !== null} onClose={() => setPrivacy(null)} title={T.footer.privacyPolicy} testId="privacy-dialog">
        {privacy ? (
          <Suspense fallback={<LegalLoading />}>
            <PrivacyPolicyContent reading={privacy} clinic={clinic} />
          </Suspense>
        ) : null}
      </Dialog>
      <Dialog open={terms !== null} onClose={() => setTerms(null)} title="Terms and Conditions" testId="terms-dialog">
        {terms ? (
          <Suspense fallback={<LegalLoading />}>
            <TermsContent reading={terms} clinic={clinic} />
          </Suspense>
        ) : null}
      </Dialog>
    </LegalContext.Provider>
  );
}

export function useLegalDialogs(): LegalDialogs {
  const value = useContext(LegalContext);
  if (!value) throw new Error("useLegalDialogs must be used within a LegalDialogsProvider");
  return value;
}
