import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { LEGAL_KINDS, LEGAL_TEXTS, type LegalKind } from "../../../shared/legal";
import { publicQueries } from "../api";
import { Dialog } from "../components/Dialog";
import { LegalText } from "../components/LegalText";
import { usePublicQuery } from "../store";
import { T } from "../text";

/**
 * The legal texts' dialogs (Privacy Policy, Terms and Conditions, HIPAA Authorization), opened from the
 * footer and from the contact form. A dialog reads its text when it first opens (legal.current: the
 * version in force, as its page /privacy, /terms or /hipaa-authorization shows it), so no page carries
 * the long texts in its JavaScript or its HTML.
 */
interface LegalDialogs {
  open: (kind: LegalKind) => void;
}

const LegalContext = createContext<LegalDialogs | null>(null);

const TEST_IDS: Record<LegalKind, { dialog: string; text: string }> = {
  privacy: { dialog: "privacy-dialog", text: "privacy-content" },
  terms: { dialog: "terms-dialog", text: "terms-content" },
  hipaa: { dialog: "hipaa-dialog", text: "hipaa-content" },
};

/** Each dialog opens and closes on its own (public-site.md section 5: "each open or closed independently"). */
export function LegalDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Record<LegalKind, boolean>>({ privacy: false, terms: false, hipaa: false });
  const value = useMemo(() => ({ open: (kind: LegalKind) => setOpen((current) => ({ ...current, [kind]: true })) }), []);
  return (
    <LegalContext.Provider value={value}>
      {children}
      {LEGAL_KINDS.map((kind) => (
        <Dialog key={kind} open={open[kind]} onClose={() => setOpen((current) => ({ ...current, [kind]: false }))} title={dialogTitle(kind)} testId={TEST_IDS[kind].dialog}>
          {open[kind] ? <DialogText kind={kind} /> : null}
        </Dialog>
      ))}
    </LegalContext.Provider>
  );
}

/** The footer calls the terms "Terms of Service" on its button; every dialog carries the text's own title. */
const dialogTitle = (kind: LegalKind) => (kind === "privacy" ? T.footer.privacyPolicy : LEGAL_TEXTS[kind].title);

function DialogText({ kind }: { kind: LegalKind }) {
  const query = usePublicQuery(publicQueries.legal(kind));
  if (query.data) return <LegalText text={query.data} testId={TEST_IDS[kind].text} />;
  if (query.isError) {
    return (
      <p role="alert">
        {T.errors.legalTitle}. {T.errors.legalText}
      </p>
    );
  }
  return (
    <div aria-busy="true">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" style={{ width: "70%" }} />
    </div>
  );
}

export function useLegalDialogs(): LegalDialogs {
  const value = useContext(LegalContext);
  if (!value) throw new Error("useLegalDialogs must be used within a LegalDialogsProvider");
  return value;
}
