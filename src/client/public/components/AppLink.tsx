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

/** True while scrollToHash moves the focus to a link's landing control (focus events run inside focus()). */
let landingFocus = false;
export const isLandingFocus = () => landingFocus;

/**
 * Scrolls to the element with the given id and moves focus there for keyboard and screen-reader users.
 * A target may hold the control a link lands on (`data-landing`: the service Book This Service ticked,
 * issue 36): the focus goes to that control, so a screen reader reads what the link chose, and the page
 * shows it: the target from its start when the control fits in the window so, else the control's group
 * (its fieldset), else the control itself, centred. The scroll is smooth only where the visitor allows
 * motion (html's scroll-behavior in base.css follows prefers-reduced-motion).
 */
export function scrollToHash(hash: string): boolean {
  const target = document.getElementById(decodeURIComponent(hash));
  if (!target) return false;
  const landing = target.querySelector<HTMLElement>("[data-landing]");
  if (landing) {
    const room = window.innerHeight - (Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
    const top = target.getBoundingClientRect().top;
    const group = landing.closest("fieldset") ?? landing;
    if (landing.getBoundingClientRect().bottom - top <= room) target.scrollIntoView({ block: "start" });
    else if (group.getBoundingClientRect().height <= room) group.scrollIntoView({ block: "start" });
    else landing.scrollIntoView({ block: "center" });
    // The page moved the focus, not the visitor: the form does not count it as started (analytics).
    landingFocus = true;
    landing.focus({ preventScroll: true });
    landingFocus = false;
    return true;
  }
  target.scrollIntoView({ block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Lands on the hash's target once it is on the page: after a navigation, the new page's code may still be
 * loading (its chunk), so the target appears a moment later. Watches the page's changes until the target
 * shows (or 10 seconds pass); the answer stops watching (the next navigation calls it).
 */
export function scrollToHashWhenShown(hash: string): () => void {
  const watcher = new MutationObserver(() => {
    if (scrollToHash(hash)) stop();
  });
  const giveUp = setTimeout(() => stop(), 10_000);
  const stop = () => {
    watcher.disconnect();
    clearTimeout(giveUp);
  };
  watcher.observe(document.body, { childList: true, subtree: true });
  return stop;
}
