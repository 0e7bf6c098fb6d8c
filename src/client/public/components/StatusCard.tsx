import type { ReactNode } from "react";
import { AppLink } from "./AppLink";
import { Icon } from "./Icon";

/** A page that has nothing to show (not found): a heading, a sentence and the way back (styles in pages-news.css). */
export function StatusCard({
  title,
  text,
  href,
  link,
  linkLang,
}: {
  title: string;
  text: string;
  href: string;
  link: ReactNode;
  /** The link label's lang attribute, when it shows in English on another language's page (see usePageContent). */
  linkLang?: string;
}) {
  return (
    <div className="card status-card">
      <span className="status-card-icon" aria-hidden="true">
        <Icon name="leaf" />
      </span>
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <AppLink href={href} className="btn btn-teal" lang={linkLang}>
        {link}
      </AppLink>
    </div>
  );
}
