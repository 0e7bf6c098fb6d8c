/**
 * What staff HTML may hold (news bodies, html content items, the footer text): the tags, their
 * attributes and the link schemes. The server's sanitiser (src/server/services/html.ts) applies them on
 * save and on the way out; the public pages' live preview (src/client/public/preview-html.ts) applies
 * them to text staff have not saved yet. Pictures: only this site's own (isOwnPicture).
 */
export const STAFF_HTML_TAGS = [
  "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "sup", "sub", "small", "mark", "span", "div",
  "h2", "h3", "h4", "h5", "h6", "blockquote", "code", "pre", "ul", "ol", "li",
  "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
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
