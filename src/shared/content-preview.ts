/**
 * The Website Content screen's live preview (docs/admin-portal.md): the screen shows a public page in
 * a frame, at the page's address with `?preview=content`, and sends it the text being edited, as it is
 * typed, before it is saved. Both sides are this site (same origin): the page accepts messages only
 * from its parent at its own origin, and the screen sends only to its frame at that origin.
 */
export const CONTENT_PREVIEW_PARAM = "preview";
export const CONTENT_PREVIEW_VALUE = "content";

/** The page's address in preview mode: `/contact` -> `/contact?preview=content`. */
export function contentPreviewUrl(path: string): string {
  return `${path}?${CONTENT_PREVIEW_PARAM}=${CONTENT_PREVIEW_VALUE}`;
}

export interface PreviewText {
  page: string;
  section: string;
  key: string;
  content: string;
  contentType: string;
}

/** The page in the frame is ready for texts (sent once it has hydrated). */
export interface PreviewReady {
  type: "content-preview:ready";
}

/** The texts to show instead of the saved ones (all of them: an empty list shows the saved texts again). */
export interface PreviewTexts {
  type: "content-preview:texts";
  texts: PreviewText[];
}

export const PREVIEW_READY: PreviewReady["type"] = "content-preview:ready";
export const PREVIEW_TEXTS: PreviewTexts["type"] = "content-preview:texts";
