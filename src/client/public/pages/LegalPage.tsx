import { LEGAL_KINDS, LEGAL_TEXTS } from "../../../shared/legal";
import { publicQueries } from "../api";
import { LegalText } from "../components/LegalText";
import { SkeletonLines } from "../components/Skeleton";
import { StatusCard } from "../components/StatusCard";
import { usePagePath } from "../router";
import { usePublicQuery } from "../store";
import "../styles/pages-legal.css";
import { L, T } from "../i18n";

/**
 * A legal text's own page (/privacy, /terms, /hipaa-authorization): the version in force, as its
 * dialogs show it, at an address that can be linked (the inquiry form's HIPAA checkbox does, and it
 * is what opens without JavaScript). Which text is the page's path.
 */
export function LegalPage() {
  const path = usePagePath();
  const kind = LEGAL_KINDS.find((k) => LEGAL_TEXTS[k].path === path) ?? "privacy";
  const query = usePublicQuery(publicQueries.legal(kind));
  return (
    <section className="section legal-page">
      <div className="container legal-page-body">
        <h1>{L.legalTitles[kind]}</h1>
        {query.isPending ? <SkeletonLines count={8} /> : null}
        {query.data ? <LegalText text={query.data} testId={`${kind}-page-text`} /> : null}
        {query.isError ? <StatusCard title={L.legalFailedTitle} text={L.legalFailedText} href="/" link={T.notFound.home} /> : null}
      </div>
    </section>
  );
}
