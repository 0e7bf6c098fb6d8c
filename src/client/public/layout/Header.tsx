import { splitLanguagePath } from "../../../shared/languages";
import { useLocation } from "../router";
import { LOGO_PATH, phoneHref } from "../../../shared/clinic";
import { useBrand, useClinic } from "../data";
import { AppLink } from "../components/AppLink";
import { matchPublicRoute } from "../routes";
import { LinkButton } from "../components/LinkButton";
import { Icon } from "../components/Icon";
import { BOOK_HREF, isCurrent, navItems } from "./nav-items";
import { T } from "../i18n";

/** The fixed header: logo, Book Now, clickable phone number and the menu button (public-site.md section 2). */
export function Header({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const [location] = useLocation();
  const known = matchPublicRoute(location).route.key !== "notFound";
  const clinic = useClinic();
  const { logo } = useBrand();
  const tel = phoneHref(clinic.phone);
  return (
    <header className="site-header">
      <div className="container">
        <AppLink href="/" className="brand" aria-label={T.nav.homeLink}>
          {/* The clinic's own logo (Settings > Brand) at the header's height, its width from its shape (no shift). */}
          {logo ? (
            <img
              src={logo.url}
              alt=""
              height={40}
              width={Math.min(200, Math.max(1, Math.round((40 * logo.width) / logo.height)))}
              className="brand-logo"
              data-testid="brand-logo"
            />
          ) : (
            <img src={LOGO_PATH} alt="" width={40} height={40} />
          )}
          <span className="brand-name">
            {clinic.name.replace(/ Wellness$/, "")}
            <small>Wellness · Utah</small>
          </span>
        </AppLink>
        <nav className="header-nav" aria-label={T.nav.mainNavigation}>
          {navItems().map((item) => (
            <AppLink
              key={item.href}
              href={item.href}
              aria-current={isCurrent(item.href, splitLanguagePath(location).path, known) ? "page" : undefined}
            >
              {item.label}
            </AppLink>
          ))}
        </nav>
        <a className="header-phone" href={tel} aria-label={T.nav.callUs(clinic.phone)}>
          <Icon name="phone" />
          {clinic.phone}
        </a>
        <a className="icon-btn header-phone-icon" href={tel} aria-label={T.nav.callUs(clinic.phone)}>
          <Icon name="phone" />
        </a>
        <AppLink href={BOOK_HREF} className="btn btn-primary btn-sm header-book">
          {T.nav.bookNow}
        </AppLink>
        {/* A link to the drawer, so the menu opens without JavaScript too (the drawer is its target). */}
        <LinkButton
          href="#site-drawer"
          onPress={onOpenMenu}
          label={T.nav.menu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="site-drawer"
        >
          <Icon name="menu" />
        </LinkButton>
      </div>
    </header>
  );
}
