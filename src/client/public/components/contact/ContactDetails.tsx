import { useId, type ReactNode } from "react";
import { cityStateZip, formatTime, hoursRows, phoneHref, socialLinksOf } from "../../../../shared/clinic";
import { useClinic, usePageContent } from "../../data";
import { Icon, type IconName } from "../Icon";
import { D, L, T, TC } from "../../i18n";

/**
 * The "Get in Touch" panel (public-site.md section 2): location, phone, email, hours and the three
 * social networks. Every value is the clinic's details in Settings, which every page prefetches, so
 * the panel is complete from the first render.
 */
export function ContactDetails() {
  const headingId = useId();
  const clinic = useClinic();
  const { show } = usePageContent("contactDetails", D.CONTACT_DETAILS);
  const at = clinic.email.lastIndexOf("@");
  return (
    <section className="card contact-panel" aria-labelledby={headingId} data-testid="contact-details">
      {show("h2", "title", { id: headingId })}
      {show("p", "intro", { className: "contact-panel-intro" })}
      <ul className="contact-list">
        <Item icon="pin" title={T.contact.location}>
          <address>
            {clinic.street}
            <br />
            {cityStateZip(clinic)}
          </address>
        </Item>
        <Item icon="phone" title={T.contact.phone}>
          <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
        </Item>
        <Item icon="mail" title={T.contact.email}>
          <a href={`mailto:${clinic.email}`} className="contact-email">
            {clinic.email.slice(0, at)}@<wbr />
            {clinic.email.slice(at + 1)}
          </a>
        </Item>
        <Item icon="clock" title={T.contact.hours}>
          <dl className="hours">
            {hoursRows(clinic.hours, { closed: L.closed, weekdays: L.weekdays, time: L.time }).map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>{row.time}</dd>
              </div>
            ))}
          </dl>
          {clinic.specialDays.length > 0 && (
            <>
              <h4 className="contact-item-title">{L.specialHours}</h4>
              <dl className="hours" data-testid="special-hours">
                {clinic.specialDays.map((day) => (
                  <div key={day.date}>
                    <dt>
                      <time dateTime={day.date}>{specialDate(day.date)}</time>
                    </dt>
                    <dd>{day.closed ? L.closed : `${formatTime(day.opens, L.time)} - ${formatTime(day.closes, L.time)}`}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </Item>
      </ul>
      <div className="contact-social">
        {show("h3", "followTitle", { className: "contact-item-title" })}
        <ul className="contact-social-links" aria-label={TC.details.socialLabel}>
          {socialLinksOf(clinic).map((link) => (
            <li key={link.platform}>
              <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={`${link.label}${TC.details.newTab}`}>
                <Icon name={link.platform} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A special day's date (YYYY-MM-DD, the clinic's) as the page's language writes a short date. */
function specialDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return L.shortDate(year!, month! - 1, day!);
}

function Item({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="contact-item">
      <span className="contact-icon">
        <Icon name={icon} />
      </span>
      <div>
        <h3 className="contact-item-title">{title}</h3>
        {children}
      </div>
    </li>
  );
}
