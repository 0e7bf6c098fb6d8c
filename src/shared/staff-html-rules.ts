/**
 * What staff HTML may hold (news bodies, html content items, the footer text): the tags, their
 * attributes and the link schemes. The server's sanitiser (src/server/services/html.ts) applies them on
 * save and on the way out; the public pages' live preview (src/client/lib/staff-html.ts) applies
 * them to text staff have not saved yet. Pictures: only this site's own (isOwnPicture).
 */
export const STAFF_HTML_TAGS = [
  "p",
  "br",
  "hr",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "sup",
  "sub",
  "small",
  "mark",
  "span",
  "div",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
] as const;

export const STAFF_HTML_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  ol: ["start"],
};

/** The schemes a link may use (a relative address is allowed; protocol-relative ones are not). */
export const STAFF_LINK_SCHEMES = ["http", "https", "mailto", "tel"] as const;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The words of staff HTML, for a place on a page that shows plain text (a title, a button, a lead
 * paragraph): tags dropped (a block's end as a space), entities decoded, spaces collapsed. A content
 * item of type html in such a place then reads as its words, never as its markup; its formatting shows
 * where the page shows formatted text (the footer's description). Server and browser alike (no DOM).
 */
export function staffHtmlText(html: string): string {
  return html
    .replace(/<(?:br|hr)\s*\/?>|<\/(?:p|div|li|h[2-6]|blockquote|pre|tr|td|th|figcaption|caption)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}
