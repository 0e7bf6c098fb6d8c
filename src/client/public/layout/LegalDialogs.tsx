import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";
import { LEGAL_TEXTS, type LegalKind } from "../../../shared/legal";
import { useScripted } from "../hydration";
import { inPageLanguage } from "../router";

// The dialogs and their texts are a chunk of their own, loaded when a dialog first opens.
const LegalDialogsView = lazy(() => import("./LegalDialogsView"));

/**
 * The legal texts' dialogs (Privacy Policy, Terms and Conditions, HIPAA Authorization), opened from the
 * footer and from the contact form. Each opens and closes on its own (public-site.md section 5: "each
 * open or closed independently"). A dialog reads its text when it first opens (legal.current: the
 * version in force, as its page /privacy, /terms or /hipaa-authorization shows it), so no page carries
 * the long texts in its JavaScript or its HTML.
 */
interface LegalDialogs {
  open: (kind: LegalKind) => void;
}

const LegalContext = createContext<LegalDialogs | null>(null);

export function LegalDialogsProvider({ children }: { children: ReactNode }) {
  // Which dialogs are open; none until one is first opened (the dialogs' chunk loads then).
  const [open, setOpen] = useState<Partial<Record<LegalKind, boolean>> | null>(null);
  const value = useMemo(() => ({ open: (kind: LegalKind) => setOpen((current) => ({ ...current, [kind]: true })) }), []);
  return (
    <LegalContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <LegalDialogsView open={open} onClose={(kind) => setOpen((current) => ({ ...current, [kind]: false }))} />
        </Suspense>
      ) : null}
    </LegalContext.Provider>
  );
}

export function useLegalDialogs(): LegalDialogs {
  const value = useContext(LegalContext);
  if (!value) throw new Error("useLegalDialogs must be used within a LegalDialogsProvider");
  return value;
}

/**
 * What opens a legal text: a button that opens its dialog (public-site.md: "buttons that open modal
 * dialogs") once the page's script runs, and until then, or without JavaScript, a link to the text's
 * own page in a new tab, so a visitor filling in the form keeps it. The server and the first client
 * render both give the link (no hydration mismatch); the button replaces it right after.
 */
export function LegalOpener({ kind, id, className, children }: { kind: LegalKind; id?: string; className?: string; children: ReactNode }) {
  const legal = useLegalDialogs();
  const scripted = useScripted();
  if (!scripted) {
    return (
      <a href={inPageLanguage(LEGAL_TEXTS[kind].path)} id={id} className={className} target="_blank" rel="noopener">
        {children}
      </a>
    );
  }
  return (
    <button type="button" id={id} className={className} onClick={() => legal.open(kind)}>
      {children}
    </button>
  );
}
