import { createContext, useContext, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { localizedPath, splitLanguagePath } from "../../shared/languages";
import { pageLanguage } from "./i18n";

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

/** Goes to an address of the site (a new history entry), as a click on an in-app link does; a page's address is the page language's. */
export function navigate(to: string) {
  window.history.pushState(null, "", inPageLanguage(to));
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

/** The current page's path without its language prefix ("/es/services/x" gives "/services/x"): what the route table matches. */
export function usePagePath(): string {
  return splitLanguagePath(useLocation()[0]).path;
}

/**
 * An address of a public page in the page's language: "/contact#contact-form" on a Spanish page is
 * "/es/contact#contact-form". Addresses of other parts of the site (the portal, files) and addresses
 * that already name a language stay as they are.
 */
export function inPageLanguage(href: string): string {
  if (!href.startsWith("/") || href.startsWith("//") || /^\/(admin|api|uploads|images|share|es|zh)(\/|$|[?#])/.test(href)) return href;
  return localizedPath(href, pageLanguage().code);
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
  return <a href={inPageLanguage(href)} onClick={handleClick} {...rest} />;
}
