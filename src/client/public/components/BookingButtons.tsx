import { BOOK_HREF } from "../layout/nav-items";
import { AppLink } from "./AppLink";
import { Icon } from "./Icon";

/**
 * The labels of a section's buttons (usePageContent's answer): a field's words, and its `lang` when it
 * shows in English on another language's page.
 */
interface ButtonTexts {
  fields: Partial<Record<string, string>>;
  lang(field: string): string | undefined;
}

/**
 * Calls to action side by side, each to the inquiry form (every Book and Contact button goes there):
 * `buttons` names each one's field of `texts` and its class, in order.
 */
export function BookingButtons({ texts, buttons }: { texts: ButtonTexts; buttons: Record<string, string> }) {
  return (
    <div className="btn-row btn-row--center">
      {Object.keys(buttons).map((field) => (
        <AppLink key={field} href={BOOK_HREF} className={`btn ${buttons[field]}`} lang={texts.lang(field)}>
          {texts.fields[field]}
        </AppLink>
      ))}
    </div>
  );
}

interface BookOrBrowseProps {
  /** The labels: its `bookButton` field, and the `browse` one. */
  texts: ButtonTexts;
  browse: string;
  browseClassName: string;
  /** Where booking goes: the inquiry form, with a service chosen on a service's page. */
  bookHref?: string;
}

/** The booking button (with its calendar) beside a way to every service, as the hero and a service's page offer them. */
export function BookOrBrowseServices({ texts, browse, browseClassName, bookHref = BOOK_HREF }: BookOrBrowseProps) {
  return (
    <div className="btn-row">
      <AppLink href={bookHref} className="btn btn-primary" lang={texts.lang("bookButton")}>
        <Icon name="calendar" width={20} height={20} />
        {texts.fields.bookButton}
      </AppLink>
      <AppLink href="/services" className={`btn ${browseClassName}`} lang={texts.lang(browse)}>
        {texts.fields[browse]}
      </AppLink>
    </div>
  );
}
