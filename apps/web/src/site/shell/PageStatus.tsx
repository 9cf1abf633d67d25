import type { ReactNode } from 'react';
import { SkeletonLines } from '../../ui/Skeleton.tsx';

/** The room a page keeps while it loads, so the footer does not jump up and back. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="lb-site-loading" role="status" aria-live="polite">
      <SkeletonLines lines={4} />
      <span className="lb-visually-hidden">{label}</span>
    </div>
  );
}

/** A load that failed, with a way to try again. */
export function PageFailed({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="lb-site-failed" role="alert">
      <p>{children}</p>
      {onRetry && (
        <button type="button" className="lb-button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
