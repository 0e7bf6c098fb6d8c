import sanitizeHtml from "sanitize-html";
import { isOwnPicture } from "../../shared/own-picture";
import { STAFF_HTML_ATTRIBUTES, STAFF_HTML_TAGS, STAFF_LINK_SCHEMES } from "../../shared/staff-html-rules";

/**
 * The allowlist for staff HTML (src/shared/staff-html-rules.ts), applied on save and
 * again on the way out to a page: no scripts, no event handlers, no javascript: URLs, no iframes;
 * pictures only from this site's uploads and images (isOwnPicture).
 * The way out remembers what it cleaned (see `sanitizeStaffHtml`), so a body is parsed once, not on
 * every read.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...STAFF_HTML_TAGS],
  allowedAttributes: STAFF_HTML_ATTRIBUTES,
  allowedSchemes: [...STAFF_LINK_SCHEMES],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    img: (tagName, attribs) => {
      const attrs = { ...attribs };
      if (attrs.src === undefined || !isOwnPicture(attrs.src.trim())) delete attrs.src;
      else attrs.src = attrs.src.trim();
      return { tagName, attribs: attrs };
    },
    a: (tagName, attribs) => {
      const attrs = { ...attribs };
      if (attrs.target === "_blank") attrs.rel = "noopener noreferrer";
      else delete attrs.target;
      return { tagName, attribs: attrs };
    },
  },
};

/**
 * Bodies already cleaned, by their exact text: a read of an unchanged body costs a lookup instead of
 * a parse (with 5,000 articles the parse was a quarter of the time of /api/news). Bounded by bytes;
 * the least recently used go first. A body that reached the database another way is still cleaned
 * on its first read, since the key is what is stored, not where it came from.
 */
const cleaned = new Map<string, string>();
let cleanedBytes = 0;
const CLEANED_MAX_BYTES = 16 * 1024 * 1024;

export function sanitizeStaffHtml(html: string): string {
  const known = cleaned.get(html);
  if (known !== undefined) {
    cleaned.delete(html);
    cleaned.set(html, known);
    return known;
  }
  const clean = sanitizeHtml(html, OPTIONS);
  const bytes = (html.length + clean.length) * 2;
  if (bytes <= CLEANED_MAX_BYTES / 16) {
    cleaned.set(html, clean);
    cleanedBytes += bytes;
    for (const [oldest, value] of cleaned) {
      if (cleanedBytes <= CLEANED_MAX_BYTES) break;
      cleaned.delete(oldest);
      cleanedBytes -= (oldest.length + value.length) * 2;
    }
  }
  return clean;
}

export function sanitizeOptionalHtml(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeStaffHtml(html).trim();
  return clean === "" ? null : clean;
}
