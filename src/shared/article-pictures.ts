import { responsiveSources, storedImageName, UPLOAD_NAME, type UploadSize } from "./image-variants";

/**
 * Pictures of a news article as visitors get them: the thumbnail (NewsArticlePage) and the pictures in
 * its body (below), both in the article's reading column and offered the same way.
 */

/**
 * How wide a picture in the article's reading column is drawn: 70ch (about 700px in the body font: .article-column), the screen less its
 * gutters on a phone.
 */
export const ARTICLE_PICTURE_SIZES = "(min-width: 740px) 700px, calc(100vw - 40px)";

/** Every <img> tag of sanitised HTML (sanitize-html writes each attribute as name="value" and escapes `"` and `>` in values). */
const IMG_TAG = /<img\b([^>]*?)\s*\/?>/g;
const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9-]*)(?:="([^"]*)")?/g;

function attributesOf(tag: string): Array<[string, string]> {
  return [...tag.matchAll(ATTRIBUTE)].map((match) => [match[1]!.toLowerCase(), match[2] ?? ""]);
}

/**
 * The stored upload (<hash>.<ext>) a picture address shows, either form (/uploads/<name> or /uploads/<hash>/<seo name>); null for any other
 * address.
 */
function uploadNameAt(src: string): string | null {
  const path = src.startsWith("/uploads/") ? src.slice("/uploads/".length) : null;
  if (!path) return null;
  if (UPLOAD_NAME.test(path)) return path;
  const [hash, file, ...rest] = path.split("/");
  const named = file && rest.length === 0 ? storedImageName(hash!, file) : null;
  return named && UPLOAD_NAME.test(named) ? named : null;
}

/** The uploads the pictures of a (sanitised) body show, by stored name: what `responsiveBodyPictures` needs measured. */
export function uploadsInBody(html: string): string[] {
  const names = new Set<string>();
  for (const [, attributes] of html.matchAll(IMG_TAG)) {
    const src = attributesOf(attributes!).find(([name]) => name === "src")?.[1];
    const name = src ? uploadNameAt(src) : null;
    if (name) names.add(name);
  }
  return [...names];
}

/**
 * A sanitised body with each picture of an upload offered as a thumbnail is (SmartImage): a <picture>
 * with a WebP <source> and the <img> in the upload's own format, each with the srcset of the upload's
 * variants (responsiveSources: the one list of widths and formats) and the reading column's `sizes`,
 * so a phone fetches a variant of its width and never the 2,560-pixel original; the upload's measured
 * width and height (the page keeps the picture's place while it loads; the CSS fits it to the column),
 * loading="lazy" and decoding="async". Done as the article is read, not stored: the saved body keeps
 * the plain <img src> the editor wrote, and a change of the widths list applies to every article.
 * Any other picture (a built-in /images/... one, a GIF, an upload never measured or gone) stays as it is.
 * `measured`: the measured size of each upload the body shows, by stored name (uploadsInBody).
 */
export function responsiveBodyPictures(html: string, measured: ReadonlyMap<string, UploadSize>): string {
  return html.replace(IMG_TAG, (tag, attributeText: string) => {
    const attributes = attributesOf(attributeText);
    const src = attributes.find(([name]) => name === "src")?.[1];
    const name = src ? uploadNameAt(src) : null;
    const size = name ? measured.get(name) : undefined;
    const sources = src && size?.width && size.height ? responsiveSources(src, size) : null;
    if (!sources || !size?.width || !size.height) return tag;
    const kept = attributes.filter(
      ([attribute]) => !["src", "srcset", "sizes", "width", "height", "loading", "decoding"].includes(attribute),
    );
    const img = [
      ["src", src!],
      ...kept,
      ["srcset", sources.original],
      ["sizes", ARTICLE_PICTURE_SIZES],
      ["width", String(size.width)],
      ["height", String(size.height)],
      ["loading", "lazy"],
      ["decoding", "async"],
    ]
      .map(([attribute, value]) => `${attribute}="${value}"`)
      .join(" ");
    return `<picture><source type="image/webp" srcset="${sources.webp}" sizes="${ARTICLE_PICTURE_SIZES}" /><img ${img} /></picture>`;
  });
}
