import { z } from 'zod';
import { User } from './accounts.ts';
import { enveloped, Gif, paged, Timestamp, type Wire } from './common.ts';

/** Stories: a creator's GIFs in order, each with a caption (SPEC 5, 7.4; apps/server/src/stories/README.md). */

/** A GIF in a story: GIPHY's object, with the fields the story pages read besides those `Gif` names. */
export const StoryGif = Gif.extend({ alt_text: z.string(), embed_url: z.string() });
export type StoryGif = Wire<typeof StoryGif>;

/** A story as listings show it: its cover GIF and how many GIFs it holds, not the GIFs themselves. */
export const StorySummary = z.strictObject({
  story_id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** The story's page on the site. */
  url: z.string(),
  /** The story in this API. */
  api_url: z.string(),
  /** `null` only when the author's account is gone. */
  user: User.nullable(),
  /** The chosen cover, else the first GIF the caller may see; `null` when there is none. */
  cover_gif: StoryGif.nullable(),
  /** The GIFs the caller may see (GIFs anyone may not open are shown only to those who may edit the story). */
  gif_count: z.number().int().min(0),
  is_published: z.boolean(),
  /** `null` while a draft. */
  published_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type StorySummary = Wire<typeof StorySummary>;

/** A story as its own answer shows it: with its GIFs in order, each with its caption. */
export const Story = StorySummary.extend({ gifs: z.array(z.strictObject({ caption: z.string(), gif: StoryGif })) });
export type Story = Wire<typeof Story>;

/** A story as the trending listing shows it: with the time it trends from. */
export const TrendingStory = StorySummary.extend({ trending: z.strictObject({ publish_datetime: Timestamp }) });
export type TrendingStory = Wire<typeof TrendingStory>;

export const StoryAnswer = enveloped(Story);
/** A listing: a user's stories (with `next_cursor` while there are more), the latest, or partner artists'. */
export const StoriesAnswer = paged(StorySummary);
export const TrendingStoriesAnswer = paged(TrendingStory);
export const TrendingAddedAnswer = enveloped(z.strictObject({ story_id: z.uuid(), publish_datetime: Timestamp }));
export const TrendingRemovedAnswer = enveloped(z.strictObject({ story_id: z.uuid(), trending: z.literal(false) }));
export const StoryDeletedAnswer = enveloped(z.strictObject({ story_id: z.uuid(), deleted: z.literal(true) }));
