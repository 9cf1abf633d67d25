import type { ContentState as GifState } from '@loopbox/pages';

export type { GifState };

/** Each content-policy state (apps/server/src/content-policy/) as a badge says it. */
export const GIF_STATE_LABELS: Record<GifState, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
  scheduled: 'Scheduled',
  in_review: 'In review (link works)',
  pending: 'Waiting for review',
  hidden: 'Hidden by moderators',
  deleted: 'Deleted',
  removed: 'Removed by moderators',
  taken_down: 'Taken down by staff',
};

/** How a state looks: the creator's own choice, waiting on someone, or a decision against the GIF. */
export function gifStateTone(state: GifState): 'own' | 'waiting' | 'refused' {
  if (state === 'pending' || state === 'in_review' || state === 'scheduled') return 'waiting';
  if (state === 'hidden' || state === 'deleted' || state === 'removed' || state === 'taken_down') return 'refused';
  return 'own';
}
