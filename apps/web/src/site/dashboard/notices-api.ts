import type { NoticesPage } from '@loopbox/contract/notices';
import { callBackend } from '../../shared/backend.ts';

/** A notice as GET /api/v1/notifications/ lists it, and a page of them with the unread count: the contract's types. */
export type { Notice, NoticesPage } from '@loopbox/contract/notices';

/** Told on the window whenever notices were marked read, so the header's count follows. */
export const NOTICES_CHANGED = 'loopbox:notices-changed';
const changed = () => window.dispatchEvent(new Event(NOTICES_CHANGED));

export const fetchNotices = (offset: number, limit = 25) =>
  callBackend<NoticesPage>('GET', `/api/v1/notifications/?offset=${offset}&limit=${limit}`);
export const markNoticeRead = (id: string) => callBackend('POST', `/api/v1/notifications/${encodeURIComponent(id)}/read/`).then(changed);
export const markAllNoticesRead = () => callBackend('POST', '/api/v1/notifications/read/').then(changed);
