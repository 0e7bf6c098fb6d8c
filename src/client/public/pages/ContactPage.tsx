import { useId } from "react";
import { phoneHref } from "../../../shared/clinic";
import { useClinic } from "../data";
import { ClinicMap } from "../components/contact/ClinicMap";
import { ContactDetails } from "../components/contact/ContactDetails";
import { ContactForm } from "../components/contact/ContactForm";
import { Icon } from "../components/Icon";
import { JsonLd, medicalClinicJsonLd } from "../components/JsonLd";
import { useSite } from "../site-context";
import { T } from "../text";
import { TC } from "../text-contact";
import "../styles/pages-contact.css";

/**
 * Contact (/contact): the appointment inquiry form (anchor #contact-form, where every Book Now link
 * lands), the Get in Touch panel and the clinic map. On phones the form comes first.
 */
export function ContactPage() {
  const { origin } = useSite();
  const clinic = useClinic();
  const formHeadingId = useId();
  return (
    <div className="contact-page">
      <JsonLd data={medicalClinicJsonLd(origin, clinic)} />

      <header className="contact-hero">
        <div className="container">
          <p className="eyebrow">{TC.hero.eyebrow}</p>
          <h1>{T.contact.heading}</h1>
          <p className="lead contact-hero-lead">{T.contact.intro}</p>
          <ul className="contact-hero-points">
            <li>
              <Icon name="clock" />
              {TC.hero.responsePromise}
            </li>
            <li>
              <Icon name="shield" />
              {TC.hero.confidential}
            </li>
            <li>
              <Icon name="phone" />
              <span>
                {TC.hero.callPrompt} <a href={phoneHref(clinic.phone)}>{TC.hero.callLink(clinic.phone)}</a>
              </span>
            </li>
          </ul>
        </div>
      </header>

      <div className="container contact-layout">
        <section id="contact-form" className="card contact-form-card" aria-labelledby={formHeadingId}>
          <h2 id={formHeadingId} className="contact-form-title">
            {T.contact.subheading}
          </h2>
          <ContactForm />
        </section>
        <aside className="contact-aside">
          <ContactDetails />
          <ClinicMap />
        </aside>
      </div>
    </div>
  );
}
