import { callBackend } from '../../shared/backend.ts';
import type { GifState } from '../display/gif-state.ts';

/** A notice as GET /api/v1/notifications/ lists it (apps/server/src/notices/routes.ts). */
export interface Notice {
  id: string;
  kind: 'held' | 'approved' | 'hidden' | 'rated' | 'removed' | 'restored' | 'taken_down';
  headline: string;
  reason: string;
  rating: string | null;
  gif: { id: string; title: string; state: GifState | null; url: string };
  created_at: string;
  read: boolean;
}

export interface NoticesPage {
  data: Notice[];
  pagination: { total_count: number; count: number; offset: number };
  unread: number;
}

/** Told on the window whenever notices were marked read, so the header's count follows. */
export const NOTICES_CHANGED = 'loopbox:notices-changed';
const changed = () => window.dispatchEvent(new Event(NOTICES_CHANGED));

export const fetchNotices = (offset: number, limit = 25) =>
  callBackend<NoticesPage>('GET', `/api/v1/notifications/?offset=${offset}&limit=${limit}`);
export const markNoticeRead = (id: string) => callBackend('POST', `/api/v1/notifications/${encodeURIComponent(id)}/read/`).then(changed);
export const markAllNoticesRead = () => callBackend('POST', '/api/v1/notifications/read/').then(changed);
