import type { ChannelAncestor, ChannelFeedAnswer, ChannelWithAncestors, Channel as WireChannel } from '@loopbox/contract/channels';
import { normalizeChannel, normalizeGif, type GifsResult, type IGif, type IUser } from '@loopbox/sdk';
import { BackendError, callBackend } from '../../shared/backend.ts';

/**
 * A channel as the site holds it: the backend's answer (`@loopbox/contract/channels`) after
 * `asChannel`, its owner and featured GIF normalised as the provider client's are (absent when none).
 */
export type Channel = Omit<WireChannel, 'user' | 'featured_gif'> & { user?: IUser; featured_gif?: IGif; ancestors?: ChannelAncestor[] };

export const asChannel = (channel: WireChannel | ChannelWithAncestors): Channel => normalizeChannel(channel) as Channel;

/** GETs a backend path through the site's one backend client; a non-2xx answer throws its BackendError. */
export const getJson = <T>(path: string): Promise<T> => callBackend<T>('GET', path);

/** The channel with this slug, or null when there is none the visitor may see. */
export async function fetchChannelBySlug(slug: string): Promise<Channel | null> {
  try {
    return asChannel((await getJson<{ data: ChannelWithAncestors }>(`/api/v4/channels?slug=${encodeURIComponent(slug)}`)).data);
  } catch (err) {
    if (err instanceof BackendError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export async function fetchChildren(id: number): Promise<Channel[]> {
  return (await getJson<{ data: WireChannel[] }>(`/api/v4/channels/${id}/children/`)).data.map(asChannel);
}

/** A page of a channel's feed, shaped as the widgets' paginator reads a public API page. */
export async function fetchFeed(id: number, offset: number, limit: number): Promise<GifsResult> {
  const page = await getJson<ChannelFeedAnswer>(`/api/v4/channels/${id}/feed/?offset=${offset}&limit=${limit}`);
  return {
    data: page.data.map((gif) => normalizeGif(gif)),
    pagination: page.pagination,
    meta: page.meta,
  };
}

/** The site path of a channel's answer URL (the server knows whether a profile shadows its slug). */
export const channelHref = (channel: Pick<Channel, 'url'>) => new URL(channel.url, location.origin).pathname;
