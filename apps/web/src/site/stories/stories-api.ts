import { NO_USERNAME_MESSAGE } from '@loopbox/pages';
import { callBackend } from '../../shared/backend.ts';

/** Where the stories service answers (apps/server/src/stories/README.md). */
export const STORIES_API = '/api/v1/stories';

/** A GIF as the stories service shows it: GIPHY's wire object, the fields the pages read. */
export interface StoryGifWire {
  id: string;
  slug: string;
  title: string;
  alt_text: string;
  embed_url: string;
  images: Record<string, { url?: string; webp?: string; width: string; height: string } | undefined>;
}

export interface Story {
  story_id: string;
  slug: string;
  title: string;
  description: string;
  url: string;
  user: { username: string; display_name: string } | null;
  cover_gif: StoryGifWire | null;
  gifs?: { caption: string; gif: StoryGifWire }[];
  gif_count: number;
  is_published: boolean;
  published_at: string | null;
  updated_at: string;
  trending?: { publish_datetime: string };
}

const data = async <T>(path: string) => (await callBackend<{ data: T }>('GET', path)).data;

export const fetchTrendingStories = () => data<Story[]>(`${STORIES_API}/trending`);
export const fetchLatestStories = (limit = 25) => data<Story[]>(`${STORIES_API}/latest?limit=${limit}`);
export const fetchStoryBySlug = (slug: string) => data<Story>(`${STORIES_API}/slug/${encodeURIComponent(slug)}`);
export const fetchStory = (id: string) => data<Story>(`${STORIES_API}/${id}`);
/** A user's stories, drafts included for their author; without a username nothing is asked and SPEC 5's message is logged. */
export async function fetchUserStories(username: string | undefined): Promise<Story[]> {
  if (!username) {
    console.warn(NO_USERNAME_MESSAGE);
    return [];
  }
  return data<Story[]>(`${STORIES_API}?username=${encodeURIComponent(username)}&fetch_unpublished=true&limit=100`);
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

/** A GIF's picture for a card or a story: its fixed-width rendition, else the original. */
export function pictureOf(gif: StoryGifWire): { src: string; width: number; height: number } {
  const r = gif.images.fixed_width ?? gif.images.original;
  return { src: r?.webp || r?.url || '', width: Number(r?.width) || 200, height: Number(r?.height) || 200 };
}
