import { useLoadFailed } from "../../../lib/load-failed";

export const PLACEHOLDER_IMAGE = "/images/placeholder.svg";

/** The preview of a thumbnail address; an address that fails to load shows the placeholder image. */
export function ThumbnailPreview({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useLoadFailed(src);
  return (
    <img
      src={broken ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      onError={() => setBroken(true)}
      data-testid="thumbnail-url-preview"
      data-broken={broken ? "true" : undefined}
      width={300}
      height={200}
      style={{
        maxWidth: "100%",
        height: "auto",
        aspectRatio: "3 / 2",
        objectFit: "cover",
        borderRadius: 8,
        border: "1px solid #e5e7eb",
        background: "#eef3f3",
        display: "block",
      }}
    />
  );
}
