import sanitizeHtml from "sanitize-html";

/**
 * An uploaded SVG made safe to serve and show (the clinic's logo and favicon, issue 36): an allowlist of
 * drawing elements and presentation attributes, parsed as XML (sanitize-html on htmlparser2). Out go
 * scripts, event handlers, <foreignObject> (HTML inside a picture), links, animation, DOCTYPEs and
 * processing instructions (entity definitions with them), and every external reference: an href that is
 * not a fragment of the same file (#id) or, on <image>, an embedded raster picture (data:image/png...),
 * a url(...) that is not url(#id), @import. The file is also served with a sandboxing policy and shown
 * in <img>, where a browser runs no script and loads nothing, so this is the second wall, not the only.
 */

const ELEMENTS = [
  "svg",
  "g",
  "defs",
  "title",
  "desc",
  "symbol",
  "use",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "image",
  "style",
  "filter",
  "feGaussianBlur",
  "feOffset",
  "feBlend",
  "feColorMatrix",
  "feFlood",
  "feComposite",
  "feMerge",
  "feMergeNode",
  "feDropShadow",
];

const ATTRIBUTES = [
  "id",
  "class",
  "style",
  "xmlns",
  "xmlns:xlink",
  "version",
  "viewBox",
  "preserveAspectRatio",
  "width",
  "height",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "dx",
  "dy",
  "d",
  "points",
  "transform",
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-opacity",
  "opacity",
  "color",
  "display",
  "visibility",
  "clip-path",
  "clip-rule",
  "mask",
  "filter",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "letter-spacing",
  "xml:space",
  "href",
  "xlink:href",
  "stdDeviation",
  "in",
  "in2",
  "result",
  "mode",
  "values",
  "type",
  "operator",
  "flood-color",
  "flood-opacity",
  "k1",
  "k2",
  "k3",
  "k4",
  "startOffset",
];

/** A reference inside the file (#id), the only kind an href may make; an <image> may also embed a raster picture. */
const LOCAL_REF = /^\s*#[\w.:-]*\s*$/;
const EMBEDDED_RASTER = /^\s*data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
/** A url(...) that points outside the file. */
const OUTSIDE_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;

/** CSS (a style attribute or element) without external references: @import gone, url(...) only to #ids. */
function cleanCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, "")
    .replace(OUTSIDE_URL, "none")
    .replace(/expression\s*\(/gi, "")
    .replace(/javascript:/gi, "");
}

/** The sanitized SVG text of an upload. */
export function sanitizeSvg(svg: string): string {
  // From the <svg> element on: the XML prologue, a DOCTYPE (and the entities it defines) and comments before it go.
  const start = svg.search(/<svg[\s>]/i);
  const end = svg.lastIndexOf("</svg>");
  const body = start < 0 ? "" : svg.slice(start, end > start ? end + "</svg>".length : undefined);
  const clean = sanitizeHtml(body, {
    allowedTags: ELEMENTS,
    allowedAttributes: { "*": ATTRIBUTES },
    // sanitize-html's own URL check (for href) is replaced by the stricter one of transformTags.
    allowedSchemes: ["data"],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    parser: { xmlMode: true, decodeEntities: true },
    // Anything not listed goes with its content (a <script>'s text, a <foreignObject>'s HTML).
    disallowedTagsMode: "discard",
    nonTextTags: ["script", "foreignObject", "iframe", "noscript", "textarea", "title-html"],
    // A <style> element's CSS is cleaned below (sanitize-html passes a style's text through as it is).
    allowVulnerableTags: true,
    transformTags: {
      "*": (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if (name === "href" || name === "xlink:href") {
            if (LOCAL_REF.test(value) || (tagName === "image" && EMBEDDED_RASTER.test(value))) kept[name] = value;
            continue;
          }
          kept[name] = name === "style" ? cleanCss(value) : value.replace(OUTSIDE_URL, "none");
        }
        return { tagName, attribs: kept };
      },
    },
  });
  return clean
    .replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open: string, css: string, close: string) => open + cleanCss(css) + close)
    .trim();
}

/** Whether bytes are an SVG document (an XML prologue or comments, then <svg). */
export function looksLikeSvgText(text: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>]/i.test(text);
}
