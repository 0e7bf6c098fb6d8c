import { useEffect, useRef, type ImgHTMLAttributes } from "react";
import { responsiveSources, type UploadSize } from "../../../shared/image-variants";
import { useLoadFailed } from "../../lib/load-failed";
import { preloadImage } from "../head";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

type SmartImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** The measured size of the upload at `src`, as the record carries it: an upload is then offered at its variants' widths. */
  upload?: UploadSize | null;
  /**
   * How wide the picture is drawn at each screen width, which the browser picks a file by before any CSS
   * has loaded: written next to each place from its CSS (base.css: .container is at most 1200px with a
   * 20px gutter, 32px from 768px; .grid gaps are 24px), so a card in a 3-column grid takes a third of
   * the row, not the screen.
   */
  sizes?: string;
};

/**
 * An image that swaps itself for the 300x200 placeholder when it fails to load (public-site.md:
 * broken images are replaced by placeholder images). Also catches failures that happened before
 * hydration, when React's onError was not yet attached.
 *
 * An uploaded picture comes as a <picture>: a WebP <source> and an <img> in its own format, each with
 * the srcset of its variants (src/shared/image-variants.ts), so the browser fetches the size the
 * layout needs; width and height are the upload's, so the page keeps its place while it loads. A
 * picture fetched with high priority (a hero) is also preloaded from the <head>: the browser starts on
 * it before it has read the body (the server writes the <link rel="preload"> there: head.ts). Built-in pictures
 * (/images/...) stay plain <img>s.
 */
export function SmartImage({ src, alt, upload, sizes, width, height, ...rest }: SmartImageProps) {
  const [failed, setFailed] = useLoadFailed(src);
  const ref = useRef<HTMLImageElement>(null);
  // A failure before hydration fired no onError (React had not attached it yet): read it off the element.
  // Only the first address can have failed unheard; a later one's failure reaches onError.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [setFailed]);
  const sources = failed ? null : responsiveSources(src, upload);
  if (sources && rest.fetchPriority === "high") {
    // By its WebP srcset, with no href (a browser that reads imagesrcset picks from it).
    preloadImage(sources.webp, sizes);
  }
  const measured = sources && upload?.height ? { width: upload.width!, height: upload.height } : { width, height };
  const img = (
    <img
      ref={ref}
      src={failed ? PLACEHOLDER_IMAGE : src}
      srcSet={sources?.original}
      sizes={sources ? sizes : undefined}
      alt={alt}
      data-failed={failed ? "true" : undefined}
      onError={() => {
        if (!failed) setFailed(true);
      }}
      {...measured}
      {...rest}
    />
  );
  if (!sources) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
