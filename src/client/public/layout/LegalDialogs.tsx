import { createContext, lazy, Suspense, useContext, useMemo, useState, type ComponentType, type ReactNode } from "react";
import type { ClinicDetails } from "../../../shared/clinic";
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
      <LegalDialog reading={privacy} onClose={() => setPrivacy(null)} title={T.footer.privacyPolicy} testId="privacy-dialog" Text={PrivacyPolicyContent} clinic={clinic} />
      <LegalDialog reading={terms} onClose={() => setTerms(null)} title="Terms and Conditions" testId="terms-dialog" Text={TermsContent} clinic={clinic} />
    </LegalContext.Provider>
  );
}

/** One legal text's dialog: open while it has a reading; the text shows the loading lines until its chunk is there. */
function LegalDialog({
  reading,
  onClose,
  title,
  testId,
  Text,
  clinic,
}: {
  reading: LegalReading | null;
  onClose: () => void;
  title: string;
  testId: string;
  Text: ComponentType<{ reading: LegalReading; clinic: ClinicDetails }>;
  clinic: ClinicDetails;
}) {
  return (
    <Dialog open={reading !== null} onClose={onClose} title={title} testId={testId}>
      {reading ? (
        <Suspense fallback={<LegalLoading />}>
          <Text reading={reading} clinic={clinic} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

export function useLegalDialogs(): LegalDialogs {
  const value = useContext(LegalContext);
  if (!value) throw new Error("useLegalDialogs must be used within a LegalDialogsProvider");
  return value;
}
