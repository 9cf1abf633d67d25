import type { ActivityEntry, PublicGifChoice, ScheduledPost } from '@loopbox/contract/scheduler';
import { callBackend } from '../../shared/backend.ts';

export type { ActivityEntry, PublicGifChoice, ScheduledPost } from '@loopbox/contract/scheduler';

export const fetchSchedule = async (type: string) =>
  (await callBackend<{ data: ScheduledPost[] }>('GET', `/schedule?limit=100&type=${type}`)).data;
export const fetchActivity = async () => (await callBackend<{ data: ActivityEntry[] }>('GET', '/activity?limit=50')).data;
export const schedulePost = (gifs: { id: string; is_sticker: boolean; type: string }[], at: Date, publicGifs?: PublicGifChoice) =>
  callBackend('POST', '/schedule', { json: { gifs, timestamp: at.toISOString(), ...(publicGifs ? { public_gifs: publicGifs } : {}) } });
export const cancelPost = (id: string) => callBackend('DELETE', `/schedule/${id}`);
