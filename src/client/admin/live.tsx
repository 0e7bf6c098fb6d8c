import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { I } from "./text-inquiries";

/**
 * The portal's live presence (issue 25): one EventSource per tab on GET /api/admin/events (server:
 * src/server/live/live-events.ts), for a user whose role sees inquiries. It gives the number of New
 * inquiries (the menu's count, the tab's title) and the moments inquiries arrived (the desk's "n new
 * inquiries" banner; the list itself still reloads only on Refresh, as the spec says), and shows a
 * desktop notice on arrival where this browser was told to (My Account), naming no one.
 *
 * The browser reconnects by itself after a dropped connection; a stream the server refused or stopped
 * (a restart behind nginx answers 502 a moment) is opened again here, waiting longer each time. An `end`
 * (the session ended) closes it for good: the next ordinary call takes the user to the sign-in page.
 */
export interface LiveInquiries {
  /** New inquiries in the user's scope, or null before the first answer (or without the permission). */
  newCount: number | null;
  /** All inquiries in the user's scope (the dashboard's Contact Inquiries card), or null before the first answer. */
  totalCount: number | null;
  /** How many inquiries arrived after `since` (a Date.now() value, such as a list's dataUpdatedAt). */
  arrivedSince(since: number): number;
}

const LiveContext = createContext<LiveInquiries>({ newCount: null, totalCount: null, arrivedSince: () => 0 });

export function useLiveInquiries(): LiveInquiries {
  return useContext(LiveContext);
}

const EVENTS_URL = "/api/admin/events";
const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;
/** Arrivals older than this are forgotten (a banner counts those since its list loaded). */
const ARRIVALS_KEPT = 200;

export function LiveInquiriesProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [newCount, setNewCount] = useState<number | null>(null);
  const [totalCount, setTotalCount] = useState<number | null>(null);
  const [arrivals, setArrivals] = useState<readonly number[]>([]);

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = FIRST_RETRY_MS;
    let over = false;
    // The last count heard, and whether the stream was opened again since: what arrived while it was
    // down was never announced, so a count that grew meanwhile counts as that many arrivals.
    let known: number | null = null;
    let reopened = false;
    const arrived = (n: number) => {
      const now = Date.now();
      setArrivals((list) => [...list, ...Array<number>(n).fill(now)].slice(-ARRIVALS_KEPT));
      notifyDesktop();
    };
    const connect = () => {
      source = new EventSource(EVENTS_URL);
      source.onopen = () => {
        if (known !== null) reopened = true;
      };
      source.addEventListener("inquiries", (event) => {
        wait = FIRST_RETRY_MS;
        const counts = JSON.parse((event as MessageEvent<string>).data) as { new: number; total?: number };
        const count = counts.new;
        if (reopened && known !== null && count > known) arrived(count - known);
        reopened = false;
        known = count;
        setNewCount(count);
        setTotalCount(counts.total ?? null);
      });
      source.addEventListener("arrived", () => arrived(1));
      source.addEventListener("end", () => {
        over = true;
        source?.close();
      });
      source.onerror = () => {
        // CONNECTING: the browser retries by itself. CLOSED: refused or cut for good; open again later.
        if (over || source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, wait);
        wait = Math.min(wait * 2, LONGEST_RETRY_MS);
      };
    };
    connect();
    return () => {
      over = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled]);

  const arrivedSince = useCallback((since: number) => arrivals.filter((at) => at > since).length, [arrivals]);
  const value = useMemo(
    () => ({ newCount: enabled ? newCount : null, totalCount: enabled ? totalCount : null, arrivedSince }),
    [enabled, newCount, totalCount, arrivedSince],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The page title with the New count in front ("(2) Contact Form Submissions | Admin | …") while there are any. */
export function titleWithCount(title: string, newCount: number | null): string {
  return newCount ? `(${newCount}) ${title}` : title;
}

// Desktop notices: a choice of this browser (not the account: it is about this screen), kept in
// localStorage (the portal's own origin path; the public pages store nothing).
const DESKTOP_KEY = "clinic-admin.desktop-notices";

export function desktopNoticesSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function desktopNoticesOn(): boolean {
  return desktopNoticesSupported() && Notification.permission === "granted" && localStorage.getItem(DESKTOP_KEY) === "on";
}

/** Turns desktop notices on (asking the browser's permission first) or off; answers whether they are on now. */
export async function setDesktopNotices(on: boolean): Promise<"on" | "off" | "blocked" | "unsupported"> {
  if (!desktopNoticesSupported()) return "unsupported";
  if (!on) {
    localStorage.removeItem(DESKTOP_KEY);
    return "off";
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return "blocked";
  localStorage.setItem(DESKTOP_KEY, "on");
  return "on";
}

/** An arrival while the portal is not in front (another tab or window has the focus): one notice (a second tab's replaces it: same tag). */
function notifyDesktop() {
  if (!desktopNoticesOn() || (document.visibilityState === "visible" && document.hasFocus())) return;
  const notice = new Notification(I.live.noticeTitle, { body: I.live.noticeBody, tag: "clinic-new-inquiry", icon: "/favicon.svg" });
  notice.onclick = () => {
    window.focus();
    window.location.assign("/admin/contact?status=new");
    notice.close();
  };
}
