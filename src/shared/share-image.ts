/**
 * Share previews (Open Graph, X): 1200 x 630 PNGs the server makes from a page's picture
 * (src/server/site/share-images.ts), as X and Facebook show PNG and JPEG but not SVG.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The share preview's address of a service or an article page. */
export function shareImagePath(kind: "services" | "news", slug: string): string {
  return `/share/${kind}/${encodeURIComponent(slug)}.png`;
}
