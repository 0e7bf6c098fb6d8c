import { useEffect, useState } from "react";

/** Whether the page's first render in the browser (the hydration of the server's HTML) is done. */
let hydrated = false;

/** Called by the browser's entry once the page has hydrated. */
export function markHydrated(): void {
  hydrated = true;
}

/** Whether the first render is done: false on the server and while the browser hydrates its HTML. */
export const isHydrated = (): boolean => hydrated;

/**
 * False on the server and in the browser's hydration (so both render the same HTML), true right after
 * and in anything rendered later (a page a navigation opens renders it at once). Preact's
 * useSyncExternalStore has no server snapshot for the hydration, so the public site asks this instead.
 */
export function useScripted(): boolean {
  const [scripted, setScripted] = useState(hydrated);
  useEffect(() => {
    if (!scripted) setScripted(true);
  }, [scripted]);
  return scripted;
}
