import { NO_USERNAME_MESSAGE } from '@loopbox/pages';
import type { Story, StoryGif, StorySummary, TrendingStory } from '@loopbox/contract/stories';
import { callBackend } from '../../shared/backend.ts';

/** Where the stories service answers (apps/server/src/stories/README.md). */
export const STORIES_API = '/api/v1/stories';

export type { Story, StoryGif, StorySummary, TrendingStory } from '@loopbox/contract/stories';

const data = async <T>(path: string) => (await callBackend<{ data: T }>('GET', path)).data;

export const fetchTrendingStories = () => data<TrendingStory[]>(`${STORIES_API}/trending`);
export const fetchLatestStories = (limit = 25) => data<StorySummary[]>(`${STORIES_API}/latest?limit=${limit}`);
export const fetchStoryBySlug = (slug: string) => data<Story>(`${STORIES_API}/slug/${encodeURIComponent(slug)}`);
export const fetchStory = (id: string) => data<Story>(`${STORIES_API}/${id}`);
/** A user's stories, drafts included for their author; without a username nothing is asked and SPEC 5's message is logged. */
export async function fetchUserStories(username: string | undefined): Promise<StorySummary[]> {
  if (!username) {
    console.warn(NO_USERNAME_MESSAGE);
    return [];
  }
  return data<StorySummary[]>(`${STORIES_API}?username=${encodeURIComponent(username)}&fetch_unpublished=true&limit=100`);
}

/** What the editor saves: a new story (no id) or the one it edits. */
export interface StoryDraft {
  story_id?: string;
  title: string;
  description: string;
  cover_gif_id: string | null;
  gifs: { gif_id: string; caption: string }[];
  is_published: boolean;
}
export const saveStory = (draft: StoryDraft) => callBackend<{ data: Story }>('POST', STORIES_API, { json: draft }).then((r) => r.data);

/** GIPHY's renditions are loose in the contract: a field read from one is a string only when it is one. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** The first of the named renditions the GIF has. */
const renditionOf = (gif: StoryGif, ...names: string[]) => names.map((name) => gif.images[name]).find(Boolean);

/** A GIF's picture for a card or a story: its fixed-width rendition, else the original. */
export function pictureOf(gif: StoryGif): { src: string; width: number; height: number } {
  const r = renditionOf(gif, 'fixed_width', 'original');
  return { src: text(r?.webp) || text(r?.url), width: Number(r?.width) || 200, height: Number(r?.height) || 200 };
}

/** A GIF's small thumbnail (the editor's frames). */
export const thumbnailOf = (gif: StoryGif) => text(renditionOf(gif, 'fixed_width_small', 'fixed_width')?.url);
