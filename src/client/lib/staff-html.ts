import { isOwnPicture } from "../../shared/own-picture";
import { STAFF_HTML_ATTRIBUTES, STAFF_HTML_TAGS, STAFF_LINK_SCHEMES } from "../../shared/staff-html-rules";

/**
 * Staff HTML in the browser, for what the server has not cleaned: the live preview of text not saved
 * yet. The same rules as the server's sanitiser (src/shared/staff-html-rules.ts), applied with the
 * browser's own parser (DOMParser builds an inert document: nothing in it runs or loads). Browser only.
 */
const TAGS = new Set<string>(STAFF_HTML_TAGS);
/** Removed with everything inside (sanitize-html's "non-text" tags and other containers of code). */
const DROPPED = new Set([
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "title",
  "head",
]);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function allowedUrl(value: string): boolean {
  // browsers skip control characters inside a URL ("java\u0000script:"), so they are removed before the scheme is checked
  // biome-ignore lint/suspicious/noControlCharactersInRegex: see the lines above
  const url = value.trim().replace(/[\u0000-\u001f\s]+/g, "");
  if (url.startsWith("//")) return false;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || (STAFF_LINK_SCHEMES as readonly string[]).includes(scheme);
}

function cleanChildren(parent: Node, into: Node, doc: Document): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) into.appendChild(doc.createTextNode(child.textContent ?? ""));
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (!TAGS.has(tag)) {
      cleanChildren(element, into, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    for (const name of STAFF_HTML_ATTRIBUTES[tag] ?? []) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      if (name === "href" && !allowedUrl(value)) continue;
      if (name === "src" && !isOwnPicture(value.trim())) continue;
      copy.setAttribute(name, name === "src" ? value.trim() : value);
    }
    if (tag === "a") {
      if (copy.getAttribute("target") === "_blank") copy.setAttribute("rel", "noopener noreferrer");
      else copy.removeAttribute("target");
    }
    cleanChildren(element, copy, doc);
    into.appendChild(copy);
  }
}

function parse(html: string): { doc: Document; body: HTMLElement } {
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, "text/html");
  return { doc, body: doc.body };
}

/** The HTML with only what staff HTML may hold. */
export function cleanStaffHtml(html: string): string {
  const { doc, body } = parse(html);
  const out = doc.createElement("div");
  cleanChildren(body, out, doc);
  return out.innerHTML;
}

/**
 * Clean HTML cut after `length` characters of its text, followed by "..." (admin-portal.md: the
 * content list's preview), keeping the formatting of what stays. Unchanged when the text is shorter.
 */
export function truncateStaffHtml(html: string, length: number): string {
  const { doc, body } = parse(cleanStaffHtml(html));
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  let seen = 0;
  let cut: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (seen + text.data.length > length) {
      text.data = `${text.data.slice(0, length - seen)}...`;
      cut = text;
      break;
    }
    seen += text.data.length;
  }
  if (!cut) return body.innerHTML;
  // Everything after the cut goes: the following siblings of the text and of each of its ancestors.
  for (let node: Node | null = cut; node && node !== body; node = node.parentNode) {
    while (node.nextSibling) node.parentNode!.removeChild(node.nextSibling);
  }
  return body.innerHTML;
}
