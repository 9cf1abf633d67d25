import type { GifState } from './states.ts';

/** Who is looking, as the content policy sees them (viewer.ts finds them from the request's principal). */
export const VIEWERS = ['anonymous', 'owner', 'moderator', 'staff'] as const;
export type Viewer = (typeof VIEWERS)[number];

/**
 * What a viewer gets of a GIF: `listed` (in listings, search, trending, related…, and by id),
 * `open` (by id and link only), or the status every door answers instead: 404 (the same answer as
 * an unknown id, so private and unknown cannot be told apart), 410 (hidden by the moderators) or 451
 * (taken down by staff for legal reasons).
 */
export type Access = 'listed' | 'open' | 404 | 410 | 451;

/**
 * The content policy: state × viewer. Every door (the public API, the backend's reads, the site's
 * pages and head tags, the embed, oEmbed, media files, the Tenor API, the imaging service) asks it
 * through access.ts; content-policy/matrix tests every cell through every door on both stores.
 */
export const GIF_POLICY: Record<GifState, Record<Viewer, Access>> = {
  public: { anonymous: 'listed', owner: 'listed', moderator: 'listed', staff: 'listed' },
  unlisted: { anonymous: 'open', owner: 'open', moderator: 'open', staff: 'open' },
  // Private means "you and staff": moderators see only what is waiting for them or hidden by them.
  private: { anonymous: 404, owner: 'open', moderator: 404, staff: 'open' },
  scheduled: { anonymous: 404, owner: 'open', moderator: 404, staff: 'open' },
  // A new account's GIF (uploads/trust.ts): shared by its link at once, listed once a moderator approves it.
  in_review: { anonymous: 'open', owner: 'open', moderator: 'open', staff: 'open' },
  pending: { anonymous: 404, owner: 'open', moderator: 'open', staff: 'open' },
  hidden: { anonymous: 410, owner: 'open', moderator: 'open', staff: 'open' },
  // Deleted by its owner: staff keep it for the retention period (a mistaken removal can be undone).
  deleted: { anonymous: 404, owner: 404, moderator: 404, staff: 'open' },
  removed: { anonymous: 404, owner: 404, moderator: 'open', staff: 'open' },
  taken_down: { anonymous: 451, owner: 451, moderator: 451, staff: 'open' },
};

/** Why others cannot see a GIF as its owner (or staff) does, shown beside its state on the site. */
export const STATE_NOTICES: Partial<Record<GifState, string>> = {
  unlisted: 'Only people with its link can see this GIF; it is left out of search and trending.',
  private: 'Only you and staff can see this GIF.',
  scheduled: 'Only you and staff can see this GIF until its post is published.',
  in_review:
    'Waiting for review: anyone with its link can see this GIF now; it joins search, trending and your profile once a moderator approves it.',
  pending: 'Others will see this GIF once a moderator approves it.',
  hidden: 'The moderators hid this GIF: others cannot see it.',
  deleted: 'Only staff can see this GIF until its files are deleted.',
  removed: 'The moderators removed this GIF: only they and staff can see it until its files are deleted.',
  taken_down: 'Staff took this GIF down: its files are served to nobody else.',
};
