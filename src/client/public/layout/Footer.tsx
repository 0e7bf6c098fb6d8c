import { cityStateZip, LOGO_PATH, phoneHref, socialLinksOf } from "../../../shared/clinic";
import { AppLink } from "../components/AppLink";
import { Icon, socialIconName } from "../components/Icon";
import { useClinic, useFooterDescription, useServiceLinks, useSocialLinks } from "../data";
import { useSite } from "../site-context";
import { LegalOpener } from "./LegalDialogs";
import { BOOK_HREF, navItems } from "./nav-items";
import { L, T } from "../i18n";
import { LanguageLinks } from "../language";
import { useLanguageLinksPath } from "./language-path";

export function Footer() {
  const { year } = useSite();
  const languagePath = useLanguageLinksPath();
  const description = useFooterDescription();
  const links = useSocialLinks();
  const clinic = useClinic();
  // The services in the site's order (public-site.md section 2 names the two seeded first).
  const serviceLinks = useServiceLinks().services.map((service) => ({
    href: `/services/${encodeURIComponent(service.slug)}`,
    label: service.title,
  }));
  // Without visible social links, the clinic's own social addresses (public-site.md section 4).
  const social =
    links.length > 0
      ? links
      : socialLinksOf(clinic).map((link, index) => ({
          id: -1 - index,
          platform: link.platform,
          displayName: link.label,
          url: link.url,
          iconClass: null,
        }));
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <section aria-labelledby="footer-about">
            <h2 id="footer-about" className="visually-hidden">
              {clinic.name}
            </h2>
            <AppLink href="/" className="footer-brand">
              <img src={LOGO_PATH} alt="" width={40} height={40} loading="lazy" />
              {clinic.name}
            </AppLink>
            {description.isLoading ? (
              <div aria-busy="true" data-testid="footer-description-loading">
                <div className="skeleton skeleton-line" />
                <div className="skeleton skeleton-line" style={{ width: "70%" }} />
              </div>
            ) : description.isHtml ? (
              // Staff HTML, sanitised by the server on save and again when read.
              // staff HTML, cleaned by the server's allowlist on save and when read; an unsaved preview's by the same rules in
              // content-preview-listener.ts
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see the lines above
              <div className="footer-about" data-testid="footer-description" dangerouslySetInnerHTML={{ __html: description.html ?? "" }} />
            ) : (
              <div className="footer-about" data-testid="footer-description">
                <p>{description.html}</p>
              </div>
            )}
            <ul className="social-links" aria-label={T.footer.followUs}>
              {social.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.displayName}
                    data-platform={link.platform}
                    data-icon={socialIconName(link.platform, link.iconClass)}
                  >
                    <Icon name={socialIconName(link.platform, link.iconClass)} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <FooterLinks
            id="footer-quick-links"
            title={T.footer.quickLinks}
            links={[...navItems(), { href: BOOK_HREF, label: T.nav.bookAppointment }]}
          />
          <FooterLinks id="footer-services" title={T.footer.services} links={serviceLinks} />
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">{T.footer.contact}</h2>
            <ul className="footer-contact">
              <li>
                <Icon name="pin" />
                <span>
                  {clinic.street}
                  <br />
                  {cityStateZip(clinic)}
                </span>
              </li>
              <li>
                <Icon name="phone" />
                <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
              </li>
              <li>
                <Icon name="mail" />
                <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
              </li>
            </ul>
          </section>
        </div>
        <div className="footer-bottom">
          <p style={{ margin: 0 }}>{T.footer.copyright(year, clinic.name)}</p>
          <nav aria-label={L.languageNavigation} className="footer-languages">
            <LanguageLinks path={languagePath} />
          </nav>
          <div className="footer-legal">
            <LegalOpener kind="privacy">{T.footer.privacyPolicy}</LegalOpener>
            <LegalOpener kind="terms">{T.footer.termsOfService}</LegalOpener>
            <a href="/admin/login" className="admin-lock" title={T.footer.adminPortal} aria-label={T.footer.adminPortal}>
              <Icon name="lock" />
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}

/** A column of the footer's links under its heading. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            <AppLink href={link.href}>{link.label}</AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
