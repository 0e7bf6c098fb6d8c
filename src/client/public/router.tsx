import { createContext, useContext, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";

/**
 * The public pages' router: the path as a hook, history navigation, and a link that navigates without
 * a reload. What the pages used of wouter, in a few lines (the route table, routes.ts, does the
 * matching); the public pages' JavaScript budget is 90 KB.
 */

/** The path the server renders (the browser reads its address bar instead). */
const SsrPath = createContext<string | undefined>(undefined);

export function Router({ ssrPath, children }: { ssrPath?: string; children: ReactNode }) {
  return <SsrPath.Provider value={ssrPath}>{children}</SsrPath.Provider>;
}

const NAVIGATED = "app:navigate";

function subscribe(listener: () => void) {
  window.addEventListener("popstate", listener);
  window.addEventListener(NAVIGATED, listener);
  return () => {
    window.removeEventListener("popstate", listener);
    window.removeEventListener(NAVIGATED, listener);
  };
}

/** A path as the pages see it: decoded with decodeURI (a slug's %-escapes become its characters). */
function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Goes to an address of the site (a new history entry), as a click on an in-app link does. */
export function navigate(to: string) {
  window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The current path (without query or hash), and navigate. */
export function useLocation(): [string, typeof navigate] {
  const ssrPath = useContext(SsrPath);
  const path = useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    // The server's render, and the browser's hydration of it (same address).
    () => ssrPath ?? window.location.pathname,
  );
  return [decoded(path), navigate];
}

/**
 * An anchor that navigates in the app: a plain left click on a link to this site pushes the address;
 * a modified click (new tab), a link with a target, or a link elsewhere behaves as the browser would.
 */
export function Link({ href, onClick, ...rest }: { href: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    if (rest.target || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
