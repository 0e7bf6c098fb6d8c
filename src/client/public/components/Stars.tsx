import { useId } from "react";

/** A rating out of 5 with half stars when a half value occurs (public-site.md sections 3 and 9). */
export function Stars({ rating, label }: { rating: number; label: string }) {
  const value = Math.max(0, Math.min(5, Math.round(rating * 2) / 2));
  return (
    <span className="stars" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => {
        const fill = value >= i + 1 ? "full" : value >= i + 0.5 ? "half" : "empty";
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are the rating's fixed positions, not items of a list
        return <Star key={i} fill={fill} />;
      })}
    </span>
  );
}

function Star({ fill }: { fill: "full" | "half" | "empty" }) {
  const clipId = useId();
  const d = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z";
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-fill={fill}>
      {fill === "half" ? (
        <>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
          <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d={d} fill="currentColor" clipPath={`url(#${clipId})`} />
        </>
      ) : (
        <path d={d} fill={fill === "full" ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.5" />
      )}
    </svg>
  );
}
