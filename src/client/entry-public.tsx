import { hydrateRoot } from "react-dom/client";
import { decode } from "../shared/transformer";
import { browserRead } from "./public/api";
import { PublicRoot } from "./public/app";
import { matchPublicRoute } from "./public/routes";
import { loadPage, setWordsLoader } from "./public/routing";
import { loadWords, setWordFiles } from "./public/i18n";
import { splitLanguagePath } from "../shared/languages";
import { adoptSharedNotFound } from "./public/shared-not-found";
import { markHydrated } from "./public/hydration";
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

/** Once the page has hydrated: marks <html> (so tests, and curious developers, know it is interactive) and starts what comes after. */
function onHydrated() {
  markHydrated();
  document.documentElement.setAttribute("data-hydrated", "true");
  // Visit counting (analytics.ts) loads after the page is up.
  void import("./public/analytics").then((analytics) => analytics.startVisitCounting());
  // In the Website Content screen's frame (?preview=content): ready for the texts being edited.
  if (window.parent !== window && location.search.includes("preview=content"))
    void import("./public/content-preview-listener").then((preview) => preview.startContentPreview(store));
}

// The first page's code and its language's catalogue (the address's: issue 27) are loaded before
// hydration, so the first render matches the server's HTML.
// Preact hydrates the page's body (<div id="app">; the document and its head are the server's) in
// one pass: the whole page's render is a few milliseconds, where React's needed slicing.
const { language } = splitLanguagePath(location.pathname);
setWordFiles(boot.site.words ?? {});
setWordsLoader((parts) => loadWords(language, parts));
loadPage(route.route).then(() => {
  hydrateRoot(document.getElementById("app")!, <PublicRoot store={store} site={boot.site} onHydrated={onHydrated} />);
});
