import { BOOK_HREF } from "../layout/nav-items";
import { AppLink } from "./AppLink";
import { Icon } from "./Icon";

/** Calls to action side by side, each to the inquiry form (every Book and Contact button goes there). */
/** A button's `lang` marks a label shown in English on another language's page (see usePageContent). */
export function BookingButtons({ buttons }: { buttons: Array<{ label: string; className: string; lang?: string }> }) {
  return (
    <div className="btn-row btn-row--center">
      {buttons.map((button) => (
        <AppLink key={button.label} href={BOOK_HREF} className={`btn ${button.className}`} lang={button.lang}>
          {button.label}
        </AppLink>
      ))}
    </div>
  );
}

/** The booking button (with its calendar) beside a way to every service, as the hero and a service's page offer them. */
export function BookOrBrowseServices({
  book,
  browse,
  browseClassName,
  bookHref = BOOK_HREF,
  bookLang,
  browseLang,
}: {
  book: string;
  browse: string;
  browseClassName: string;
  /** The labels' lang attributes, when a label shows in English on another language's page (see usePageContent). */
  bookLang?: string;
  browseLang?: string;
  /** Where booking goes: the inquiry form, with a service chosen on a service's page. */
  bookHref?: string;
}) {
  return (
    <div className="btn-row">
      <AppLink href={bookHref} className="btn btn-primary" lang={bookLang}>
        <Icon name="calendar" width={20} height={20} />
        {book}
      </AppLink>
      <AppLink href="/services" className={`btn ${browseClassName}`} lang={browseLang}>
        {browse}
      </AppLink>
    </div>
  );
}
