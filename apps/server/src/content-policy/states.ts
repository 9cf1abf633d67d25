import type { ContentState as GifState } from '@loopbox/pages';
import { sql } from 'kysely';

import type { ModerationState } from '@loopbox/contract/moderation';
import type { Visibility } from '@loopbox/contract/common';

export { VISIBILITIES, type Visibility } from '@loopbox/contract/common';

/** Who took a GIF away: its owner, a moderator's or staff's `remove` decision, or a staff takedown (legal). */
export const REMOVALS = ['owner', 'moderation', 'takedown'] as const;
export type Removal = (typeof REMOVALS)[number];

/**
 * A GIF's review (named in the contract): never reviewed; `in_review`, a new account's, waiting for its first
 * decision but open by link (uploads/trust.ts); `pending`, held by the NSFW check or pre-moderation; approved; hidden.
 */
export type { ModerationState } from '@loopbox/contract/moderation';

/** A GIF's one state as the content policy reads it (named in @loopbox/pages, which the staff console shares). */
export { CONTENT_STATES as GIF_STATES, type ContentState as GifState } from '@loopbox/pages';

/** The columns a GIF's state is read from. */
export interface StateColumns {
  visibility: Visibility;
  moderation_state: ModerationState;
  removal: Removal | null;
}

/**
 * The state, strongest first: a takedown outranks a removal, which outranks a moderator's hold,
 * which outranks what the owner chose. So a moderator's `hidden` holds whatever the owner sets the
 * visibility to, and staff's takedown whatever a moderator decides. A GIF in review keeps a
 * stricter choice of its owner's (private, scheduled): it is only in review where others could see it.
 */
export function gifStateOf(row: StateColumns): GifState {
  if (row.removal === 'takedown') return 'taken_down';
  if (row.removal === 'moderation') return 'removed';
  if (row.removal === 'owner') return 'deleted';
  if (row.moderation_state === 'hidden' || row.moderation_state === 'pending') return row.moderation_state;
  if (row.moderation_state === 'in_review' && (row.visibility === 'public' || row.visibility === 'unlisted')) return 'in_review';
  return row.visibility;
}

/** gifStateOf in SQL, over the GIF aliased `g` (tests/content-policy/states.test.ts holds the two equal on both stores). */
export const gifStateSql = sql<GifState>`(CASE
  WHEN g.removal = 'takedown' THEN 'taken_down'
  WHEN g.removal = 'moderation' THEN 'removed'
  WHEN g.removal = 'owner' THEN 'deleted'
  WHEN g.moderation_state IN ('hidden', 'pending') THEN g.moderation_state
  WHEN g.moderation_state = 'in_review' AND g.visibility IN ('public', 'unlisted') THEN 'in_review'
  ELSE g.visibility END)`;
