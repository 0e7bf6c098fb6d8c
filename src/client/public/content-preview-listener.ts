import { publicQueries } from "./api";
import { PREVIEW_READY, PREVIEW_TEXTS, type PreviewText } from "../../shared/content-preview";
import { cleanStaffHtml } from "../lib/staff-html";
import type { ReadStore } from "./store";

/**
 * The page side of the Website Content screen's live preview (src/shared/content-preview.ts), started
 * by a page opened at `?preview=content` inside a frame (entry-public.tsx; a module of its own, so
 * visitors' pages do not carry it). It takes the texts its parent sends, at this site's origin only,
 * and shows them as the answer of their section's content read (page and section), in place of the
 * saved items, until the screen sends others; the read's own answer is put back when a section is no
 * longer previewed. The pages read their texts as always (data.ts). html not saved yet is cleaned here
 * by the server's rules. A newly edited text is brought into view.
 */
type Row = { key: string; content: string; contentType: string };

export function startContentPreview(store: ReadStore): void {
  /** The saved answer of each section shown with previewed texts, by "page/section". */
  const saved = new Map<string, { queryKey: [string, unknown]; rows: Row[] }>();
  let shownPlace = "";

  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const data = event.data as { type?: unknown; texts?: unknown };
    if (data?.type !== PREVIEW_TEXTS || !Array.isArray(data.texts)) return;
    const texts = (data.texts as PreviewText[]).map((text) => ({
      ...text,
      content: text.contentType === "html" ? cleanStaffHtml(String(text.content)) : String(text.content),
    }));
    const bySection = new Map<string, PreviewText[]>();
    for (const text of texts)
      bySection.set(`${text.page}/${text.section}`, [...(bySection.get(`${text.page}/${text.section}`) ?? []), text]);
    for (const [id, entry] of saved) {
      if (bySection.has(id)) continue;
      store.replace(entry.queryKey, entry.rows);
      saved.delete(id);
    }
    for (const [id, shown] of bySection) {
      if (!saved.has(id)) {
        // The same read as data.ts's sectionContent (api.ts: publicQueries.content).
        const queryKey = publicQueries.content({ page: shown[0]!.page, section: shown[0]!.section }).queryKey as [string, unknown];
        const view = store.view<Row[]>({ queryKey });
        saved.set(id, { queryKey, rows: view.status === "success" && Array.isArray(view.data) ? view.data : [] });
      }
      const { queryKey, rows } = saved.get(id)!;
      const replaced = rows.map((row) => shown.find((text) => text.key === row.key) ?? row);
      store.replace(queryKey, [...replaced, ...shown.filter((text) => !rows.some((row) => row.key === text.key))]);
    }

    const first = texts[0];
    const place = first ? `${first.page}/${first.section}/${first.key}` : "";
    if (first && place !== shownPlace) {
      shownPlace = place;
      const words =
        first.contentType === "html" ? (new DOMParser().parseFromString(first.content, "text/html").body.textContent ?? "") : first.content;
      requestAnimationFrame(() => requestAnimationFrame(() => scrollToWords(words)));
    }
  });
  window.parent.postMessage({ type: PREVIEW_READY }, location.origin);
}

/** Scrolls the first element showing these words (their start) to the middle of the frame. */
function scrollToWords(words: string): void {
  const start = words.trim().slice(0, 40);
  if (!start) return;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.includes(start)) {
      node.parentElement?.scrollIntoView({ block: "center" });
      return;
    }
  }
}
