import { callBackend } from '../../shared/backend.ts';
import { asChannel, getJson, type Channel } from '../channel/channel-api.ts';
import type { JobReport } from './job-polling.ts';

/** A change made with the cookie session, through the site's one backend client (it adds the CSRF header): JSON, or a form. */
export const send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> =>
  callBackend<T>(method, path, body instanceof FormData ? { form: body } : body === undefined ? {} : { json: body });

export interface Me {
  userID: number;
  user: { username: string; display_name: string };
  userType: string;
}

export const whoAmI = () => getJson<Me & { loggedInStatus: boolean }>('/login/check');
export const myChannels = async () => (await getJson<{ data: Channel[] }>('/api/v4/channels?mine=true')).data.map(asChannel);
export const channelById = async (id: number) => asChannel((await getJson<{ data: Channel }>(`/api/v4/channels/${id}`)).data);
export const jobReport = async (job: string) =>
  (await getJson<{ data: JobReport }>(`/api/v4/channels/retrieve-job/?job=${encodeURIComponent(job)}`)).data;

/** An answer that queued an update job names it (202). */
export interface Queued {
  job?: string;
}
