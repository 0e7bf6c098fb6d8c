import type { ReactNode } from "react";

/** A page section under a heading with its eyebrow and a short introduction (the section is labelled by the heading). */
export function TitledSection({
  headingId,
  className = "section",
  eyebrow,
  title,
  intro,
  testId,
  children,
}: {
  headingId: string;
  className?: string;
  eyebrow: string;
  title: string;
  intro: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{eyebrow}</span>
          <h2 id={headingId}>{title}</h2>
          <p>{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
