/**
 * A GIF's state under the content policy, as the server names it (`state` in My GIFs and in the GIF
 * page's inline GIF; apps/server/src/content-policy/states.ts).
 */
export type GifState = 'public' | 'unlisted' | 'private' | 'scheduled' | 'pending' | 'hidden' | 'deleted' | 'removed' | 'taken_down';

export const GIF_STATE_LABELS: Record<GifState, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
  scheduled: 'Scheduled',
  pending: 'Waiting for review',
  hidden: 'Hidden by moderators',
  deleted: 'Deleted',
  removed: 'Removed by moderators',
  taken_down: 'Taken down by staff',
};

/** How a state looks: the creator's own choice, waiting on someone, or a decision against the GIF. */
export function gifStateTone(state: GifState): 'own' | 'waiting' | 'refused' {
  if (state === 'pending' || state === 'scheduled') return 'waiting';
  if (state === 'hidden' || state === 'deleted' || state === 'removed' || state === 'taken_down') return 'refused';
  return 'own';
}

/**
 * The server's notice ("Private: only you and staff can see this GIF.") without the state it opens
 * with, which the badge beside it already says; a notice without one is kept whole.
 */
export function noticeReason(notice: string): string {
  // A state is a few words ("Waiting for review", "Hidden by the moderators"), not a clause.
  const reason = /^(?:[^\s:.]+ ){0,3}[^\s:.]+:\s+(\S[\s\S]*)$/.exec(notice)?.[1];
  return reason ? reason.charAt(0).toUpperCase() + reason.slice(1) : notice;
}
