/**
 * Cleans clipboard HTML from Word and Google Docs before the visual editor parses it (TipTap's
 * `transformPastedHTML`). The editor's schema would drop unknown tags itself, but not everything the
 * office suites send is unknown to it: a Google Docs paste is wrapped in `<b style="font-weight:normal">`
 * (which would make the whole paste bold), Word's list bullets arrive as text inside
 * `<span style="mso-list:Ignore">`, and the text of `<style>` or conditional comments can leak in as
 * paragraphs. So this removes the junk and keeps only the structure and the attributes the server's
 * sanitiser would keep anyway.
 *
 * A pure string function (no DOM), so it runs the same in the browser and in a unit test; clipboard
 * HTML is produced by the office suites' serialisers, whose shapes are regular enough for this.
 */
import { isOwnPicture } from "../../../shared/own-picture";

/** Attributes worth keeping from a paste; every other one (class, style, lang, id, data-*, on*) goes. */
const KEPT_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  ol: ["start"],
};

/** Tags removed with everything inside them. */
const DROPPED_WITH_CONTENT = ["style", "script", "xml", "title", "head", "template", "iframe", "object", "noscript", "svg", "math"];

/** Tags removed with their content kept (wrappers carrying only styling). */
const UNWRAPPED = ["span", "font", "div", "html", "body", "section", "article", "center"];

/** Tags removed (they have no content): document metadata and Word's empty markers. */
const DROPPED_EMPTY = ["meta", "link", "base", "col", "colgroup", "wbr"];

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const TAG = /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = "", raw] of text.matchAll(ATTRIBUTE)) {
    const value = raw === undefined ? "" : raw.replace(/^(["'])([\s\S]*)\1$/, "$2");
    attributes.set(name.toLowerCase(), value);
  }
  return attributes;
}

/** A style's declarations, e.g. `font-weight:700;mso-bidi-font-weight:normal` -> { "font-weight": "700", ... }. */
function parseStyle(style: string): Map<string, string> {
  const declarations = new Map<string, string>();
  for (const part of style.replace(/&quot;/g, '"').split(";")) {
    const colon = part.indexOf(":");
    if (colon > 0)
      declarations.set(
        part.slice(0, colon).trim().toLowerCase(),
        part
          .slice(colon + 1)
          .trim()
          .toLowerCase(),
      );
  }
  return declarations;
}

/**
 * Addresses an image may come from: this site's uploads and images only, as the server keeps them
 * (Word's `file:///C:/...`, `data:` and other hosts' pictures would be dead, huge, or dropped on save).
 */
function isUsableImageSource(src: string): boolean {
  return isOwnPicture(src);
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&(?!#?\w+;)/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;");
}

export function cleanPastedHtml(html: string): string {
  let out = html;
  // Everything before <body> (Word sends a whole document: <html xmlns:o=...><head><style>...).
  out = out.replace(/^[\s\S]*?<body[^>]*>/i, "").replace(/<\/body>[\s\S]*$/i, "");
  // Clipboard markers, comments and Word's conditional sections (`<![if !supportLists]>` holds the bullet text).
  out = out.replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, "");
  out = out.replace(/<!\[if[\s\S]*?<!\[endif\]>/gi, "");
  out = out.replace(/<!--[\s\S]*?-->/g, "");
  out = out.replace(/<!\[[^\]]*\]>/g, "").replace(/<!DOCTYPE[^>]*>/gi, "");
  for (const tag of DROPPED_WITH_CONTENT) out = out.replace(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}\\s*>`, "gi"), "");
  // Word's list bullets and numbers typed as text, without the conditional comment around them.
  out = out.replace(/<span[^>]*mso-list:\s*ignore[^>]*>[\s\S]*?<\/span>\s*(?:<\/span>)?/gi, "");

  // Each tag rebuilt: namespaced tags (o:p, w:sdt, v:shape) and styling wrappers go; styling that means
  // something (Google Docs' bold and italic spans) becomes <strong> and <em>; other attributes go.
  const openWrappers: string[][] = [];
  out = out.replace(TAG, (_match, closing: string, rawName: string, rawAttributes: string) => {
    const name = rawName.toLowerCase();
    if (name.includes(":") || DROPPED_EMPTY.includes(name)) return "";
    const attributes = parseAttributes(rawAttributes);
    if (name === "span" || name === "b" || name === "font") {
      if (closing)
        return (openWrappers.pop() ?? (name === "b" ? ["strong"] : []))
          .reverse()
          .map((tag) => `</${tag}>`)
          .join("");
      const style = parseStyle(attributes.get("style") ?? "");
      const weight = style.get("font-weight");
      const bold = name === "b" ? weight !== "normal" && weight !== "400" : weight !== undefined && /^(bold|bolder|[6-9]00)$/.test(weight);
      const italic = style.get("font-style") === "italic";
      const tags = [...(bold ? ["strong"] : []), ...(italic ? ["em"] : [])];
      openWrappers.push(tags);
      return tags.map((tag) => `<${tag}>`).join("");
    }
    if (UNWRAPPED.includes(name)) return "";
    if (closing) return `</${name}>`;
    const kept = KEPT_ATTRIBUTES[name] ?? [];
    if (name === "img" && !isUsableImageSource(attributes.get("src") ?? "")) return "";
    const text = kept
      .filter((attribute) => attributes.has(attribute))
      .filter((attribute) => attribute !== "href" || !/^\s*(javascript|data|vbscript|file):/i.test(attributes.get(attribute) ?? ""))
      .map((attribute) => ` ${attribute}="${escapeAttribute(attributes.get(attribute) ?? "")}"`)
      .join("");
    return `<${name}${text}>`;
  });

  // Links left without an address (Word's bookmarks `<a name=_Toc1>`, a refused javascript: link) keep their text only.
  out = out.replace(/<a>([\s\S]*?)<\/a>/g, "$1");
  // Word's empty paragraphs (`<p>&nbsp;</p>`) and the whitespace between blocks.
  out = out.replace(/<p>(?:\s|&nbsp;|\u00a0)*<\/p>/gi, "");
  out = out.replace(/&nbsp;/g, "\u00a0").replace(/\s*\n\s*/g, " ");
  return out.trim();
}
