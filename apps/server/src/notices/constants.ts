/** What a notice tells a creator about one of their GIFs (issue 31), each from one logged event. */
export { NOTICE_KINDS, type NoticeKind } from '@loopbox/contract/notices';

/** The logged events notices are derived from (store/events.ts): an upload committed, a decision (takedowns log one per GIF). */
export const NOTICE_EVENT_TYPES = ['gif.uploaded', 'gif.moderated'] as const;

/**
 * Why an upload was held, by the moderation state it was committed with. Any other held state (one
 * added later) is told with HELD_REASON_OTHER: every state but `none` and `approved` is a hold.
 */
export const HELD_REASONS: Readonly<Record<string, string>> = {
  pending: "The automatic content check (or this site's pre-moderation) held it for a moderator.",
  in_review:
    'Uploads from new accounts wait for a moderator before they reach search, trending and channels; it is open by its link meanwhile.',
};
export const HELD_REASON_OTHER = "It waits for a moderator's review.";
/** Moderation states an upload is not held in. */
export const NOT_HELD_STATES: readonly string[] = ['none', 'approved'];

/** Notices a page lists by default and at most. */
export const NOTICES_PAGE_DEFAULT = 25;
export const NOTICES_PAGE_MAX = 100;
/** Events read per batch when notices are rebuilt from the log. */
export const NOTICES_REPLAY_BATCH = 500;
