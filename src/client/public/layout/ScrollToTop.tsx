import { useEffect, useRef } from "react";
import { useLocation } from "../router";
import { scrollToHash, scrollToHashWhenShown } from "../components/AppLink";

/**
 * On every navigation the page scrolls to the top (public-site.md section 2), or to the hash target
 * when the link has one (once its page shows it); focus moves to the main content so screen readers
 * announce the new page, or to the target.
 */
export function ScrollToTop() {
  const [location] = useLocation();
  /** The location the page was last scrolled for: null until the first render's effect. */
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    const first = scrolledFor.current === null;
    scrolledFor.current = location;
    if (first) {
      const hash = window.location.hash.slice(1);
      if (hash) requestAnimationFrame(() => scrollToHash(hash));
      return;
    }
    const hash = window.location.hash.slice(1);
    if (hash && scrollToHash(hash)) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    document.getElementById("main")?.focus({ preventScroll: true });
    // The target of a link with a hash (Book Now: /contact#contact-form) may still be loading with its
    // page: the page lands on it as soon as it shows (issue 36: it stayed at the top).
    if (hash) return scrollToHashWhenShown(hash);
  }, [location]);
  return null;
}
