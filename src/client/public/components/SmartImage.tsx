import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { preload } from "react-dom";
import { responsiveSources, type UploadSize } from "../../../shared/image-variants";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

type SmartImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** The measured size of the upload at `src`, as the record carries it: an upload is then offered at its variants' widths. */
  upload?: UploadSize | null;
  /** How wide the picture is drawn at each screen width (src/client/public/image-sizes.ts). */
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
 * it before it has read the body (React hoists the <link rel="preload"> there). Built-in pictures
 * (/images/...) stay plain <img>s.
 */
export function SmartImage({ src, alt, upload, sizes, width, height, ...rest }: SmartImageProps) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    setFailed(false);
  }, [src]);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [src]);
  const sources = failed ? null : responsiveSources(src, upload);
  if (sources && rest.fetchPriority === "high") {
    preload(sources.smallest, { as: "image", type: "image/webp", imageSrcSet: sources.webp, imageSizes: sizes, fetchPriority: "high" });
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
