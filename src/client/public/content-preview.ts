import { useSyncExternalStore } from "react";
import { CONTENT_PREVIEW_PARAM, CONTENT_PREVIEW_VALUE, PREVIEW_READY, PREVIEW_TEXTS, type PreviewText } from "../../shared/content-preview";
import { cleanStaffHtml } from "../lib/staff-html";

/**
 * The page side of the Website Content screen's live preview (src/shared/content-preview.ts): a page
 * opened at `?preview=content` inside a frame of this site takes the texts the screen sends and shows
 * them in place of the saved ones, until the screen sends others. Anywhere else (no frame, another
 * parent, the server's render) nothing changes: there are no texts, and the pages read the saved ones.
 */
let texts: readonly PreviewText[] = [];
const listeners = new Set<() => void>();
const NONE: readonly PreviewText[] = [];

export function startContentPreview(): void {
  if (new URLSearchParams(location.search).get(CONTENT_PREVIEW_PARAM) !== CONTENT_PREVIEW_VALUE) return;
  if (window.parent === window) return;
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const data = event.data as { type?: unknown; texts?: unknown };
    if (data?.type !== PREVIEW_TEXTS || !Array.isArray(data.texts)) return;
    texts = (data.texts as PreviewText[]).map((text) =>
      // Not saved, so not cleaned by the server yet: cleaned here by the same rules.
      text.contentType === "html" ? { ...text, content: cleanStaffHtml(String(text.content)) } : { ...text, content: String(text.content) },
    );
    for (const listener of listeners) listener();
  });
  window.parent.postMessage({ type: PREVIEW_READY }, location.origin);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The unsaved texts of a page section the screen is previewing (none outside the preview). */
export function usePreviewTexts(page: string, section: string): PreviewText[] {
  const all = useSyncExternalStore(subscribe, () => texts, () => NONE);
  return all.filter((text) => text.page === page && text.section === section);
}
