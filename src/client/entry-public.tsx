import { hydrateRoot } from "react-dom/client";
import { decode } from "../shared/transformer";
import { browserRead } from "./public/api";
import { PublicRoot } from "./public/app";
import { matchPublicRoute } from "./public/routes";
import { loadPage } from "./public/routing";
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
const boot = (raw ? decode(JSON.parse(raw)) : { site: { origin: location.origin, year: new Date().getFullYear() }, reads: undefined }) as BootData;
const route = matchPublicRoute(routedPath(location.pathname));
// A 404 body shared by every unknown slug carries its failed read under a placeholder slug: this page's.
const store = new ReadStore(browserRead, adoptSharedNotFound(boot.reads ?? [], route));

// The first page's code is loaded before hydration, so the first render matches the server's HTML.
loadPage(route.route).then(() => {
  hydrateRoot(document, <PublicRoot store={store} site={boot.site} />);
  // Lets tests (and curious developers) know the page is interactive.
  requestAnimationFrame(() => document.documentElement.setAttribute("data-hydrated", "true"));
});
