export function Skeleton({ className = '', style }: { className?: string; style?: React.CSSProperties }) {
  return <span className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}

/** A card-shaped placeholder; the list announces loading once for all of them. */
export function CardSkeleton({ testId = 'card-skeleton' }: { testId?: string }) {
  return (
    <div className="card card--skeleton" data-testid={testId} aria-hidden="true">
      <Skeleton className="skeleton--photo" />
      <Skeleton className="skeleton--line" />
      <Skeleton className="skeleton--line skeleton--short" />
    </div>
  );
}
