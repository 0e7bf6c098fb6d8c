/** Loading placeholders: `count` cards with a media block and a few lines (public-site.md section 4). */
export function CardSkeletons({
  count,
  media = true,
  className = "grid grid--3",
  label,
}: {
  count: number;
  media?: boolean;
  className?: string;
  label: string;
}) {
  return (
    <div className={className} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders, a fixed number of them: nothing to tell apart
        <div className="card" key={i} data-testid="skeleton">
          {media ? <div className="skeleton skeleton-media" /> : null}
          <div className="card-body">
            <div className="skeleton skeleton-title" />
            <SkeletonLines count={2} lastWidth="80%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Loading lines of text: full width, the last one shorter (a paragraph's ragged end). */
export function SkeletonLines({ count, lastWidth = "70%" }: { count: number; lastWidth?: string }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical loading lines, a fixed number of them: nothing to tell apart
    <div key={i} className="skeleton skeleton-line" style={i === count - 1 ? { width: lastWidth } : undefined} />
  ));
}
