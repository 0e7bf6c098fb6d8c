import { T } from "../text";

export const NAV_ITEMS = [
  { href: "/", label: T.nav.home },
  { href: "/about", label: T.nav.about },
  { href: "/services", label: T.nav.services },
  { href: "/news", label: T.nav.news },
  { href: "/contact", label: T.nav.contact },
] as const;

export const BOOK_HREF = "/contact#contact-form";

/** The nav item the current path belongs to ("/services/x" highlights Services). */
export function isCurrent(href: string, location: string): boolean {
  return href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`);
}
