import { useEffect, useRef } from "react";
import { useLocation } from "../router";
import { scrollToHash } from "../components/AppLink";

/**
 * On every navigation the page scrolls to the top (public-site.md section 2), or to the hash target
 * when the link has one; focus moves to the main content so screen readers announce the new page.
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
  }, [location]);
  return null;
}
