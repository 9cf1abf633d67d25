import { normalizeChannel, normalizeGif, type GifsResult, type IChannel } from '@loopbox/sdk';
import { BackendError, callBackend } from '../../shared/backend.ts';

/** A channel as the backend answers it (apps/server/src/channels/present.ts). */
export interface Channel extends IChannel {
  id: number;
  slug: string;
  url: string;
  display_name: string;
  description: string;
  banner_image: string;
  avatar_image: string;
  flush_uuid: string;
  user_id: number | null;
  is_visible: boolean;
  is_private: boolean;
  is_live: boolean;
  tags: { id: number; channel: number; tag: string; rank: number }[];
  syncable_tags: { id: number; channel: number; tag: string }[];
  ancestors?: Channel[];
}

/** A channel answer with its flags, user and featured GIF normalised as the provider client's are. */
export const asChannel = (channel: Channel): Channel => normalizeChannel(channel as Parameters<typeof normalizeChannel>[0]) as Channel;

/** GETs a backend path through the site's one backend client; a non-2xx answer throws its BackendError. */
export const getJson = <T>(path: string): Promise<T> => callBackend<T>('GET', path);

/** The channel with this slug, or null when there is none the visitor may see. */
export async function fetchChannelBySlug(slug: string): Promise<Channel | null> {
  try {
    return asChannel((await getJson<{ data: Channel }>(`/api/v4/channels?slug=${encodeURIComponent(slug)}`)).data);
  } catch (err) {
    if (err instanceof BackendError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export async function fetchChildren(id: number): Promise<Channel[]> {
  return (await getJson<{ data: Channel[] }>(`/api/v4/channels/${id}/children/`)).data.map(asChannel);
}

/** A page of a channel's feed, shaped as the widgets' paginator reads a public API page. */
export async function fetchFeed(id: number, offset: number, limit: number): Promise<GifsResult> {
  const page = await getJson<{
    data: Parameters<typeof normalizeGif>[0][];
    pagination: GifsResult['pagination'];
    meta: GifsResult['meta'];
  }>(`/api/v4/channels/${id}/feed/?offset=${offset}&limit=${limit}`);
  return { data: page.data.map((gif) => normalizeGif(gif)), pagination: page.pagination, meta: page.meta };
}

/** The site path of a channel's answer URL (the server knows whether a profile shadows its slug). */
export const channelHref = (channel: Pick<Channel, 'url'>) => new URL(channel.url, location.origin).pathname;
