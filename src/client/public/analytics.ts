/**
 * The public pages' visit counting (issue 25; server: src/server/http/visit-beacon.ts and
 * services/analytics.ts): one small POST per page shown and per step of the inquiry form, sent after the
 * page is up. No cookie, nothing in local or session storage: what a visit carries from page to page
 * (the page it entered on, its campaign, the last service page) lives in this module's memory, so it
 * lasts while the visitor moves through the site's own links and ends with the tab.
 *
 * Nothing is sent when the browser asks not to be followed (Do Not Track, Global Privacy Control), in
 * the portal's preview frame, or on a preview address. The query string never leaves: only a
 * campaign's utm_source, utm_medium and utm_campaign.
 */
import { CONTACT_PAGE, PAGE_PATH, PAGE_PATH_MAX, SERVICE_PAGE, UTM_VALUE, UTM_VALUE_MAX } from "../../shared/visit-rules";

interface Utm {
  source?: string;
  medium?: string;
  campaign?: string;
}

const visit: { entryPath: string | null; utm: Utm | undefined; via: string | undefined; lastPath: string | null; started: boolean } = {
  entryPath: null,
  utm: undefined,
  via: undefined,
  lastPath: null,
  started: false,
};

function allowed(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl === true) return false;
  if (window.parent !== window) return false;
  return !new URLSearchParams(location.search).has("preview");
}

function send(body: Record<string, unknown>) {
  void fetch("/api/visit", {
    method: "POST",
    keepalive: true,
    credentials: "omit",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => {});
}

function campaignOf(search: string): Utm | undefined {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const name of ["source", "medium", "campaign"] as const) {
    const value = params.get(`utm_${name}`)?.trim();
    if (value && value.length <= UTM_VALUE_MAX && UTM_VALUE.test(value)) utm[name] = value;
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}

function viewed(entry: boolean) {
  const path = location.pathname;
  if (path === visit.lastPath || !PAGE_PATH.test(path) || path.length > PAGE_PATH_MAX) return;
  visit.lastPath = path;
  const service = SERVICE_PAGE.exec(path)?.[1];
  if (service) visit.via = service;
  send({
    kind: "view",
    path,
    ...(entry ? { entry: true, referrer: document.referrer || undefined, utm: visit.utm } : {}),
    ...(CONTACT_PAGE.test(path) && visit.via ? { via: visit.via } : {}),
  });
}

/** Counts the page the visit entered on, then each page the site's own links lead to. */
export function startVisitCounting(): void {
  if (!allowed()) return;
  visit.entryPath = location.pathname;
  visit.utm = campaignOf(location.search);
  viewed(true);
  const next = () => viewed(false);
  window.addEventListener("popstate", next);
  window.addEventListener("app:navigate", next);
}

/** The inquiry form's first use on this visit. */
export function countFormStarted(): void {
  if (visit.started || visit.entryPath === null) return;
  visit.started = true;
  send({ kind: "start", path: "/contact", ...(visit.via ? { via: visit.via } : {}) });
}

/**
 * An inquiry sent: a conversion for the page the visit entered on, its campaign and the service page that
 * led here. Nothing of the inquiry but its answer's conversion token, without which the server counts none.
 */
export function countInquirySent(token?: string): void {
  if (visit.entryPath === null) return;
  visit.started = false;
  send({
    kind: "sent",
    path: "/contact",
    token,
    ...(PAGE_PATH.test(visit.entryPath) && visit.entryPath.length <= PAGE_PATH_MAX ? { entryPath: visit.entryPath } : {}),
    ...(visit.via ? { via: visit.via } : {}),
    ...(visit.utm ? { utm: visit.utm } : {}),
  });
}
