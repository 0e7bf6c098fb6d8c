import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { Link, useLocation, usePagePath } from "../router";

/**
 * An in-app link. Links with a hash (Book Now -> /contact#contact-form) scroll to their target, also
 * when the visitor is already on that page; external and new-tab links stay plain anchors.
 */
export function AppLink({
  href,
  children,
  onClick,
  ...rest
}: { href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const [location] = useLocation();
  const pagePath = usePagePath();
  const [path, hash] = href.split("#");
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (hash && (path === "" || path === pagePath)) {
      event.preventDefault();
      window.history.replaceState(window.history.state, "", `${location}#${hash}`);
      scrollToHash(hash);
    }
  };
  return (
    <Link href={href} onClick={handleClick} {...rest}>
      {children}
    </Link>
  );
}

/** Scrolls to the element with the given id and moves focus there for keyboard and screen-reader users. */
export function scrollToHash(hash: string): boolean {
  const target = document.getElementById(decodeURIComponent(hash));
  if (!target) return false;
  target.scrollIntoView({ block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return true;
}
