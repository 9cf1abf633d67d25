import { z } from 'zod';
import { User } from './accounts.ts';
import { countedPage, enveloped, Gif, Timestamp, type Wire } from './common.ts';

/** Channels: trees of curated feeds with ranked and magic tags, and the jobs that change them (SPEC 7.2, 9). */

export const CHANNEL_TYPES = ['community', 'editorial'] as const;
export const CHANNEL_CONTENT_TYPES = ['gif', 'sticker'] as const;
/** How a GIF came into a feed: added by a person, or brought by a magic tag. */
export const FEED_SOURCES = ['manual', 'magic'] as const;
/** Job kinds this domain runs (the server's jobs/runner.ts); the job status call names them. */
export const CHANNEL_JOB_KINDS = {
  magicSync: 'channel.magic_sync',
  magicSweep: 'channel.magic_sweep',
  bulkAdd: 'channel.bulk_add',
  flushSubtree: 'channel.flush_subtree',
} as const;
/** A job's state as the status call answers it (SPEC 4.6: polled until DONE); a queued job is PENDING. */
export const JOB_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export type ChannelContentType = (typeof CHANNEL_CONTENT_TYPES)[number];
export type FeedSource = (typeof FEED_SOURCES)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

const id = z.number().int().min(1);
const position = z.number().int().min(0);
const JobId = z.uuid();
const queued = z.literal('PENDING');

export const RankedTag = z.strictObject({ id, channel: id, tag: z.string(), rank: position });
export type RankedTag = Wire<typeof RankedTag>;
export const MagicTag = z.strictObject({ id, channel: id, tag: z.string() });
export type MagicTag = Wire<typeof MagicTag>;

/**
 * A channel as GIPHY's channel objects read: its ranked tags as `tags` and its magic tags as
 * `syncable_tags`, plus `flush_uuid` (new whenever what the channel shows changes) and `avatar_image`.
 */
export const Channel = z.strictObject({
  id,
  /** On the site: `/{slug}`, or `/channels/{slug}` when a public profile has the slug as its username. */
  url: z.string(),
  display_name: z.string(),
  short_display_name: z.string(),
  parent: id.nullable(),
  slug: z.string(),
  type: z.enum(CHANNEL_TYPES),
  content_type: z.enum(CHANNEL_CONTENT_TYPES),
  user_id: id.nullable(),
  /** The owner, when there is one and their profile is public. */
  user: User.optional(),
  /** Picture URLs; `''` when the channel has none. */
  banner_image: z.string(),
  avatar_image: z.string(),
  description: z.string(),
  metadata_description: z.string(),
  has_children: z.boolean(),
  is_visible: z.boolean(),
  is_private: z.boolean(),
  is_live: z.boolean(),
  /** Among its siblings, 0 first. */
  position,
  flush_uuid: z.uuid(),
  updated_at: Timestamp,
  featured_gif: Gif.nullable(),
  tags: z.array(RankedTag),
  syncable_tags: z.array(MagicTag),
  analytics_response_payload: z.string(),
});
export type Channel = Wire<typeof Channel>;

/** A breadcrumb above a channel, the root first. */
export const ChannelAncestor = z.strictObject({ id, slug: z.string(), display_name: z.string(), url: z.string() });
export type ChannelAncestor = Wire<typeof ChannelAncestor>;

/** A channel read alone (by id or slug): with the ancestors the caller may see. */
export const ChannelWithAncestors = Channel.extend({ ancestors: z.array(ChannelAncestor) });
export type ChannelWithAncestors = Wire<typeof ChannelWithAncestors>;

/** An update job of a channel: its state, progress counts and, when it failed, why. */
export const ChannelJob = z.strictObject({
  id: JobId,
  /** The same id, under the name the call that queued it used. */
  job: JobId,
  kind: z.enum(CHANNEL_JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  /** Counts so far, by kind: `added`, `removed`, `done`, `total`; a sweep's `after` is the last channel done. */
  progress: z.record(z.string(), z.number().int().min(0)),
  error: z.string().nullable(),
  attempts: z.number().int().min(0),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  /** The channel it changes (a sweep over every channel names none). */
  channel: id.optional(),
});
export type ChannelJob = Wire<typeof ChannelJob>;

/** Where a GIF is in a channel's feed. */
export const GifPlacement = z.strictObject({
  gif: z.string(),
  channel: id,
  position,
  source: z.enum(FEED_SOURCES),
  channel_slug: z.string(),
  channel_display_name: z.string(),
  channel_url: z.string(),
});
export type GifPlacement = Wire<typeof GifPlacement>;

/** A change handed to an update job (202): its id, to follow at /api/v4/channels/retrieve-job/. */
export const FeedJobQueued = z.strictObject({ channel: id, job: JobId, status: queued });
export const FeedChanged = z.strictObject({
  channel: id,
  added: z.array(z.string()),
  /** The one GIF moved to the position asked, when it was already in the feed. */
  moved: z.string().nullable(),
});
export const MagicTagQueued = MagicTag.extend({ job: JobId, status: queued });
export const MagicTagRemoved = z.strictObject({ id, channel: id, deleted: z.literal(true), job: JobId, status: queued });
/** A move answers the channel; one whose big subtree is flushed by a job adds it (202). */
export const ChannelMoved = Channel.extend({ job: JobId.optional(), job_status: queued.optional() });
export type ChannelMoved = Wire<typeof ChannelMoved>;
export type FeedJobQueued = Wire<typeof FeedJobQueued>;
export type MagicTagQueued = Wire<typeof MagicTagQueued>;
export type MagicTagRemoved = Wire<typeof MagicTagRemoved>;

export const ChannelAnswer = enveloped(Channel);
export const ChannelReadAnswer = enveloped(ChannelWithAncestors);
export const ChannelsAnswer = countedPage(Channel);
/** By `slug`: one channel with its ancestors; with `mine=true`: a page of your root channels. */
export const ChannelLookupAnswer = z.union([ChannelReadAnswer, ChannelsAnswer]);
export const ChannelMovedAnswer = enveloped(ChannelMoved);
export const ChannelFeedAnswer = countedPage(Gif).extend({
  /** The next page's cursor, while there is one. */
  next_cursor: z.string().optional(),
  channel: z.strictObject({ id, slug: z.string(), flush_uuid: z.uuid() }),
});
export type ChannelFeedAnswer = Wire<typeof ChannelFeedAnswer>;
export const GifPlacementsAnswer = countedPage(GifPlacement);
/** GIFs added or moved at once, or handed to a job when many. */
export const FeedAdded = z.union([FeedChanged, FeedJobQueued]);
export type FeedAdded = Wire<typeof FeedAdded>;
export const FeedAddAnswer = enveloped(FeedAdded);
export const FeedRemoveAnswer = enveloped(z.strictObject({ channel: id, removed: z.array(z.string()) }));
export const RankedTagAnswer = enveloped(RankedTag);
export const RankedTagRemovedAnswer = enveloped(z.strictObject({ id, channel: id, deleted: z.literal(true) }));
export const MagicTagQueuedAnswer = enveloped(MagicTagQueued);
export const MagicTagRemovedAnswer = enveloped(MagicTagRemoved);
export const ChannelJobAnswer = enveloped(ChannelJob);
