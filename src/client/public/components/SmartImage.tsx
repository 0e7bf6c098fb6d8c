import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/**
 * An image that swaps itself for the 300x200 placeholder when it fails to load (public-site.md:
 * broken images are replaced by placeholder images). Also catches failures that happened before
 * hydration, when React's onError was not yet attached.
 */
export function SmartImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    setFailed(false);
  }, [src]);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, [src]);
  return (
    <img
      ref={ref}
      src={failed ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      data-failed={failed ? "true" : undefined}
      onError={() => {
        if (!failed) setFailed(true);
      }}
      {...rest}
    />
  );
}
