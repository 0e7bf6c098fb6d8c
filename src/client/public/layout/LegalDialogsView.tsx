import { LEGAL_KINDS, type LegalKind } from "../../../shared/legal";
import { use } from "react";
import { L, loadWords, pageLanguage } from "../i18n";
import { publicQueries } from "../api";
import { Dialog } from "../components/Dialog";
import { LegalText } from "../components/LegalText";
import { usePublicQuery } from "../store";

/**
 * The legal texts' dialogs themselves: a chunk of their own, loaded when a dialog first opens
 * (LegalDialogs.tsx), so no page's JavaScript carries them. Each dialog reads its text when it opens:
 * the version in force, as its page shows it.
 */
/** The legal words (catalogue/<language>/legal.ts: the line over a text shown in English), loaded with this chunk. */
const legalWords = loadWords(pageLanguage().code, ["legal"]).catch(() => {});

export default function LegalDialogsView({
  open,
  onClose,
}: {
  open: Partial<Record<LegalKind, boolean>>;
  onClose: (kind: LegalKind) => void;
}) {
  return LEGAL_KINDS.map((kind) => (
    <Dialog key={kind} open={Boolean(open[kind])} onClose={() => onClose(kind)} title={L.legalTitles[kind]} testId={`${kind}-dialog`}>
      {open[kind] ? <DialogText kind={kind} /> : null}
    </Dialog>
  ));
}

function DialogText({ kind }: { kind: LegalKind }) {
  use(legalWords);
  const query = usePublicQuery(publicQueries.legal(kind));
  if (query.data) return <LegalText text={query.data} testId={`${kind}-content`} />;
  if (query.isError) {
    return (
      <p role="alert">
        {L.legalFailedTitle}. {L.legalFailedText}
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
