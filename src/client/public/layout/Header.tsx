import { useLocation } from "../router";
import { SITE } from "../../../shared/site-settings";
import { AppLink } from "../components/AppLink";
import { matchPublicRoute } from "../routes";
import { LinkButton } from "../components/LinkButton";
import { Icon } from "../components/Icon";
import { BRAND, T } from "../text";
import { BOOK_HREF, isCurrent, NAV_ITEMS } from "./nav-items";

/** The fixed header: logo, Book Now, clickable phone number and the menu button (public-site.md section 2). */
export function Header({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const [location] = useLocation();
  const known = matchPublicRoute(location).route.key !== "notFound";
  return (
    <header className="site-header">
      <div className="container">
        <AppLink href="/" className="brand" aria-label={T.nav.homeLink}>
          <img src={SITE.logoPath} alt="" width={40} height={40} />
          <span className="brand-name">
            {BRAND.replace(" Wellness", "")}
            <small>Wellness · Utah</small>
          </span>
        </AppLink>
        <nav className="header-nav" aria-label={T.nav.mainNavigation}>
          {NAV_ITEMS.map((item) => (
            <AppLink key={item.href} href={item.href} aria-current={isCurrent(item.href, location, known) ? "page" : undefined}>
              {item.label}
            </AppLink>
          ))}
        </nav>
        <a className="header-phone" href={SITE.phoneHref} aria-label={T.nav.callUs(SITE.phone)}>
          <Icon name="phone" />
          {SITE.phone}
        </a>
        <a className="icon-btn header-phone-icon" href={SITE.phoneHref} aria-label={T.nav.callUs(SITE.phone)}>
          <Icon name="phone" />
        </a>
        <AppLink href={BOOK_HREF} className="btn btn-primary btn-sm header-book">
          {T.nav.bookNow}
        </AppLink>
        {/* A link to the drawer, so the menu opens without JavaScript too (the drawer is its target). */}
        <LinkButton href="#site-drawer" onPress={onOpenMenu} label={T.nav.menu} aria-haspopup="dialog" aria-expanded={menuOpen} aria-controls="site-drawer">
          <Icon name="menu" />
        </LinkButton>
      </div>
    </header>
  );
}
