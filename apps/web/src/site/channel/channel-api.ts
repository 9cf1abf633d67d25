import { normalizeChannel, normalizeGif, type GifsResult, type IChannel } from '@loopbox/sdk';

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

/** A backend answer that is not 2xx, with the server's message (`meta.msg`) and the field it names. */
export class BackendError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A channel answer with its flags, user and featured GIF normalised as the provider client's are. */
export const asChannel = (channel: Channel): Channel => normalizeChannel(channel as Parameters<typeof normalizeChannel>[0]) as Channel;

/** GETs a backend path; a non-2xx answer throws a BackendError (SPEC 8: backend errors carry the parsed body). */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const body = (await res.json().catch(() => null)) as (T & { meta?: { msg?: string }; field?: string }) | null;
  if (!res.ok || body === null) throw new BackendError(res.status, body?.meta?.msg ?? `HTTP ${res.status}`, body?.field);
  return body;
}

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
  const page = await getJson<{ data: Parameters<typeof normalizeGif>[0][]; pagination: GifsResult['pagination']; meta: GifsResult['meta'] }>(`/api/v4/channels/${id}/feed/?offset=${offset}&limit=${limit}`);
  return { data: page.data.map((gif) => normalizeGif(gif)), pagination: page.pagination, meta: page.meta };
}

/** The site path of a channel's answer URL (the server knows whether a profile shadows its slug). */
export const channelHref = (channel: Pick<Channel, 'url'>) => new URL(channel.url, location.origin).pathname;
