/** A grey shape where content is on its way; hidden from assistive technology, which hears the busy region instead. */
export function Skeleton({ width = '100%', height = 16 }: { width?: number | string; height?: number | string }) {
  return <span className="lb-skeleton" aria-hidden="true" style={{ width, height }} />;
}

/** Lines of text on their way. */
export function SkeletonLines({ lines = 3 }: { lines?: number }) {
  return (
    <div className="lb-skeleton-lines" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders all alike, a line's place is all it has
        <Skeleton key={i} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}
