import { hydrate } from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { decode } from "../shared/transformer";
import { createQueryClient } from "./lib/query-client";
import { PublicRoot } from "./public/app";
import { browserPageSource, loadPage } from "./public/pages/registry";
import { matchPublicRoute } from "./public/routes";
import type { SiteInfo } from "./public/site-context";
import "./public/styles/base.css";
import "./public/styles/layout.css";

/** Hydrates the server-rendered document with the data the server rendered it from. */
interface BootData {
  site: SiteInfo;
  state: unknown;
}

const raw = document.getElementById("__APP_DATA__")?.textContent ?? "";
const boot = (raw ? decode(JSON.parse(raw)) : { site: { origin: location.origin, year: new Date().getFullYear() }, state: undefined }) as BootData;
const queryClient = createQueryClient();
if (boot.state) hydrate(queryClient, boot.state);

// The first page's code is loaded before hydration, so the first render matches the server's HTML.
loadPage(matchPublicRoute(location.pathname).key).then(() => {
  hydrateRoot(document, <PublicRoot queryClient={queryClient} site={boot.site} pages={browserPageSource} />);
  // Lets tests (and curious developers) know the page is interactive.
  requestAnimationFrame(() => document.documentElement.setAttribute("data-hydrated", "true"));
});
