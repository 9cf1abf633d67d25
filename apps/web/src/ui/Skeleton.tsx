/** A grey shape where content is on its way; hidden from assistive technology, which hears the busy region instead. */
export function Skeleton({ width = '100%', height = 16 }: { width?: number | string; height?: number | string }) {
  return <span className="lb-skeleton" aria-hidden="true" style={{ width, height }} />;
}

/** Lines of text on their way. */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  // Placeholders all alike: a line's key is its place.
  const keys = Array.from({ length: lines }, (_, n) => `line-${n}`);
  return (
    <div className="lb-skeleton-lines" aria-hidden="true">
      {keys.map((key, i) => (
        <Skeleton key={key} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}
