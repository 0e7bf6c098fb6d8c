import { useId } from "react";
import { phoneHref } from "../../../shared/clinic";
import { useClinic, usePageContent } from "../data";
import { ClinicMap } from "../components/contact/ClinicMap";
import { ContactDetails } from "../components/contact/ContactDetails";
import { ContactForm } from "../components/contact/ContactForm";
import { Icon } from "../components/Icon";
import "../styles/pages-contact.css";
import { D, TC } from "../i18n";

/**
 * Contact (/contact): the appointment inquiry form (anchor #contact-form, where every Book Now link
 * lands), the Get in Touch panel and the clinic map. On phones the form comes first.
 */
export function ContactPage() {
  const clinic = useClinic();
  const formHeadingId = useId();
  const { fields: hero, lang: heroLang, show: showHero } = usePageContent("contactHero", D.CONTACT_HERO);
  const { show: showForm } = usePageContent("contactForm", D.CONTACT_FORM);
  const callPromptLang = heroLang("callPrompt");
  return (
    <div className="contact-page">
      <header className="contact-hero">
        <div className="container">
          {showHero("p", "eyebrow", { className: "eyebrow" })}
          {showHero("h1", "title")}
          {showHero("p", "intro", { className: "lead contact-hero-lead" })}
          <ul className="contact-hero-points">
            <li lang={heroLang("responsePromise")}>
              <Icon name="clock" />
              {hero.responsePromise}
            </li>
            <li lang={heroLang("confidential")}>
              <Icon name="shield" />
              {hero.confidential}
            </li>
            <li>
              <Icon name="phone" />
              <span>
                {/* Wrapped only when marked, so the page's markup is unchanged otherwise. */}
                {callPromptLang ? <span lang={callPromptLang}>{hero.callPrompt}</span> : hero.callPrompt}{" "}
                <a href={phoneHref(clinic.phone)}>{TC.hero.callLink(clinic.phone)}</a>
              </span>
            </li>
          </ul>
        </div>
      </header>

      <div className="container contact-layout">
        <section id="contact-form" className="card contact-form-card" aria-labelledby={formHeadingId}>
          {showForm("h2", "title", { id: formHeadingId, className: "contact-form-title" })}
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
