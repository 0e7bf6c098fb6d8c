import { useId } from "react";
import { phoneHref } from "../../../shared/clinic";
import { useClinic, usePageContent } from "../data";
import { CONTACT_FORM, CONTACT_HERO } from "../text-contact";
import { ClinicMap } from "../components/contact/ClinicMap";
import { ContactDetails } from "../components/contact/ContactDetails";
import { ContactForm } from "../components/contact/ContactForm";
import { Icon } from "../components/Icon";
import { JsonLd, medicalClinicJsonLd } from "../components/JsonLd";
import { useSite } from "../site-context";
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
  const hero = usePageContent("contactHero", CONTACT_HERO).fields;
  const form = usePageContent("contactForm", CONTACT_FORM).fields;
  return (
    <div className="contact-page">
      <JsonLd data={medicalClinicJsonLd(origin, clinic)} />

      <header className="contact-hero">
        <div className="container">
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1>{hero.title}</h1>
          <p className="lead contact-hero-lead">{hero.intro}</p>
          <ul className="contact-hero-points">
            <li>
              <Icon name="clock" />
              {hero.responsePromise}
            </li>
            <li>
              <Icon name="shield" />
              {hero.confidential}
            </li>
            <li>
              <Icon name="phone" />
              <span>
                {hero.callPrompt} <a href={phoneHref(clinic.phone)}>{TC.hero.callLink(clinic.phone)}</a>
              </span>
            </li>
          </ul>
        </div>
      </header>

      <div className="container contact-layout">
        <section id="contact-form" className="card contact-form-card" aria-labelledby={formHeadingId}>
          <h2 id={formHeadingId} className="contact-form-title">
            {form.title}
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
