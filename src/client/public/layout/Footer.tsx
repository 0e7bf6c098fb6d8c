import { SITE } from "../../../shared/site-settings";
import { AppLink } from "../components/AppLink";
import { Icon, socialIconName } from "../components/Icon";
import { useFooterDescription, useSocialLinks } from "../data";
import { useSite } from "../site-context";
import { BRAND, T } from "../text";
import { useLegalDialogs } from "./LegalDialogs";
import { BOOK_HREF, NAV_ITEMS } from "./nav-items";

/** Static links used when staff have no visible social links (public-site.md section 4). */
const FALLBACK_SOCIAL = [
  { id: -1, platform: "facebook", displayName: "Facebook", url: SITE.social.facebook },
  { id: -2, platform: "instagram", displayName: "Instagram", url: SITE.social.instagram },
  { id: -3, platform: "youtube", displayName: "YouTube", url: SITE.social.youtube },
];

export function Footer() {
  const { year } = useSite();
  const description = useFooterDescription();
  const links = useSocialLinks();
  const social = links.length > 0 ? links : FALLBACK_SOCIAL;
  const legal = useLegalDialogs();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <section aria-labelledby="footer-about">
            <h2 id="footer-about" className="visually-hidden">{BRAND}</h2>
            <AppLink href="/" className="footer-brand">
              <img src={SITE.logoPath} alt="" width={40} height={40} loading="lazy" />
              {BRAND}
            </AppLink>
            {description.isLoading ? (
              <div aria-busy="true" data-testid="footer-description-loading">
                <div className="skeleton skeleton-line" />
                <div className="skeleton skeleton-line" style={{ width: "70%" }} />
              </div>
            ) : description.isHtml ? (
              // Staff HTML, sanitised by the server on save and again when read.
              <div className="footer-about" data-testid="footer-description" dangerouslySetInnerHTML={{ __html: description.html ?? "" }} />
            ) : (
              <div className="footer-about" data-testid="footer-description">
                <p>{description.html}</p>
              </div>
            )}
            <ul className="social-links" aria-label={T.footer.followUs}>
              {social.map((link) => (
                <li key={link.id}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={link.displayName} data-platform={link.platform}>
                    <Icon name={socialIconName(link.platform)} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links">{T.footer.quickLinks}</h2>
            <ul className="footer-links">
              {NAV_ITEMS.map((item) => (
                <li key={item.href}>
                  <AppLink href={item.href}>{item.label}</AppLink>
                </li>
              ))}
              <li>
                <AppLink href={BOOK_HREF}>{T.nav.bookAppointment}</AppLink>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-services">
            <h2 id="footer-services">{T.footer.services}</h2>
            <ul className="footer-links">
              {T.footer.serviceLinks.map((link) => (
                <li key={link.href}>
                  <AppLink href={link.href}>{link.label}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">{T.footer.contact}</h2>
            <ul className="footer-contact">
              <li>
                <Icon name="pin" />
                <span>
                  {SITE.streetAddress}
                  <br />
                  {SITE.cityStateZip}
                </span>
              </li>
              <li>
                <Icon name="phone" />
                <a href={SITE.phoneHref}>{SITE.phone}</a>
              </li>
              <li>
                <Icon name="mail" />
                <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              </li>
            </ul>
          </section>
        </div>
        <div className="footer-bottom">
          <p style={{ margin: 0 }}>{T.footer.copyright(year)}</p>
          <div className="footer-legal">
            <button type="button" onClick={() => legal.openPrivacy("footer")}>
              {T.footer.privacyPolicy}
            </button>
            <button type="button" onClick={() => legal.openTerms("footer")}>
              {T.footer.termsOfService}
            </button>
            <a href="/admin/login" className="admin-lock" title={T.footer.adminPortal} aria-label={T.footer.adminPortal}>
              <Icon name="lock" />
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}
