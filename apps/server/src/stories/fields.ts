import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import { uuidField as storyId } from '../boundary/uuid.ts';
import { gifId } from '../http/params.ts';
import { intParam } from '../http/parse.ts';
import {
  CAPTION_MAX,
  DEFAULT_STORIES_LIMIT,
  DESCRIPTION_MAX,
  MAX_STORIES_LIMIT,
  PARTNER_ARTIST_LIMIT,
  STORY_MAX_GIFS,
  STORY_SLUG_PATTERN,
  TITLE_MAX,
  TRENDING_SORTS,
} from './constants.ts';

const oneLine = (name: string, max: number, min = 0) =>
  z
    .string({ error: `${name} must be text` })
    .transform(normaliseFreeText)
    .pipe(z.string().min(min, `${name} must not be empty`).max(max, `${name} must be at most ${max} characters`));
const slugField = z
  .string({ error: 'slug must be text' })
  .regex(STORY_SLUG_PATTERN, 'slug must be 2 to 100 lower-case letters, digits and inner dashes');
const timestamp = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time` }).transform((v) => new Date(v));

const StoryGif = z.object(
  { gif_id: gifId, caption: oneLine('caption', CAPTION_MAX).optional() },
  { error: 'each of gifs must be {gif_id, caption}' },
);

/** A story's fields as POST (create) and PUT send them; POST with a story_id sends any of them. */
export const StoryFields = z.object({
  title: oneLine('title', TITLE_MAX, 1),
  description: z
    .string({ error: 'description must be text' })
    .max(DESCRIPTION_MAX, `description must be at most ${DESCRIPTION_MAX} characters`)
    .optional(),
  slug: slugField.optional(),
  cover_gif_id: gifId.nullable().optional(),
  gifs: z
    .array(StoryGif, { error: 'gifs must be a list of {gif_id, caption}' })
    .max(STORY_MAX_GIFS, `a story holds at most ${STORY_MAX_GIFS} GIFs`),
  is_published: z.boolean({ error: 'is_published must be true or false' }).optional(),
});
export type StoryInput = z.infer<typeof StoryFields>;
export const StoryChanges = StoryFields.partial();
export type StoryChangeSet = z.infer<typeof StoryChanges>;
/** SPEC 5: a POST with a story_id updates that story, without one creates a story. */
export const StoryTarget = z.object({ story_id: storyId('story_id').optional() });
/** What POST takes, as the reference shows it: a new story's fields, or a story_id and the fields to change. */
export const StoryPost = z.union([StoryFields, StoryChanges.extend(StoryTarget.required().shape)]);

export const IdPath = z.object({ id: storyId('id') });
export const SlugPath = z.object({ slug: slugField });

export const UserStoriesQuery = z.object({
  username: z.string().max(40, 'username must be at most 40 characters').optional(),
  fetch_unpublished: z
    .enum(['true', 'false', '1', '0'], { error: 'fetch_unpublished must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  limit: intParam('limit', 1, MAX_STORIES_LIMIT, DEFAULT_STORIES_LIMIT),
  next_cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'next_cursor must be the next_cursor of the previous page')
    .optional(),
});
export const PartnerArtistQuery = z.object({
  limit: intParam('limit', 1, MAX_STORIES_LIMIT, PARTNER_ARTIST_LIMIT),
  since: timestamp('since').optional(),
  until: timestamp('until').optional(),
});
export const LatestQuery = z.object({ limit: intParam('limit', 1, MAX_STORIES_LIMIT, DEFAULT_STORIES_LIMIT) });
export const TrendingQuery = z.object({
  sort: z.enum(TRENDING_SORTS, { error: `sort must be one of ${TRENDING_SORTS.join(', ')}` }).optional(),
});
export const TrendingBody = z.object({ story_id: storyId('story_id'), publish_datetime: timestamp('publish_datetime') });
