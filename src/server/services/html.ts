import sanitizeHtml from "sanitize-html";

/**
 * The allowlist for staff HTML (news bodies, html content items, the footer text), applied on save and
 * again on the way out to a page: no scripts, no event handlers, no javascript: URLs, no iframes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "sup", "sub", "small", "mark", "span", "div",
    "h2", "h3", "h4", "h5", "h6", "blockquote", "code", "pre", "ul", "ol", "li",
    "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const attrs = { ...attribs };
      if (attrs.target === "_blank") attrs.rel = "noopener noreferrer";
      else delete attrs.target;
      return { tagName, attribs: attrs };
    },
  },
};

export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export function sanitizeOptionalHtml(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeStaffHtml(html).trim();
  return clean === "" ? null : clean;
}
