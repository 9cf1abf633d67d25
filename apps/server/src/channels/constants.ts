/** Channel numbers and messages, named once (SPEC 3, 5, 7.2, 9). */

/** SPEC 5: fetching a channel's children without a parent id. */
export const CHILDREN_WITHOUT_PARENT_MESSAGE = "We cannot fetch a channel's children without its parent's id.";
/** SPEC 9: default feed page limit. */
export const DEFAULT_FEED_LIMIT = 25;
export const MAX_FEED_LIMIT = 100;
/** Channel slugs: an address on the site (`/{slug}`), the path grammar's pattern. */
export { CHANNEL_SLUG_PATTERN as SLUG_PATTERN } from '@loopbox/pages';
export const DISPLAY_NAME_MAX = 100;
export const DESCRIPTION_MAX = 2_000;
/** Tags as GIFs carry them: one line, lower case, at most this long. */
export const TAG_MAX = 50;
export const RANKED_TAGS_MAX = 50;
export const MAGIC_TAGS_MAX = 20;
/** A channel's children in one tree may not go deeper than this (a move refused past it). */
export const MAX_TREE_DEPTH = 8;
/** GIFs one add call may name; more than BULK_ADD_INLINE_MAX run as an update job. */
export const MAX_GIFS_PER_ADD = 500;
export const BULK_ADD_INLINE_MAX = 25;
/** A move whose subtree holds more channels than this flushes them in an update job. */
export const MOVE_INLINE_SUBTREE_MAX = 25;
/** How often every channel's magic tags are reconciled with the GIFs that now carry them. */
export const MAGIC_SWEEP_INTERVAL_MS = 10_000;
/** Banner and avatar pictures (multipart PATCH): accepted size, and the stored sizes. */
export const CHANNEL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_SIZE = { width: 1040, height: 260 } as const;
export const CHANNEL_AVATAR_SIZE = 200;
/** GIPHY's analytics event type for GIFs shown in a channel feed. */
export const FEED_EVENT_TYPE = 'GIF_CHANNEL';
/** Job kinds this domain runs (jobs/runner.ts), named in the job status answer. */
export {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_JOB_KINDS as JOB_KINDS,
  CHANNEL_TYPES,
  FEED_SOURCES,
  type ChannelContentType,
  type ChannelType,
  type FeedSource,
} from '@loopbox/contract/channels';
