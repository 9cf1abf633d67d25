import type { JobState } from './use-job.ts';
import { formatCount, formatQuantity } from '../../ui/format.ts';

const counts = (progress: Record<string, unknown> | undefined) => {
  const added = Number(progress?.added ?? 0);
  const removed = Number(progress?.removed ?? 0);
  return (
    [added ? `${formatQuantity(added, 'GIF')} added` : '', removed ? `${formatCount(removed)} removed` : ''].filter(Boolean).join(', ') ||
    'no change to the feed'
  );
};

/** What an update job is doing, announced as it changes; past the last poll, a way to check again. */
export function JobNotice({ state, onCheckAgain }: { state: JobState; onCheckAgain: () => void }) {
  return (
    <div className="lb-editor__job" role="status" aria-live="polite">
      {state?.phase === 'working' && <p>Updating the feed… {state.report?.progress ? `(${counts(state.report.progress)} so far)` : ''}</p>}
      {state?.phase === 'done' && <p>Feed updated: {counts(state.report?.progress)}.</p>}
      {state?.phase === 'failed' && <p className="lb-editor__error">The update failed: {state.report?.error ?? 'unknown reason'}.</p>}
      {state?.phase === 'still-working' && (
        <p>
          Still working on it. This can take a while for big changes.{' '}
          <button type="button" className="lb-button" onClick={onCheckAgain}>
            Check again
          </button>
        </p>
      )}
    </div>
  );
}
