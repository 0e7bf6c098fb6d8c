import type { ReactNode } from "react";
import type { usePageContent } from "../data";

/** What TitledSection shows of a section's texts (usePageContent's answer): its eyebrow, title and intro. */
type SectionTexts = Pick<ReturnType<typeof usePageContent<{ eyebrow: string; title: string; intro: string }>>, "show">;

/** A page section under a heading with its eyebrow and a short introduction (the section is labelled by the heading). */
export function TitledSection({
  headingId,
  className = "section",
  texts,
  testId,
  children,
}: {
  headingId: string;
  className?: string;
  texts: SectionTexts;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <div className="container">
        <div className="section-head">
          {texts.show("span", "eyebrow", { className: "eyebrow" })}
          {texts.show("h2", "title", { id: headingId })}
          {texts.show("p", "intro")}
        </div>
        {children}
      </div>
    </section>
  );
}
