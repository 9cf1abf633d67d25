import type {
  ChannelJob,
  ChannelWithAncestors,
  FeedJobQueued,
  MagicTagQueued,
  MagicTagRemoved,
  Channel as WireChannel,
} from '@loopbox/contract/channels';
import { callBackend } from '../../shared/backend.ts';
import { LOGIN_CHECK_PATH, type LoginState } from '../../shared/login-state.ts';
import { asChannel, getJson } from '../channel/channel-api.ts';

/** A change made with the cookie session, through the site's one backend client (it adds the CSRF header): JSON, or a form. */
export const send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> =>
  callBackend<T>(method, path, body instanceof FormData ? { form: body } : body === undefined ? {} : { json: body });

/** The signed-in editor, as `/login/check` answers once `loggedInStatus` is true. */
export type { SignedInState as Me } from '@loopbox/contract/sessions';

export const whoAmI = () => getJson<LoginState>(LOGIN_CHECK_PATH);
export const myChannels = async () => (await getJson<{ data: WireChannel[] }>('/api/v4/channels?mine=true')).data.map(asChannel);
export const channelById = async (id: number) => asChannel((await getJson<{ data: ChannelWithAncestors }>(`/api/v4/channels/${id}`)).data);
export const jobReport = async (job: string) =>
  (await getJson<{ data: ChannelJob }>(`/api/v4/channels/retrieve-job/?job=${encodeURIComponent(job)}`)).data;

/** A change the backend handed to an update job (202): the answer names the job to follow. */
export type Queued = FeedJobQueued | MagicTagQueued | MagicTagRemoved;
