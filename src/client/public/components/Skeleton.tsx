/** Loading placeholders: `count` cards with a media block and a few lines (public-site.md section 4). */
export function CardSkeletons({ count, media = true, className = "grid grid--3", label }: { count: number; media?: boolean; className?: string; label: string }) {
  return (
    <div className={className} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div className="card" key={i} data-testid="skeleton">
          {media ? <div className="skeleton skeleton-media" /> : null}
          <div className="card-body">
            <div className="skeleton skeleton-title" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line" style={{ width: "80%" }} />
          </div>
        </div>
      ))}
    </div>
  );
}
