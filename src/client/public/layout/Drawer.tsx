import { splitLanguagePath } from "../../../shared/languages";
import { useEffect, useRef } from "react";
import { useModalDialog } from "../components/useModalDialog";
import { useLocation } from "../router";
import { cityStateZip, phoneHref } from "../../../shared/clinic";
import { useClinic } from "../data";
import { AppLink } from "../components/AppLink";
import { matchPublicRoute } from "../routes";
import { Icon } from "../components/Icon";
import { LinkButton } from "../components/LinkButton";
import { BOOK_HREF, isCurrent, navItems } from "./nav-items";
import { L, T } from "../i18n";
import { LanguageLinks } from "../language";
import { useLanguageLinksPath } from "./language-path";

/**
 * The right-side menu drawer (public-site.md section 2): Home, About, Services, News, Contact and
 * Book Now, the current page highlighted. Closes on navigation, a click outside it (the backdrop),
 * its close button, a link, and Escape. Focus moves in on open and back to the menu button on close.
 */
export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const modal = useModalDialog(open, onClose);
  const [location] = useLocation();
  const languagePath = useLanguageLinksPath();
  const known = matchPublicRoute(location).route.key !== "notFound";
  const clinic = useClinic();

  // Any navigation closes the drawer.
  const lastLocation = useRef(location);
  useEffect(() => {
    if (lastLocation.current !== location) {
      lastLocation.current = location;
      onClose();
    }
  }, [location, onClose]);

  return (
    <dialog {...modal} id="site-drawer" className="drawer" aria-label={T.nav.mainNavigation} data-testid="drawer">
      <div className="drawer-inner">
        <div className="drawer-top">
          <span className="drawer-title">{clinic.shortName}</span>
          {/* Without JavaScript, leaving the #site-drawer target closes it. */}
          <LinkButton href="#" onPress={onClose} label={T.nav.closeMenu}>
            <Icon name="close" />
          </LinkButton>
        </div>
        <nav aria-label={T.nav.mainNavigation}>
          <ul>
            {navItems().map((item) => (
              <li key={item.href}>
                <AppLink
                  href={item.href}
                  aria-current={isCurrent(item.href, splitLanguagePath(location).path, known) ? "page" : undefined}
                  onClick={onClose}
                >
                  {item.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <AppLink href={BOOK_HREF} className="btn btn-primary" onClick={onClose}>
          {T.nav.bookNow}
        </AppLink>
        <nav aria-label={L.languageNavigation} className="drawer-languages">
          <LanguageLinks path={languagePath} />
        </nav>
        <div className="drawer-contact">
          <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
          <br />
          {cityStateZip(clinic)}
        </div>
      </div>
    </dialog>
  );
}
