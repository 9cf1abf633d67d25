import { asChannel, BackendError, getJson, type Channel } from '../channel/channel-api.ts';
import type { JobReport } from './job-polling.ts';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'X-CSRFToken';

const csrfToken = () => document.cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`))?.slice(CSRF_COOKIE.length + 1) ?? '';

/** A change made with the cookie session: JSON (or a form), with the CSRF header the edge and the service check. */
export async function send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: decodeURIComponent(csrfToken()) };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, credentials: 'same-origin', ...(payload !== undefined ? { body: payload } : {}) });
  const parsed = (await res.json().catch(() => null)) as (T & { meta?: { msg?: string }; field?: string }) | null;
  if (!res.ok || parsed === null) throw new BackendError(res.status, parsed?.meta?.msg ?? `HTTP ${res.status}`, parsed?.field);
  return parsed;
}

export interface Me {
  userID: number;
  user: { username: string; display_name: string };
  userType: string;
}

export const whoAmI = () => getJson<Me & { loggedInStatus: boolean }>('/login/check');
export const myChannels = async () => (await getJson<{ data: Channel[] }>('/api/v4/channels?mine=true')).data.map(asChannel);
export const channelById = async (id: number) => asChannel((await getJson<{ data: Channel }>(`/api/v4/channels/${id}`)).data);
export const jobReport = async (job: string) => (await getJson<{ data: JobReport }>(`/api/v4/channels/retrieve-job/?job=${encodeURIComponent(job)}`)).data;

/** An answer that queued an update job names it (202). */
export interface Queued {
  job?: string;
}
