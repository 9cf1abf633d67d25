import { callBackend } from '../../shared/backend.ts';

/** A waiting post as `GET /schedule` answers it (apps/server/src/scheduler/README.md). */
export interface ScheduledPost {
  id: string;
  publish_at: string;
  state: string;
  /** `stays_public`: a GIF left public while it waits (only its promotion is scheduled). */
  gifs: {
    id: string;
    is_sticker: boolean;
    type: string;
    stays_public?: boolean;
    gif: { title: string; images: Record<string, { url?: string } | undefined> } | null;
  }[];
}

export interface ActivityEntry {
  post_id: string;
  action: 'scheduled' | 'published' | 'cancelled' | 'failed';
  at: string;
  publish_at: string;
  gifs: string[];
  error?: string;
}

export const fetchSchedule = async (type: string) =>
  (await callBackend<{ data: ScheduledPost[] }>('GET', `/schedule?limit=100&type=${type}`)).data;
export const fetchActivity = async () => (await callBackend<{ data: ActivityEntry[] }>('GET', '/activity?limit=50')).data;
/** What a GIF that is public now does until the time (the scheduler asks whenever one is). */
export type PublicGifChoice = 'private_until_publish' | 'stay_public';
export const schedulePost = (gifs: { id: string; is_sticker: boolean; type: string }[], at: Date, publicGifs?: PublicGifChoice) =>
  callBackend('POST', '/schedule', { json: { gifs, timestamp: at.toISOString(), ...(publicGifs ? { public_gifs: publicGifs } : {}) } });
export const cancelPost = (id: string) => callBackend('DELETE', `/schedule/${id}`);
