import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { decode } from "../shared/transformer";
import { browserRead } from "./public/api";
import { PublicRoot } from "./public/app";
import { matchPublicRoute } from "./public/routes";
import { loadPage, setWordsLoader } from "./public/routing";
import { loadWords, setWordFiles } from "./public/i18n";
import { splitLanguagePath } from "../shared/languages";
import { adoptSharedNotFound } from "./public/shared-not-found";
import type { SiteInfo } from "./public/site-context";
import { ReadStore, type StoreSnapshot } from "./public/store";
import "./public/styles/base.css";
import "./public/styles/layout.css";

/** Hydrates the server-rendered document with the data the server rendered it from. */
interface BootData {
  site: SiteInfo;
  reads: StoreSnapshot | undefined;
}

/** The path as the router sees it (router.tsx decodes it with decodeURI), so the slug is the page's own. */
function routedPath(pathname: string): string {
  try {
    return pathname.includes("%") ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

const raw = document.getElementById("__APP_DATA__")?.textContent ?? "";
const boot = (
  raw ? decode(JSON.parse(raw)) : { site: { origin: location.origin, year: new Date().getFullYear() }, reads: undefined }
) as BootData;
const route = matchPublicRoute(routedPath(location.pathname));
// A 404 body shared by every unknown slug carries its failed read under a placeholder slug: this page's.
const store = new ReadStore(browserRead, adoptSharedNotFound(boot.reads ?? [], route));

/** Marks <html> once the whole page has hydrated, so tests (and curious developers) know it is interactive. */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "true");
    // Visit counting (analytics.ts) loads after the page is up: it is not part of the page's budget.
    void import("./public/analytics").then((analytics) => analytics.startVisitCounting());
    // In the Website Content screen's frame (?preview=content): ready for the texts being edited.
    if (window.parent !== window && location.search.includes("preview=content"))
      void import("./public/content-preview-listener").then((preview) => preview.startContentPreview(store));
  }, []);
  return children;
}

// The first page's code and its language's catalogue (the address's: issue 27) are loaded before
// hydration, so the first render matches the server's HTML.
// Hydration runs as a transition: React works through the page in slices of a few milliseconds and
// lets the browser in between (no long task on a slow phone), and a click on a part not hydrated yet
// hydrates that part at once and is replayed.
const { language } = splitLanguagePath(location.pathname);
setWordFiles(boot.site.words ?? {});
setWordsLoader((parts) => loadWords(language, parts));
loadPage(route.route).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <MarkHydrated>
        <PublicRoot store={store} site={boot.site} />
      </MarkHydrated>,
    );
  });
});
