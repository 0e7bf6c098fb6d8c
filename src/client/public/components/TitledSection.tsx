import type { ReactNode } from "react";

/** A page section under a heading with its eyebrow and a short introduction (the section is labelled by the heading). */
export function TitledSection({
  headingId,
  className = "section",
  eyebrow,
  title,
  intro,
  testId,
  langs,
  children,
}: {
  headingId: string;
  className?: string;
  eyebrow: string;
  title: string;
  intro: string;
  testId?: string;
  /** The texts' lang attributes, for a text shown in English on another language's page (see usePageContent). */
  langs?: { eyebrow?: string; title?: string; intro?: string };
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <div className="container">
        <div className="section-head">
          <span className="eyebrow" lang={langs?.eyebrow}>
            {eyebrow}
          </span>
          <h2 id={headingId} lang={langs?.title}>
            {title}
          </h2>
          <p lang={langs?.intro}>{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
