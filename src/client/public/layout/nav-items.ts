import { T } from "../i18n";

/** The menu's items, in the page's language. */
export const navItems = () =>
  [
    { href: "/", label: T.nav.home },
    { href: "/about", label: T.nav.about },
    { href: "/services", label: T.nav.services },
    { href: "/news", label: T.nav.news },
    { href: "/contact", label: T.nav.contact },
  ] as const;

export const BOOK_HREF = "/contact#contact-form";

/**
 * The nav item the current path belongs to ("/services/x" highlights Services). A path outside the
 * route table ("/about/x": `known` false) belongs to none: it is no part of the site, and the server
 * sends one 404 body for every such path.
 */
export function isCurrent(href: string, location: string, known: boolean): boolean {
  if (!known) return false;
  return href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`);
}
